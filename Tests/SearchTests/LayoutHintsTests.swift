import Imaging
import Recognition
import Search
import Testing

@Suite("The engine's page segmentation as a candidate where the layout suggests it")
struct LayoutHintsTests {
    private func word(_ text: String, x: Int, y: Int, width: Int = 60, height: Int = 20) -> RecognizedWord {
        RecognizedWord(text: text, confidence: 90, box: BoundingBox(x: x, y: y, width: width, height: height), inDictionary: true)
    }

    /// Lines of a label at the left and, `gap` pixels further, an amount; the amounts read
    /// first, as a second block, as Tesseract's automatic mode reads such a page.
    private func receipt(rows: Int, gap: Int) -> RecognizedText {
        let labels = (0..<rows).flatMap { [word("Item", x: 10, y: 40 * $0), word("name", x: 80, y: 40 * $0 + 2)] }
        let amounts = (0..<rows).map { word("\($0 + 1).99", x: 140 + gap, y: 40 * $0 + 1, width: 50) }
        return RecognizedText(text: "", meanConfidence: 90, words: amounts + labels)
    }

    private let page = RGBImage(width: 800, height: 600, fill: RGBPixel(grey: 255))

    @Test("Rows of a label and an amount, whatever block they were read in, make psm 6 and psm 4 candidates")
    func labelsAndAmounts() throws {
        let hints = LayoutHints(image: page, reading: receipt(rows: 6, gap: 200))
        #expect(hints.labelAmountRows == 6 && hints.isLabelAmountList)
        let first = AutoCandidates.whereDetected(for: page, reading: receipt(rows: 6, gap: 200))
        #expect(first.prefix(2).map(\.description) == ["psm 6", "psm 4"])
    }

    @Test("Prose, amounts beside their words, and too few rows suggest nothing")
    func nothingSuggested() throws {
        #expect(LayoutHints(image: page, reading: receipt(rows: 6, gap: 5)).engineCandidates.isEmpty)
        #expect(LayoutHints(image: page, reading: receipt(rows: 2, gap: 200)).engineCandidates.isEmpty)
        let prose = (0..<20).flatMap { row in (0..<8).map { word("word", x: 10 + 70 * $0, y: 30 * row) } }
        let reading = RecognizedText(text: "", meanConfidence: 90, words: prose)
        #expect(LayoutHints(image: page, reading: reading).engineCandidates.isEmpty)
        #expect(AutoCandidates.whereDetected(for: page, reading: reading).allSatisfy { $0.engine.isDefault })
    }

    @Test("A strip of paper far taller than wide, with rows of words, is tried as one block")
    func narrowStrip() throws {
        let strip = RGBImage(width: 300, height: 900, fill: RGBPixel(grey: 255))
        let rows = (0..<10).flatMap { row in [word("Thank", x: 10, y: 40 * row), word("you", x: 80, y: 40 * row)] }
        let hints = LayoutHints(image: strip, reading: RecognizedText(text: "", meanConfidence: 90, words: rows))
        #expect(hints.isNarrow && hints.engineCandidates.first == EngineSettings(pageSegmentation: 6))
    }

    @Test("A reading in another segmentation is charged for words lost, never for their order")
    func orderNotCharged() throws {
        let original = receipt(rows: 6, gap: 200)
        var reordered = original
        reordered.words.reverse()
        #expect(ReadingAgreement(reordered, against: original).movedCharacters > 0)
        #expect(ReadingAgreement(reordered, against: original, countsOrder: false).movedCharacters == 0)
        var shorter = original
        shorter.words.removeLast(6)
        #expect(ReadingAgreement(shorter, against: original, countsOrder: false).lostCharacters > 0)
    }
}
