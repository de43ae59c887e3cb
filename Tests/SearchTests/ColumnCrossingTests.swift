import ImageCodec
import Imaging
import Recognition
import Search
import TestSupport
import Testing

/// Readings that run across a page's columns, told from those that read them apart.
@Suite("Readings across a page's columns")
struct ColumnCrossingTests {
    /// Two columns of `rows` lines, each of five words, 40 pixels apart.
    private func column(_ left: Int, row: Int) -> [RecognizedWord] {
        (0..<5).map { index in
            RecognizedWord(text: "word\(index)", confidence: 92, box: BoundingBox(x: left + 70 * index, y: 30 * row, width: 60, height: 20),
                           inDictionary: true)
        }
    }

    private func reading(_ lines: [[RecognizedWord]]) -> RecognizedText {
        RecognizedText(text: lines.map { $0.map(\.text).joined(separator: " ") }.joined(separator: "\n"), meanConfidence: 92,
                       words: lines.flatMap { $0 })
    }

    /// The two columns read line by line across the gutter.
    private func across(rows: Int) -> RecognizedText {
        reading((0..<rows).map { column(0, row: $0) + column(400, row: $0) })
    }

    /// The same words, the left column first.
    private func apart(rows: Int) -> RecognizedText {
        reading((0..<rows).map { column(0, row: $0) } + (0..<rows).map { column(400, row: $0) })
    }

    @Test("Lines that read both columns through one gutter read across; the columns one after the other do not")
    func acrossAndApart() {
        let crossing = ColumnCrossing(across(rows: 10))
        #expect(crossing.readsAcross && crossing.lines == 10)
        #expect(crossing.charge == Double(10 * 10 * 6), "each line's characters, each word with its space")
        #expect(!ColumnCrossing(apart(rows: 10)).readsAcross)
        #expect(ColumnCrossing(apart(rows: 10)).charge == 0)
    }

    @Test("A label and its amount, a few lines across, and gaps at different places are not columns")
    func notColumns() {
        let labels = reading((0..<10).map { row in
            column(0, row: row) + [RecognizedWord(text: "4.99", confidence: 90, box: BoundingBox(x: 700, y: 30 * row, width: 50, height: 20))]
        })
        #expect(!ColumnCrossing(labels).readsAcross)
        // A table's rows: three cells of three words, a wide gap between each two.
        let table = reading((0..<10).map { row in
            (0..<3).flatMap { cell in (0..<3).map { RecognizedWord(text: "cell", confidence: 92,
                box: BoundingBox(x: 300 * cell + 70 * $0, y: 30 * row, width: 60, height: 20)) } }
        })
        #expect(ColumnCrossing(table).lines == 0)
        #expect(!ColumnCrossing(reading((0..<3).map { column(0, row: $0) + column(400, row: $0) } + (3..<20).map { column(0, row: $0) }))
            .readsAcross)
        // Each line's gap further right than the last (3 to 8 words before it): no gutter more
        // than two of them share.
        let scattered = reading((0..<6).map { row in
            let before = (0..<(3 + row)).map { RecognizedWord(text: "word", confidence: 92, box: BoundingBox(x: 70 * $0, y: 30 * row, width: 60, height: 20)) }
            return before + column(70 * (3 + row) + 90, row: row)
        })
        #expect(ColumnCrossing(scattered).lines == 2)
        #expect(!ColumnCrossing(scattered).readsAcross)
    }

    @Test("The choice charges the reading across, and does not hold its order against the columns read apart")
    func choice() {
        let (interleaved, inOrder) = (across(rows: 12), apart(rows: 12))
        let original = AutoChoiceRule.weigh(interleaved, readWith: EngineSettings(), against: nil)
        let candidate = AutoChoiceRule.weigh(inOrder, readWith: EngineSettings(), against: interleaved)
        #expect(candidate.keepsTheText)
        #expect(candidate.score > original.score)
        #expect(candidate.score == ReadingScore(inOrder).value)
    }

    @Test("Tesseract's reading of a two-column page as one block reads across; its automatic layout does not")
    func realPage() throws {
        let page = try ImageFile.load(Paths.packageRoot + "/devcorpus/rendered/twocol_letter150_dejavusans.png")
        let engine = try TesseractEngine()
        let automatic = try engine.recognize(page.image, resolution: page.resolution)
        let block = try engine.recognize(page.image, resolution: page.resolution, engine: EngineSettings(pageSegmentation: 6), monitor: nil)
        #expect(!ColumnCrossing(automatic).readsAcross)
        let crossing = ColumnCrossing(block)
        #expect(crossing.readsAcross && crossing.lines >= 15, "\(crossing)")
    }
}
