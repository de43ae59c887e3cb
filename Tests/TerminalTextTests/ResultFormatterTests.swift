import Core
import Foundation
import Imaging
import PageDocuments
import Recognition
import Reports
import Runs
import TerminalText
import Testing

@Suite("Result formats of ocr and batch")
struct ResultFormatterTests {
    private func recognized(_ input: String, _ text: String) -> ImageRunner.Result {
        let report = RecognitionReport(
            image: input, filters: FilterState(),
            recognized: RecognizedText(text: text, meanConfidence: 90, words: []), topWords: [], cached: false,
            timings: .init(decode: 1, filter: 0, ocr: 2), settings: RecognitionSettings(), size: .init(width: 4, height: 4))
        return ImageRunner.Result(input: input, outcome: .recognized(report))
    }

    @Test("Text: a header per image, a blank line between images, none before the first, even after an error")
    func headers() {
        var formatter = ResultFormatter(format: .text, headers: true)
        let failed = formatter.format(ImageRunner.Result(input: "bad.png", outcome: .failed("bad.png: no such file")))
        #expect(failed.output == nil && failed.error == "bad.png: no such file")
        #expect(formatter.format(recognized("a.png", "first\n")).output == "==> a.png <==\nfirst")
        #expect(formatter.format(recognized("b.png", "second\n\n")).output == "\n==> b.png <==\nsecond")
    }

    @Test("Text without headers is the text alone; no text, no line")
    func plainText() {
        var formatter = ResultFormatter(format: .text, headers: false)
        #expect(formatter.format(recognized("a.png", "words\n")).output == "words")
        #expect(formatter.format(recognized("b.png", "")).output == nil)
    }

    @Test("JSON Lines: a report per image, an error object in a failed one's place")
    func jsonLines() throws {
        var formatter = ResultFormatter(format: .jsonl, headers: true)
        let failed = formatter.format(ImageRunner.Result(input: "bad.png", outcome: .failed("bad.png: no such file")))
        #expect(failed.output == #"{"error":"bad.png: no such file","image":"bad.png"}"#)
        #expect(failed.error == "bad.png: no such file")
        let line = try #require(formatter.format(recognized("a.png", "hi\n")).output)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "hi\n" && object["image"] as? String == "a.png")
        #expect(formatter.format(ImageRunner.Result(input: "c.png", outcome: .skipped)) == (nil, nil, nil, nil))
    }

    private func kept(_ input: String, page: Int, _ reason: PagesWithText.KeptPage = .visibleText) -> ImageRunner.Result {
        ImageRunner.Result(input: input, page: page, outcome: .leftAsIs(reason))
    }

    @Test("A document whose pages all have visible text: one line once it has gone by, not one per page")
    func keptPagesSummarised() throws {
        var formatter = ResultFormatter(format: .document(.pdf), headers: false)
        for page in 1...36 {
            let lines = formatter.format(kept("scan.pdf", page: page))
            #expect(lines.earlier == nil && lines.note == nil && lines.error == nil && lines.output == nil, "page \(page)")
        }
        #expect(formatter.finish() == "scan.pdf: 36 of 36 pages have visible text of their own; "
            + "left as they are (--force-ocr recognises them again)")
        #expect(formatter.finish() == nil, "said once")
    }

    @Test("One page left as it is keeps its own line; the next input's lines come after it")
    func onePageKept() throws {
        var formatter = ResultFormatter(format: .text, headers: true)
        #expect(formatter.format(recognized("a.pdf", "one")).earlier == nil)
        #expect(formatter.format(kept("a.pdf", page: 2)).earlier == nil)
        let next = formatter.format(recognized("b.png", "two"))
        #expect(next.earlier == "a.pdf page 2: has visible text of its own; left as it is (--force-ocr recognises it again)")
        #expect(next.output == "\n==> b.png <==\ntwo")
        #expect(formatter.finish() == nil)
    }

    @Test("Each document and each reason is counted apart, and a document given twice twice")
    func keptPerDocumentAndReason() throws {
        var formatter = ResultFormatter(format: .text, headers: true)
        for page in 1...3 { _ = formatter.format(kept("a.pdf", page: page, page == 1 ? .earlierLayer : .visibleText)) }
        let b = formatter.format(kept("b.pdf", page: 1))
        #expect(b.earlier == "a.pdf page 1: has an earlier OCR layer; left as it is (--skip-text)\n"
            + "a.pdf: 2 of 3 pages have visible text of their own; left as they are (--force-ocr recognises them again)")
        _ = formatter.format(kept("b.pdf", page: 2))
        #expect(formatter.format(kept("b.pdf", page: 1)).earlier?.hasPrefix("b.pdf: 2 of 2 pages") == true)
        #expect(formatter.finish()?.hasPrefix("b.pdf page 1: ") == true)
    }

    @Test("JSON has a line per page left as it is, and no note")
    func keptInJSON() throws {
        var formatter = ResultFormatter(format: .jsonl, headers: false)
        for page in 1...3 {
            let lines = formatter.format(kept("scan.pdf", page: page))
            #expect(lines.output != nil && lines.earlier == nil && lines.note == nil)
        }
        #expect(formatter.finish() == nil)
    }
}
