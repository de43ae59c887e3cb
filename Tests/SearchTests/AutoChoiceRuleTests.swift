import Imaging
import Recognition
import Reports
import Search
import Testing

/// The rule `--auto` chooses by (`AutoChoiceRule`), one test per clause of its doc comment.
@Suite("The automatic choice's rule")
struct AutoChoiceRuleTests {
    private static let original = FilterState()
    private static let median = FilterState.chain(FilterOperation(.median))
    private static let otsu = FilterState.chain(FilterOperation(.otsu))
    private static let sauvola = FilterState.chain(FilterOperation(.sauvola))

    private func candidate(_ filters: FilterState, score: Double, words: Int = 10, likely: Double = 0,
                           keepsTheText: Bool = true) -> AutoChoice.Candidate {
        AutoChoice.Candidate(filters: filters, score: score, wordCount: words, meanConfidence: 80, accuracy: nil,
                             seconds: 0, likelyCharacters: likely, keepsTheText: keepsTheText)
    }

    @Test("A candidate replaces the reference only by the required gain")
    func requiredGain() throws {
        let base = candidate(Self.original, score: 100)
        let short = candidate(Self.median, score: 100 * (1 + AutoChoiceRule.requiredGain) - 0.01)
        let enough = candidate(Self.otsu, score: 100 * (1 + AutoChoiceRule.requiredGain) + 0.01)
        #expect(AutoChoiceRule.choose([base, short])?.filters == Self.original)
        #expect(AutoChoiceRule.choose([base, short, enough])?.filters == Self.otsu)
    }

    @Test("Of equal scores the candidate tried first wins")
    func firstOfEquals() {
        let base = candidate(Self.original, score: 100)
        #expect(AutoChoiceRule.choose([base, candidate(Self.median, score: 120), candidate(Self.otsu, score: 120)])?.filters == Self.median)
    }

    @Test("The reference is the righted page once it is one: a candidate must beat it, not the original")
    func againstReference() {
        let righted = FilterState.chain(FilterOperation(.lighttext))
        let candidates = [candidate(Self.original, score: 50), candidate(righted, score: 100), candidate(Self.median, score: 101)]
        #expect(AutoChoiceRule.choose(candidates, over: righted)?.filters == righted)
        #expect(AutoChoiceRule.choose(candidates)?.filters == Self.median)
    }

    @Test("A reading of nothing is never chosen over a reading of something, whatever it scores")
    func readingOfNothing() {
        let base = candidate(Self.original, score: -5)
        let empty = candidate(Self.median, score: 0, words: 0)
        #expect(!AutoChoiceRule.mayReplace(base, with: empty))
        #expect(AutoChoiceRule.choose([base, empty])?.filters == Self.original)
    }

    @Test("A candidate that loses the text is not chosen, whatever it scores")
    func losesText() {
        let base = candidate(Self.original, score: 100)
        #expect(AutoChoiceRule.choose([base, candidate(Self.median, score: 500, keepsTheText: false)])?.filters == Self.original)
    }

    @Test("Where the reference reads more garbage than text, a garbled candidate is not chosen; one that reads text is")
    func garbled() {
        let base = candidate(Self.original, score: -50)
        let lessGarbage = candidate(Self.median, score: -1)
        let text = candidate(Self.otsu, score: 30)
        #expect(!AutoChoiceRule.mayReplace(base, with: lessGarbage))
        #expect(AutoChoiceRule.choose([base, lessGarbage])?.filters == Self.original)
        #expect(AutoChoiceRule.choose([base, lessGarbage, text])?.filters == Self.otsu)
    }

    @Test("When the reference read nothing, the candidate with the most characters likely right is chosen if it has the least reading")
    func pageReadAsNothing() {
        let base = candidate(Self.original, score: 0, words: 0)
        let few = candidate(Self.median, score: 30, likely: AutoChoiceRule.leastReading - 1)
        let more = candidate(Self.otsu, score: 10, likely: AutoChoiceRule.leastReading + 5)
        let most = candidate(Self.sauvola, score: 5, likely: AutoChoiceRule.leastReading + 20)
        #expect(AutoChoiceRule.choose([base, few])?.filters == Self.original)
        #expect(AutoChoiceRule.choose([base, few, more, most])?.filters == Self.sauvola)
        #expect(AutoChoiceRule.measure(most, over: base) == most.likelyCharacters)
        #expect(AutoChoiceRule.measure(most, over: candidate(Self.original, score: 1)) == most.score)
    }

    @Test("The finalists are the best sampled chains that read better than the base's sample at all, best first, ties in the order tried")
    func finalists() {
        let base = candidate(Self.original, score: 100)
        let sampled = [
            candidate(Self.median, score: 101),
            candidate(Self.otsu, score: 120),
            candidate(Self.sauvola, score: 101),
            candidate(.chain(FilterOperation(.erode)), score: 99),
            candidate(.chain(FilterOperation(.dilate)), score: 300, keepsTheText: false),
            candidate(.chain(FilterOperation(.contrast)), score: 300, words: 0),
        ]
        #expect(AutoChoiceRule.finalists(sampled, over: base, count: 2) == [Self.otsu, Self.median])
        #expect(AutoChoiceRule.finalists(sampled, over: base, count: 5) == [Self.otsu, Self.median, Self.sauvola])
        let nothing = candidate(Self.original, score: 0, words: 0)
        #expect(AutoChoiceRule.finalists([candidate(Self.median, score: 9, likely: AutoChoiceRule.leastReading + 1),
                                          candidate(Self.otsu, score: 90, likely: AutoChoiceRule.leastReading)],
                                         over: nothing, count: 2) == [Self.median], "judged by the characters likely right")
    }

    @Test("A filter promises only by the promise's margin, among the readings that may replace the page")
    func promises() {
        let page = candidate(Self.original, score: 100)
        let margin = 100 + AutoChoiceRule.promise * 100
        #expect(!AutoChoiceRule.promises(page, candidate(Self.median, score: margin)))
        #expect(AutoChoiceRule.promises(page, candidate(Self.median, score: margin + 0.01)))
        #expect(!AutoChoiceRule.promises(page, candidate(Self.median, score: 200, keepsTheText: false)))
        #expect(!AutoChoiceRule.promises(page, page))
    }

    @Test("The chain extended is the best that may replace the page, the first of equals")
    func bestToExtend() {
        let tried = [candidate(Self.original, score: 100), candidate(Self.median, score: 300, keepsTheText: false),
                     candidate(Self.otsu, score: 150), candidate(Self.sauvola, score: 150)]
        #expect(AutoChoiceRule.bestToExtend(tried)?.filters == Self.otsu)
        #expect(AutoChoiceRule.bestToExtend([]) == nil)
    }

    @Test("The search base is the last of the best righted renderings that read at least as well as the original")
    func searchBase() {
        let original = candidate(Self.original, score: 100)
        let turned = candidate(.chain(FilterOperation(.rotate)), score: 100)
        let cropped = candidate(.chain(FilterOperation(.borders)), score: 100)
        #expect(AutoChoiceRule.searchBase([turned, cropped], over: original) == 1)
        #expect(AutoChoiceRule.searchBase([candidate(Self.median, score: 99)], over: original) == nil)
        #expect(AutoChoiceRule.searchBase([], over: original) == nil)
    }

    @Test("A turn OSD is sure of is the reference when it reads as well as the original, which it need not beat by the gain")
    func sureTurn() {
        let original = candidate(Self.original, score: 100)
        let turn = candidate(.chain(FilterOperation(.rotate)), score: 100)
        #expect(AutoChoiceRule.reference([original, turn], original: original, sureTurn: nil) == Self.original)
        #expect(AutoChoiceRule.reference([original, turn], original: original, sureTurn: turn) == turn.filters)
        let worse = candidate(.chain(FilterOperation(.rotate)), score: 99)
        #expect(AutoChoiceRule.reference([original, worse], original: original, sureTurn: worse) == Self.original)
    }

    @Test("A candidate is weighed by its score less what it loses of the baseline's sure words")
    func weigh() {
        let box = BoundingBox(x: 0, y: 0, width: 8, height: 8)
        func reading(_ words: [String]) -> RecognizedText {
            RecognizedText(text: words.joined(separator: " "), meanConfidence: 90,
                           words: words.map { RecognizedWord(text: $0, confidence: 90, box: box, inDictionary: true) })
        }
        let baseline = reading(["harbour", "street", "library"])
        let alone = AutoChoiceRule.weigh(reading(["harbour"]), readWith: EngineSettings(), against: nil)
        let charged = AutoChoiceRule.weigh(reading(["harbour"]), readWith: EngineSettings(), against: baseline)
        #expect(alone.score - charged.score == ReadingAgreement(reading(["harbour"]), against: baseline).penalty)
        #expect(alone.keepsTheText && !charged.keepsTheText)
        #expect(alone.likelyCharacters == charged.likelyCharacters)
    }
}
