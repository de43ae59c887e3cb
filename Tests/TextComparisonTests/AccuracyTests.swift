import Testing
import TextComparison

@Suite("Accuracy against the truth")
struct AccuracyTests {
    @Test("The same text, whatever its white space, is perfect")
    func identical() {
        let accuracy = Accuracy(truth: "The quick\nbrown  fox.", recognized: "  The quick brown fox.\n\n")
        #expect(accuracy == Accuracy(characterErrorRate: 0, wordErrorRate: 0, wordRecall: 1))
    }

    @Test("Insertions, deletions and substitutions each cost one", arguments: [
        ("abcd", "abXcd", 0.25),  // one insertion
        ("abcd", "acd", 0.25),    // one deletion
        ("abcd", "abXd", 0.25),   // one substitution
        ("abcd", "dcba", 1.0),    // reversed: four substitutions, nothing shorter
        ("abcd", "abcdef", 0.5),  // two insertions at the end
        ("abcd", "", 1.0),
    ])
    func characterErrors(truth: String, recognized: String, rate: Double) {
        #expect(Accuracy(truth: truth, recognized: recognized).characterErrorRate == rate)
    }

    @Test("Word error rate counts whole words; recall counts the truth's words found")
    func words() {
        let accuracy = Accuracy(truth: "the cat sat on the mat", recognized: "the cat sat on a mat mat")
        // "the" → "a" is a substitution, the second "mat" an insertion: 2 of 6 words.
        #expect(accuracy.wordErrorRate == (2.0 / 6).rounded6)
        // Found: the (1 of 2), cat, sat, on, mat: 5 of 6.
        #expect(accuracy.wordRecall == (5.0 / 6).rounded6)
    }

    @Test("Unicode is compared after NFC: a composed and a decomposed é are the same")
    func unicode() {
        let composed = "caf\u{E9} na\u{EF}ve", decomposed = "cafe\u{301} nai\u{308}ve"
        #expect(Accuracy(truth: composed, recognized: decomposed).characterErrorRate == 0)
        #expect(Accuracy(truth: "日本語", recognized: "日本").characterErrorRate == (1.0 / 3).rounded6)
    }

    @Test("An empty truth: nothing read is perfect, anything read is an error per character")
    func emptyTruth() {
        #expect(Accuracy(truth: "", recognized: "") == Accuracy(characterErrorRate: 0, wordErrorRate: 0, wordRecall: 1))
        let noise = Accuracy(truth: " \n", recognized: "ab")
        #expect(noise.characterErrorRate == 2 && noise.wordErrorRate == 1 && noise.wordRecall == 0)
    }

    @Test("Edit distance on longer sequences", arguments: [("kitten", "sitting", 3), ("flaw", "lawn", 2), ("", "abc", 3)])
    func distance(source: String, target: String, distance: Int) {
        #expect(EditDistance.between(Array(source), Array(target)) == distance)
    }
}

extension Double {
    /// Rounded as `Accuracy` rounds its rates.
    var rounded6: Double { (self * 1_000_000).rounded() / 1_000_000 }
}
