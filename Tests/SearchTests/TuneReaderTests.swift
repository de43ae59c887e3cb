import Core
import CoreTestSupport
import Foundation
import ImageCodec
import Imaging
import Search
import TestSupport
import Testing
import TextComparison

@Suite("tune's reader: each page under each recipe read once")
struct TuneReaderTests {
    /// Two grey pages with a dark bar each, their truths beside them, and a file that is no image.
    private func pages() throws -> [TunePage] {
        let folder = try Paths.temporaryDirectory()
        var pages = try [4, 9].map { offset in
            var image = RGBImage(width: 40, height: 20, fill: RGBPixel(grey: 190))
            for y in 6..<12 { for x in offset..<(offset + 20) { image[x, y] = RGBPixel(grey: 60) } }
            let path = "\(folder)/page-\(offset).png"
            try Data(try PNGEncoder.encode(image, resolution: 300)).write(to: URL(fileURLWithPath: path))
            return TunePage(input: path, truth: "common size40")
        }
        let broken = "\(folder)/broken.png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
        pages.append(TunePage(input: broken, truth: "anything"))
        return pages
    }

    @Test("A recipe read once is known afterwards, on every page, and reading it again costs no recognition")
    func readOnce() throws {
        let fake = FakeRecognizer()
        let reader = try TuneReader(pages: try pages(), settings: RecognitionSettings(), factory: fake.factory, store: nil,
                                    jobs: 2, isCancelled: { false })
        let binarize = TuneRecipe(links: try CommandScript("binarize").finalState().operations)
        var pagesRead = 0
        let counts = try #require(reader.read(binarize, pages: [0, 1]) { pagesRead += 1 })
        #expect(pagesRead == 2 && reader.recognitions == 2 && fake.calls.load(ordering: .relaxed) == 2)
        #expect(counts.keys.sorted() == [0, 1])
        #expect(reader.known(binarize, page: 1) == counts[1])
        #expect(reader.unknown(binarize, pages: [0, 1]) == 0 && reader.unknown(.original, pages: [0, 1]) == 2)
        #expect(reader.read(binarize, pages: [0, 1]) == counts)
        #expect(reader.recognitions == 2 && fake.calls.load(ordering: .relaxed) == 2)
    }

    @Test("A page that cannot be decoded reads nothing: every character of its truth is an error; check says why")
    func undecodable() throws {
        let reader = try TuneReader(pages: try pages(), settings: RecognitionSettings(), factory: FakeRecognizer().factory,
                                    store: nil, jobs: 1, isCancelled: { false })
        let counts = try #require(reader.read(.original, pages: [2]))
        #expect(counts[2] == ErrorCount(nothingReadOf: "anything"))
        #expect(reader.recognitions == 0)
        #expect(throws: (any Error).self) { try reader.check(2) }
        try reader.check(0)
    }

    @Test("Cancelled before it reads, it answers nil and recognises nothing")
    func cancelled() throws {
        let fake = FakeRecognizer()
        let reader = try TuneReader(pages: try pages(), settings: RecognitionSettings(), factory: fake.factory, store: nil,
                                    jobs: 2, isCancelled: { true })
        #expect(reader.read(.original, pages: [0, 1]) == nil)
        #expect(fake.calls.load(ordering: .relaxed) == 0)
    }
}
