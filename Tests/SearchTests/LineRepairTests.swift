import Imaging
import Recognition
import Search
import Testing

/// The pure parts of `--auto` by line: a reading cut into lines and put back, the judgement of
/// a line, the word-by-word vote, and the plan of crops within the budget.
@Suite("Reading once and repairing unsure lines")
struct LineRepairTests {
    private func word(_ text: String, _ confidence: Double = 95, x: Int = 0, y: Int = 0) -> RecognizedWord {
        RecognizedWord(text: text, confidence: confidence, box: BoundingBox(x: x, y: y, width: 10 * text.count, height: 20))
    }

    /// Two paragraphs as Tesseract writes them: a blank line between, a newline after each line.
    private var reading: RecognizedText {
        let words = [word("Flat", y: 10), word("white", 60, x: 50, y: 10), word("3.40", x: 120, y: 10),
                     word(" Chai", y: 40), word("latte", x: 50, y: 40), word("TOTAL", y: 100), word("7.35", x: 70, y: 100)]
        return RecognizedText(text: "Flat white 3.40\nChai latte\n\nTOTAL 7.35\n\n", meanConfidence: 90, words: words)
    }

    @Test("A reading is cut into its lines, a word with a space of its own included")
    func lines() throws {
        let lines = try #require(TextLines(reading))
        #expect(lines.lines.map(\.text) == ["Flat white 3.40", " Chai latte", "TOTAL 7.35"])
        #expect(lines.lines.map(\.row) == [0, 1, 3])
        #expect(lines.lines[0].box == BoundingBox(x: 0, y: 10, width: 160, height: 20))
    }

    @Test("A text whose words do not spell it is not cut")
    func mismatch() {
        var reading = reading
        reading.words.removeLast()
        #expect(TextLines(reading) == nil)
    }

    @Test("Putting back a line changes its row only, and nothing put back is the reading byte for byte")
    func replacing() throws {
        let lines = try #require(TextLines(reading))
        #expect(lines.replacing([:]) == reading)
        let mended = lines.replacing([0: [word("Flat"), word("white"), word("3.40")], 1: [word(" Chai"), word("latte")]])
        #expect(mended.text == "Flat white 3.40\nChai latte\n\nTOTAL 7.35\n\n")
        #expect(mended.words.count == reading.words.count)
        #expect(mended.meanConfidence == 95)
    }

    @Test("A line is unsure below the mean or the lowest confidence, or with a character noise reads as")
    func judgement() throws {
        let lines = try #require(TextLines(reading))
        #expect(LineJudgement.doubt(about: lines.lines[0]) == "mean confidence 83")
        #expect(LineJudgement.doubt(about: lines.lines[1]) == nil)
        let speck = TextLines.Line(words: [word("TOTAL"), word("|7.35")], row: 0)
        #expect(LineJudgement.doubt(about: speck) == "reads |")
        let low = TextLines.Line(words: [word("a", 99), word("b", 99), word("c", 99), word("d", 65)], row: 0)
        #expect(LineJudgement.doubt(about: low) == "a word at confidence 65")
    }

    @Test("The vote takes a word two readings agree on over the page's, and keeps a word one reading alone contests")
    func vote() {
        let page = LineVote.Reading(source: "page", words: [word("Einzelpreis", 90), word("FUR", 40), word("KASO02", 80)])
        let crops = [
            LineVote.Reading(source: "a", words: [word("Einzelpreis", 90, x: 1), word("EUR", 90, x: 2), word("KASO02", 80)]),
            LineVote.Reading(source: "b", words: [word("Einzelpreis", 90), word("EUR", 85, x: 3), word("KAS002", 70)]),
        ]
        let (words, from) = LineVote.combine([page] + crops)
        #expect(words.map(\.text) == ["Einzelpreis", "EUR", "KASO02"])
        #expect(words[1].box.x == 2, "the replaced word has the box of the first reading that voted for it")
        #expect(from == ["a"])
        #expect(LineVote.combine([page, crops[0]]).words.map(\.text) == ["Einzelpreis", "FUR", "KASO02"])
    }

    @Test("A crop's words are aligned by likeness: one read unlike the page's word votes for nothing")
    func alignment() {
        let frame = [word("$y"), word("DELPHIN")]
        let other = [word("BS"), word("occrun"), word("|")]
        #expect(LineVote.aligned(frame, other).isEmpty)
        let split = LineVote.aligned([word("wey"), word(".delphin-apo.de")], [word("wee"), word(".delphin-apo"), word(".de")])
        #expect(split.map(\.0) == [0, 1])
        #expect(split.map(\.1.text) == ["wee", ".delphin-apo"])
    }

    @Test("The plan reads the most doubtful lines first, each under all its renderings, within the budget")
    func plan() throws {
        let page = RGBImage(width: 400, height: 200, fill: .white)
        let lines = try #require(TextLines(reading))
        let doubts = lines.lines.map(LineJudgement.doubt(about:))
        let all = LineRepairPlan(lines: lines, doubts: ["a", "b", nil], page: page, budget: 100) { _, image in image }
        #expect(all.jobsByLine.map(\.line) == [0, 1])
        #expect(all.jobs.count == 2 * LineRenderings.renderings(lineHeight: 20).count)
        #expect(all.jobs.allSatisfy { $0.filters.engine.pageSegmentation == 7 })
        let one = LineRepairPlan(lines: lines, doubts: ["a", "b", nil], page: page, budget: all.cost * 0.6) { _, image in image }
        // Line 0 has the lower mean confidence (white at 60): it is read first.
        #expect(one.jobsByLine.map(\.line) == [0])
        #expect(LineRepairPlan(lines: lines, doubts: doubts, page: page, budget: 0) { _, image in image }.jobs.isEmpty)
    }

    @Test("A crop's words come back in the page's pixels, an enlarged crop's too")
    func pagePixels() throws {
        let page = RGBImage(width: 400, height: 200, fill: .white)
        let lines = try #require(TextLines(reading))
        let plan = LineRepairPlan(lines: lines, doubts: ["a", nil, nil], page: page, budget: 100) { filters, image in
            filters.operations.isEmpty ? image : RGBImage(width: image.width * 2, height: image.height * 2, fill: .white)
        }
        let plain = try #require(plan.jobs.first { $0.filters.operations.isEmpty })
        let enlarged = try #require(plan.jobs.first { !$0.filters.operations.isEmpty })
        let read = RecognizedWord(text: "x", confidence: 90, box: BoundingBox(x: 20, y: 8, width: 10, height: 10))
        let inPage = plain.inPagePixels([read])[0].box
        #expect(inPage == BoundingBox(x: plain.crop.x + 20, y: plain.crop.y + 8, width: 10, height: 10))
        let fromEnlarged = enlarged.inPagePixels([read])[0].box
        #expect(fromEnlarged == BoundingBox(x: enlarged.crop.x + 10, y: enlarged.crop.y + 4, width: 5, height: 5))
    }
}
