import Foundation
import Recognition
import Testing

/// A page whose lines were repaired, written to every text format: each format holds the
/// revised words in the revised line, found by its place, even when another line reads the same.
@Suite("Revised lines in the text formats")
struct LineRevisionTests {
    private func word(_ text: String, _ x: Int, _ y: Int, _ confidence: Double = 91) -> RecognizedWord {
        RecognizedWord(text: text, confidence: confidence, box: BoundingBox(x: x, y: y, width: 50, height: 20))
    }

    /// Three lines in two paragraphs; the second and third read the same letters.
    private var reading: RecognizedText {
        let words = [word("Title", 10, 10), word("Moder", 10, 50), word("burn", 70, 50), word("Moder", 10, 90),
                     word("burn", 70, 90)]
        func line(_ words: Range<Int>, _ y: Int) -> PageLayout.Line {
            PageLayout.Line(box: BoundingBox(x: 10, y: y, width: 110, height: 20), words: words)
        }
        let block = PageLayout.Block(kind: .text, box: BoundingBox(x: 10, y: 10, width: 110, height: 100), paragraphs: [
            PageLayout.Paragraph(box: BoundingBox(x: 10, y: 10, width: 50, height: 20), lines: [line(0..<1, 10)]),
            PageLayout.Paragraph(box: BoundingBox(x: 10, y: 50, width: 110, height: 60), lines: [line(1..<3, 50), line(3..<5, 90)]),
        ])
        return RecognizedText(text: "Title\n\nModer burn\nModer burn\n", meanConfidence: 91, words: words,
                              layout: PageLayout(width: 200, height: 120, resolution: 300, blocks: [block]))
    }

    /// The third line (index 2) put back as three words, one of them needing escapes.
    private var revision: LineRevision {
        let revised = [word("Modern", 10, 90, 95), word("burn", 70, 90), word("<&'>", 130, 90, 61)]
        let read = reading
        let lines = [Array(read.words[0..<1]), Array(read.words[1..<3]), revised]
        return LineRevision(replaced: [.init(index: 2, read: Array(read.words[3..<5]), revised: revised)], lines: lines)
    }

    private func written(_ recognized: RecognizedText, _ format: TesseractDocument.Format) throws -> String {
        let folder = NSTemporaryDirectory() + "/line-revision-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = try TesseractDocument(format: format, outputBase: folder + "/page")
        try document.begin(title: "page")
        try document.add(page: recognized, inputName: "page.png")
        try document.end()
        document.close()
        return try String(contentsOfFile: document.path, encoding: .utf8)
    }

    @Test("The revision replaces the line at its place, not the first line that reads the same")
    func appliedByPlace() throws {
        let revised = revision.applied(to: reading)
        #expect(revised.words.map(\.text) == ["Title", "Moder", "burn", "Modern", "burn", "<&'>"])
        let lines = try #require(revised.layout).lines.map(\.words)
        #expect(lines == [0..<1, 1..<3, 3..<6])
    }

    @Test("Every text format holds the revised words in the revised line, in order")
    func everyFormat() throws {
        let revised = revision.applied(to: reading)
        #expect(try written(revised, .txt) == "Title\n\nModer burn\nModern burn <&'>\n")
        let tsv = try written(revised, .tsv).split(separator: "\n").filter { $0.hasPrefix("5\t") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(tsv.map { "\($0[2]).\($0[3]).\($0[4]).\($0[5]) \($0[11])" }
            == ["1.1.1.1 Title", "1.2.1.1 Moder", "1.2.1.2 burn", "1.2.2.1 Modern", "1.2.2.2 burn", "1.2.2.3 <&'>"])
        let hocr = try written(revised, .hocr)
        let thirdLine = try #require(hocr.components(separatedBy: "id='line_1_3'").last)
        #expect(thirdLine.contains(">Modern</span>") && thirdLine.contains(">&lt;&amp;&#39;&gt;</span>"))
        #expect(!thirdLine.contains(">Moder</span>"))
        let alto = try written(revised, .alto)
        let altoLine = try #require(alto.components(separatedBy: "ID=\"line_1_3\"").last)
        #expect(altoLine.contains("CONTENT=\"Modern\"") && altoLine.contains("CONTENT=\"&lt;&amp;&#39;&gt;\""))
    }

    @Test("A reading whose lines are not the revision's is left as it is")
    func otherLines() {
        var other = reading
        other.layout?.blocks[0].paragraphs.removeLast()
        other.words.removeLast(4)
        #expect(revision.applied(to: other) == other)
    }

    @Test("A reading resampled keeps its layout in the page's pixels")
    func mappedLayout() throws {
        let mapped = reading.mapped(by: 2, 2, within: 400, 240)
        let layout = try #require(mapped.layout)
        #expect(layout.width == 400 && layout.height == 240 && layout.resolution == 600)
        #expect(layout.lines[1].box == BoundingBox(x: 20, y: 100, width: 220, height: 40))
        #expect(mapped.words[1].box == BoundingBox(x: 20, y: 100, width: 100, height: 40))
    }
}
