import Decisions
import Imaging
import Recognition
import Search
import Testing

/// The pure parts of `--auto-by learned`'s lines: the other readings' words placed on the chosen
/// reading's lines, their rectangles, and the words a choice makes of a line's readings.
@Suite("Lines chosen from readings on the page's own layout")
struct LineStageTests {
    private func word(_ text: String, _ confidence: Double = 90, x: Int, width: Int? = nil) -> RecognizedWord {
        RecognizedWord(text: text, confidence: confidence, box: BoundingBox(x: x, y: 100, width: width ?? 10 * text.count, height: 20))
    }

    @Test("A chosen line's words are cut at spaces and boxed around the words their letters came from")
    func wordsFromChoice() throws {
        // The page lost the first two letters; two renderings read them, their word a little wider.
        let readings = [[word("urdough", 95, x: 120), word("loaf", x: 200)],
                        [word("Sourdough", 80, x: 100, width: 92), word("loaf", x: 200)],
                        [word("Sourdough", 85, x: 101, width: 90), word("1oaf", x: 200)]]
        let lines = readings.enumerated().map { LineReading(source: "r\($0.offset)", recognized: $0.element) }
        let choice = try ColumnChooser().choose(lines)
        let words = LineStage.words(of: choice, from: readings, lines: lines)
        #expect(words.map(\.text) == ["Sourdough", "loaf"])
        // Its first letters from the surer rendering, the rest from the page, surer still.
        #expect(words[0].box.x == 101 && words[0].box.x + words[0].box.width == 191, "\(words[0].box)")
        // "loaf" was read whole by the page: it keeps the page's word as it was.
        #expect(words[1] == readings[0][1])
    }

    @Test("Only renderings that leave every pixel in place share the chosen reading's geometry")
    func sameGeometry() {
        let deskewed = FilterState.chain(FilterOperation(.deskew))
        #expect(CandidateLines.sameGeometry(deskewed, deskewed.then(FilterOperation(.median))))
        #expect(CandidateLines.sameGeometry(FilterState(), .chain(FilterOperation(.median), FilterOperation(.background))))
        #expect(!CandidateLines.sameGeometry(FilterState(), deskewed))
        #expect(!CandidateLines.sameGeometry(FilterState(), .chain(FilterOperation(.scale))))
    }

    @Test("Another reading's words go to the line whose rectangle holds their centre, the nearest where two do")
    func wordsOnLines() throws {
        func word(_ text: String, x: Int, y: Int) -> RecognizedWord {
            RecognizedWord(text: text, confidence: 90, box: BoundingBox(x: x, y: y, width: 40, height: 20))
        }
        let page = RecognizedText(text: "one two\nthree\n", meanConfidence: 90,
                                  words: [word("one", x: 0, y: 0), word("two", x: 50, y: 0), word("three", x: 0, y: 30)])
        let lines = try #require(TextLines(page)).lines
        let rectangles = LineRectangles.of(lines, width: 200, height: 100)
        let other = RecognizedText(text: "", meanConfidence: 80,
                                   words: [word("0ne", x: 1, y: 2), word("tw0", x: 51, y: 1), word("thr33", x: 2, y: 29),
                                           word("stray", x: 150, y: 80), word(" ", x: 0, y: 0)])
        let placed = CandidateLines.words(of: other, on: lines, rectangles: rectangles)
        #expect(placed.map { $0.map(\.text) } == [["0ne", "tw0"], ["thr33"]])
    }

    @Test("A line's rectangle has its margins and stays on the page")
    func rectangles() throws {
        let reading = RecognizedText(text: "edge\n", meanConfidence: 90,
                                     words: [RecognizedWord(text: "edge", confidence: 90, box: BoundingBox(x: 2, y: 3, width: 50, height: 20))])
        let lines = try #require(TextLines(reading))
        #expect(LineRectangles.of(lines.lines, width: 60, height: 100) == [BoundingBox(x: 0, y: 0, width: 60, height: 27)])
    }
}
