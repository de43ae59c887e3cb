import Testing
import TextComparison

/// SPEC §20: micro rates from the pages' counts, macro rates from the pages' rates.
@Suite("Accuracy over a corpus")
struct CorpusAccuracyTests {
    @Test("Micro weighs every character alike, macro every page alike: a short bad page pulls macro up")
    func microAndMacro() throws {
        // A long page read well and a short page read badly.
        let long = ErrorCounts(truth: String(repeating: "abcdefghij ", count: 20), recognized:
            String(repeating: "abcdefghij ", count: 19) + "abcdefghiX")
        let short = ErrorCounts(truth: "cat", recognized: "cot")
        #expect(long.characterErrors == 1 && long.characters == 219)
        #expect(short.characterErrors == 1 && short.characters == 3)
        let corpus = CorpusAccuracy([long, short])
        #expect(corpus.pages == 2)
        #expect(corpus.totals.characterErrors == 2 && corpus.totals.characters == 222)
        #expect(corpus.microCharacterErrorRate == 2.0 / 222)
        #expect(corpus.macroCharacterErrorRate == (1.0 / 219 + 1.0 / 3) / 2)
        #expect(corpus.macroCharacterErrorRate > 10 * corpus.microCharacterErrorRate)
        // Words: 1 of 20 and 1 of 1.
        #expect(corpus.microWordErrorRate == 2.0 / 21)
        #expect(corpus.macroWordErrorRate == (1.0 / 20 + 1.0) / 2)
    }

    @Test("Micro comes from the raw counts, not from rounded page rates")
    func exactCounts() {
        // Each page's rate is 1/3, which Accuracy rounds to 0.333333.
        let pages = Array(repeating: ErrorCounts(truth: "abc", recognized: "abX"), count: 3)
        let corpus = CorpusAccuracy(pages)
        #expect(corpus.microCharacterErrorRate == 3.0 / 9)
        #expect(corpus.microCharacterErrorRate != Accuracy(truth: "abc", recognized: "abX").characterErrorRate)
    }

    @Test("A page's counts give the rates Accuracy gives it")
    func countsAgreeWithAccuracy() {
        let cases = [("The quick brown fox", "Tho quick brwn fox jumps"), ("", "noise"), ("café", "cafe\u{301}"), ("a b c", "")]
        for (truth, read) in cases {
            let counts = ErrorCounts(truth: truth, recognized: read), accuracy = Accuracy(truth: truth, recognized: read)
            #expect(Accuracy.rounded(counts.characterErrorRate) == accuracy.characterErrorRate, "\(truth) / \(read)")
            #expect(Accuracy.rounded(counts.wordErrorRate) == accuracy.wordErrorRate, "\(truth) / \(read)")
            #expect(ErrorCounts(TextAlignment(truth: truth, recognized: read)) == counts, "\(truth) / \(read)")
        }
    }

    @Test("No pages: no errors and every rate 0")
    func empty() {
        let corpus = CorpusAccuracy([])
        #expect(corpus.pages == 0 && corpus.totals.characters == 0)
        #expect([corpus.microCharacterErrorRate, corpus.macroCharacterErrorRate, corpus.microWordErrorRate,
                 corpus.macroWordErrorRate] == [0, 0, 0, 0])
    }
}
