import Core
import CoreTestSupport
import Dispatch
import Imaging
import Recognition
import Synchronization
import Testing

@Suite("One set of engines for many callers")
struct SharedEnginesTests {
    @Test("Callers on many threads at once each get the recognition of their own image")
    func concurrentCallers() async throws {
        let fake = FakeRecognizer(slowOddWidths: 3)
        let pool = try Engines(count: 2, settings: RecognitionSettings(), factory: fake.factory)
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

    @Test("Two batches on the same engines each get their own outputs, tagged, as they finish")
    func batchesShareEngines() async throws {
        let fake = FakeRecognizer()
        let pool = try Engines(count: 2, settings: RecognitionSettings(), factory: fake.factory)
        let first = pool.batch(of: String.self)
        let second = pool.batch(of: String.self)
        for width in 20..<26 {
            first.submit(width) { (try? $0.recognize(RGBImage(width: width, height: 8), resolution: nil).text) ?? "failed" }
            second.submit(width + 100) { _ in "second \(width)" }
        }
        #expect(first.inFlight == 6 && second.inFlight == 6)
        let firsts = first.all()
        #expect(firsts.map(\.tag).sorted() == Array(20..<26))
        #expect(firsts.allSatisfy { $0.output.hasSuffix("size\($0.tag)\n") })
        #expect(first.next() == nil, "nothing in flight: next does not wait")
        let seconds = second.all()
        #expect(seconds.map(\.tag).sorted() == Array(120..<126))
        #expect(seconds.allSatisfy { $0.output == "second \($0.tag - 100)" })
    }

    @Test("finishedNow gives what is done without waiting, and a waking batch calls back after each output")
    func finishedNow() async throws {
        let pool = try Engines(count: 1, settings: RecognitionSettings(), factory: FakeRecognizer().factory)
        let woken = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let batch = pool.batch(of: Int.self).waking { woken.signal() }
        batch.submit(1) { _ in 10 }
        batch.submit(2) { _ in
            gate.wait()
            return 20
        }
        #expect(await woken.signalled(within: 30))
        #expect(batch.finishedNow().map(\.output) == [10], "the held job is not waited for")
        #expect(batch.inFlight == 1)
        gate.signal()
        #expect(await woken.signalled(within: 30))
        #expect(batch.finishedNow().map(\.output) == [20])
        #expect(batch.inFlight == 0)
    }

    @Test("A thread's engine reads a batch's jobs as they are submitted, on the caller's thread")
    func engineBatchInline() async throws {
        let pool = try Engines(count: 1, settings: RecognitionSettings(), factory: FakeRecognizer().factory)
        let outputs = pool.perform { engine -> [Int] in
            let batch = engine.batch(of: Int.self)
            for tag in 0..<3 { batch.submit(tag) { $0.number * 10 + tag } }
            return batch.all().map(\.output)
        }
        #expect(outputs == [0, 1, 2])
    }

    @Test("exclusively lends one engine to the caller's thread while the others go on; a pool of one shared by sessions keeps no caller's page")
    func exclusively() async throws {
        let fake = FakeRecognizer()
        let pool = try Engines(count: 2, settings: RecognitionSettings(), factory: fake.factory)
        let other = DispatchSemaphore(value: 0)
        let text = try pool.exclusively { engine -> String in
            // The other engine still takes jobs while this one is lent.
            pool.batch(of: Int.self).submit(0) { _ in
                other.signal()
                return 0
            }
            // Inside the lent engine's body, on the caller's thread, which `exclusively` holds.
            #expect(other.wait(timeout: .now() + 30) == .success)
            return try engine.recognize(RGBImage(width: 31, height: 8), resolution: nil).text
        }
        #expect(text.hasSuffix("size31\n"))
    }
}
