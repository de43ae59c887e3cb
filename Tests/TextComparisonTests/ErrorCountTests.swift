import Testing
import TextComparison

@Suite("Error counts for a corpus's rates")
struct ErrorCountTests {
    @Test("A page's count gives the rate Accuracy gives it", arguments: [
        ("The quick\nbrown  fox.", "  The quick brown fox.\n"), ("abcd", "abXd"), ("abcd", ""), ("naïve café", "naive cafe"),
    ])
    func sameAsAccuracy(truth: String, recognized: String) {
        let count = ErrorCount(charactersOf: recognized, truth: truth)
        #expect((count.rate * 1_000_000).rounded() / 1_000_000 == Accuracy(truth: truth, recognized: recognized).characterErrorRate)
    }

    @Test("The corpus rate is micro (errors summed over lengths summed); the mean of the pages' rates is macro")
    func microAndMacro() {
        let pages = [ErrorCount(errors: 0, length: 10), ErrorCount(errors: 10, length: 100)]
        #expect(pages.total == ErrorCount(errors: 10, length: 110))
        #expect(pages.total.rate == 10.0 / 110)
        #expect(pages.macroRate == (0.0 + 0.1) / 2)
        #expect([ErrorCount]().macroRate == nil)
    }

    @Test("A page that read nothing has every character of its truth wrong")
    func nothingRead() {
        let count = ErrorCount(nothingReadOf: "two  words")
        #expect(count == ErrorCount(errors: 9, length: 9))
    }
}
