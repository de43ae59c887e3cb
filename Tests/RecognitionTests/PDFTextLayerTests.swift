import Foundation
import Recognition
import TestSupport
import Testing

/// A searchable PDF's invisible text, written from filterocr's page model: where text
/// extraction finds each word, for pages no engine read as they are written (a repaired line).
@Suite("The text layer of a searchable PDF")
struct PDFTextLayerTests {
    /// A page of 600 × 300 pixels at 72 pixels an inch (a pixel a point), one block of `lines`.
    private func page(_ lines: [(words: [RecognizedWord], baseline: PageLayout.Baseline)]) -> RecognizedText {
        var words: [RecognizedWord] = []
        var layoutLines: [PageLayout.Line] = []
        for line in lines {
            let box = line.words.dropFirst().reduce(line.words[0].box) { box, word in
                BoundingBox(x: box.x, y: min(box.y, word.box.y), width: word.box.x + word.box.width - box.x,
                            height: max(box.y + box.height, word.box.y + word.box.height) - min(box.y, word.box.y))
            }
            layoutLines.append(PageLayout.Line(box: box, baseline: line.baseline, xHeight: 20,
                                               words: words.count..<(words.count + line.words.count)))
            words += line.words
        }
        let whole = BoundingBox(x: 0, y: 0, width: 600, height: 300)
        let layout = PageLayout(width: 600, height: 300, resolution: 72, blocks: [
            PageLayout.Block(kind: .text, box: whole, paragraphs: [PageLayout.Paragraph(box: whole, lines: layoutLines)]),
        ])
        return RecognizedText(text: "", meanConfidence: 90, words: words, layout: layout)
    }

    private func word(_ text: String, x: Int, y: Int, width: Int) -> RecognizedWord {
        RecognizedWord(text: text, confidence: 90, box: BoundingBox(x: x, y: y, width: width, height: 20))
    }

    /// The words text extraction finds in `recognized` written as a PDF of text alone.
    private func extracted(_ recognized: RecognizedText) async throws -> [(text: String, box: [Double])] {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = try TesseractDocument(format: .pdf, outputBase: folder + "/layer", textOnly: true)
        try document.begin(title: "layer")
        try document.add(page: recognized, inputName: nil)
        try document.end()
        document.close()
        let check = try await Command.run("/usr/bin/qpdf", ["--check", document.path])
        #expect(check.status == 0, "\(check.standardOutput)")
        return try await WrittenWords.pdf(document.path)
    }

    @Test("Words without baselines of their own (a repaired line's) sit on the line's baseline, each from its box's left")
    func repairedLine() async throws {
        let level = PageLayout.Baseline(x1: 100, y1: 200, x2: 500, y2: 200)
        let words = try await extracted(page([([word("ab", x: 100, y: 180, width: 100), word("cd", x: 300, y: 180, width: 60)], level)]))
        try #require(words.count == 2, "\(words)")
        #expect(words.map(\.text) == ["ab", "cd"])
        for (found, left) in zip(words, [100.0, 300]) {
            #expect(abs(found.box[0] - left) < 0.5, "\(found)")
            // On the baseline, a line's height above it.
            #expect(abs(found.box[3] - 200) < 1 && abs(found.box[1] - 180) < 1, "\(found)")
        }
        // Each word within its box: the first is followed by a space, squeezed into its box too.
        #expect(words[0].box[2] <= 200.5 && words[1].box[2] <= 360.5 && words[1].box[2] > 350, "\(words)")
    }

    @Test("A sloped line's words follow its baseline, and every line of a block is set on its own")
    func slopedLines() async throws {
        let sloped = PageLayout.Baseline(x1: 100, y1: 100, x2: 500, y2: 140)
        let words = try await extracted(page([
            ([word("rise", x: 100, y: 80, width: 80), word("up", x: 400, y: 110, width: 60)], sloped),
            ([word("flat", x: 100, y: 230, width: 80)], PageLayout.Baseline(x1: 100, y1: 250, x2: 180, y2: 250)),
        ]))
        try #require(words.count == 3, "\(words)")
        #expect(words.map(\.text) == ["rise", "up", "flat"])
        // "up" starts where its box's left meets the sloped baseline: 30 points lower than "rise".
        #expect(words[1].box[3] - words[0].box[3] > 20, "\(words)")
        // The next line starts on its own baseline (turned as the block's first line is).
        #expect(abs(words[2].box[0] - 100) < 1 && words[2].box[3] > 245 && words[2].box[3] < 262, "\(words)")
    }
}
