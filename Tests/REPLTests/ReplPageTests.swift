import Core
import CoreTestSupport
import Foundation
import Imaging
import REPL
import Recognition
import Reports
import TestSupport
import Testing
import TextComparison

/// The REPL driver over a two-page PDF, with a fake recognizer that reads each page's width:
/// page moves, what they keep and what they say.
@Suite("REPL driver: pages of a document")
struct ReplPageTests {
    private struct Run {
        let driver: ReplDriver
        /// Pages 20 and 24 pixels wide.
        let pdf: String
        /// An image, 28 pixels wide.
        let image: String
    }

    private func session() async throws -> Run {
        let folder = try Paths.temporaryDirectory()
        let images = try TestImages.files(widths: [20, 24, 28], in: folder)
        let pdf = folder + "/doc.pdf"
        try await TestDocuments.pdf(of: [images[0], images[1]], at: pdf)
        let pipeline = Pipeline(settings: RecognitionSettings(), recognizer: FakeRecognizer(), cacheBudget: 1 << 26)
        let driver = ReplDriver(pipeline: pipeline, images: [pdf, images[2]], seed: 7, publisher: nil, home: nil,
                                factory: { _ in FakeRecognizer() })
        return Run(driver: driver, pdf: pdf, image: images[2])
    }

    private func report(_ outputs: [ReplOutput]) throws -> RecognitionReport { try firstReport(outputs) }

    private func json(_ output: ReplOutput) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(JSONLines.line(output).utf8)) as? [String: Any])
    }

    private func refusal(_ outputs: [ReplOutput]) -> String? {
        guard case .refusal(let message)? = outputs.first?.content else { return nil }
        return message
    }

    @Test("page next shows page 2 with the filters of page 1; its report, status and the prompt say page 2 of 2")
    func pageNextKeepsTheFilters() async throws {
        let run = try await session()
        let first = try report(run.driver.start(with: run.pdf))
        #expect(first.page?.number == 1 && first.page?.count == 2)
        #expect(first.recognized.text.contains("size20"), "\(first.recognized.text)")
        #expect(run.driver.prompt == "doc.pdf p1/2 · original> ")
        _ = run.driver.handle("blur")
        let outputs = run.driver.handle("page next")
        let second = try report(outputs)
        #expect(second.page?.number == 2 && second.page?.count == 2)
        #expect(second.operations == [FilterOperation(.blur)], "the filters stay across the move")
        #expect(second.recognized.text.contains("size24"), "\(second.recognized.text)")
        #expect(run.driver.prompt == "doc.pdf p2/2 · blur> ")
        let object = try json(try #require(outputs.first))
        #expect(object["command"] as? String == "page" && object["page"] as? Int == 2 && object["pageCount"] as? Int == 2)

        let status = try #require(run.driver.handle("status").first)
        guard case .status(let value) = status.content else { Issue.record("got \(status.kind)"); return }
        #expect(value.image?.page == 2 && value.image?.pageCount == 2 && value.image?.width == 24)
        let image = try #require((try json(status))["status"] as? [String: Any])["image"] as? [String: Any]
        #expect(image?["page"] as? Int == 2 && image?["pageCount"] as? Int == 2)
    }

    @Test("After a page move, what the filters changed, and diff, are against that page's original")
    func changesAgainstThePagesOriginal() async throws {
        let run = try await session()
        let pageOne = try report(run.driver.start(with: run.pdf))
        _ = run.driver.handle("blur")
        let blurred = try report(run.driver.handle("page next"))
        let diff = try #require(run.driver.handle("diff").first)
        let original = try report(run.driver.handle("original"))
        #expect(original.page?.number == 2 && original.recognized.text.contains("size24"))
        #expect(original.cached, "recognised with the move, for the changes, so answered from the cache")
        let expected = WordChanges(from: original.recognized.text, to: blurred.recognized.text)
        #expect(blurred.changes == expected)
        #expect(expected != WordChanges(from: pageOne.recognized.text, to: blurred.recognized.text),
                "page 1's original would say otherwise")
        guard case .diff(let against, _, let changes) = diff.content else { Issue.record("got \(diff.kind)"); return }
        #expect(against == "original" && changes == expected)
    }

    @Test("A move the document has no page for, or any move on an image, is refused and changes nothing")
    func refusals() async throws {
        let run = try await session()
        _ = run.driver.start(with: run.image)
        #expect(refusal(run.driver.handle("page next")) == "w28.png has one page; page moves within a PDF or a multi-page TIFF")
        _ = run.driver.handle("open \(run.pdf)")
        _ = run.driver.handle("binarize")
        let prompt = run.driver.prompt
        #expect(refusal(run.driver.handle("page 3")) == "there is no page 3: doc.pdf has 2 pages")
        #expect(refusal(run.driver.handle("page previous")) == "there is no page before page 1 of doc.pdf")
        #expect(refusal(run.driver.handle("page 0"))?.hasPrefix("page takes a page number from 1") == true)
        #expect(run.driver.prompt == prompt && prompt == "doc.pdf p1/2 · binarize> ")
        #expect(run.driver.refusals == 4)
    }

    @Test("open starts a document at page 1 in the original, whatever page and filters were shown")
    func openStartsAtPageOne() async throws {
        let run = try await session()
        _ = run.driver.start(with: run.pdf)
        _ = run.driver.handle("page 2")
        _ = run.driver.handle("sauvola")
        let reopened = try report(run.driver.handle("open \(run.pdf)"))
        #expect(reopened.page?.number == 1 && reopened.operations.isEmpty)
        #expect(run.driver.prompt == "doc.pdf p1/2 · original> ")
    }

    @Test("With speculation, page next is read ahead with the filters kept, and answers as it does without")
    func pageNextReadAhead() async throws {
        let (plain, speculating) = await (try session(), try session())
        speculating.driver.startSpeculating(engines: 2, budget: 1 << 24)
        var pairs = [(try report(plain.driver.start(with: plain.pdf)), try report(speculating.driver.start(with: speculating.pdf)))]
        for line in ["binarize", "page next", "original", "page 1"] {
            speculating.driver.waitUntilPrepared()
            pairs.append((try report(plain.driver.handle(line)), try report(speculating.driver.handle(line))))
        }
        for (without, with) in pairs {
            #expect(with.page == without.page && with.filters == without.filters)
            #expect(with.recognized == without.recognized)
            #expect(with.changes == without.changes)
        }
        let moved = try #require(pairs.at(2)).1
        #expect(moved.page?.number == 2 && moved.prepared, "page next was prepared while page 1 was read")
        #expect(try #require(pairs.at(3)).1.cached, "its original came with it")
    }
}
