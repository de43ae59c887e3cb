import Core
import Foundation
import Imaging
import Recognition
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
        #expect(formatter.format(ImageRunner.Result(input: "c.png", outcome: .skipped)) == (nil, nil, nil))
    }
}
