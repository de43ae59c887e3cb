import Core
import CoreTestSupport
import Dispatch
import Imaging
import Recognition
import Synchronization
import Testing

@Suite("One set of engines for many callers")
struct RecognizerPoolTests {
    @Test("Callers on many threads at once each get the recognition of their own image")
    func concurrentCallers() throws {
        let fake = FakeRecognizer(slowOddWidths: 3)
        let pool = try RecognizerPool(count: 2, settings: RecognitionSettings(), factory: fake.factory)
        let widths = Array(40..<72)
        let answers = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: widths.count) { index in
            let width = widths[index]
            let text = (try? pool.recognize(RGBImage(width: width, height: 8), resolution: nil).text) ?? "failed"
            answers.withLock { $0[width] = text }
        }
        let results = answers.withLock { $0 }
        #expect(results.count == widths.count)
        for width in widths {
            #expect(results[width]?.hasSuffix("size\(width)\n") == true, "width \(width): \(results[width] ?? "none")")
        }
        #expect(fake.calls.load(ordering: .relaxed) == widths.count)
    }

    @Test("A pool sharing the engines recognises through them, and keeps them when the first pool goes")
    func sharing() throws {
        let fake = FakeRecognizer()
        var first: RecognizerPool? = try RecognizerPool(count: 1, settings: RecognitionSettings(), factory: fake.factory)
        let shared = RecognizerPool(sharing: try #require(first))
        first = nil
        #expect(try shared.recognize(RGBImage(width: 33, height: 8), resolution: nil).text.hasSuffix("size33\n"))
        #expect(shared.count == 1)
    }
}
