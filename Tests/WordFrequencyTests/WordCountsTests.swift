import Testing
import WordFrequency

@Suite("Word counting")
struct WordCountsTests {
    @Test("Words are lower-cased letters and digits; punctuation separates them")
    func basicRules() {
        #expect(WordCounts.words(in: "The CAT, the cat; 42 cats!") == ["the", "cat", "the", "cat", "42", "cats"])
    }

    @Test("Apostrophes inside a word are kept, at its edges dropped")
    func apostrophes() {
        #expect(WordCounts.words(in: "Don't 'quote' the dogs' o\u{2019}clock") == ["don't", "quote", "the", "dogs", "o'clock"])
    }

    @Test("Non-Latin letters are words too")
    func unicode() {
        #expect(WordCounts.words(in: "Größe straße ÉTÉ Москва") == ["größe", "straße", "été", "москва"])
    }

    @Test("Top words: most frequent first, ties by first appearance")
    func ranking() {
        let counts = WordCounts(text: "b a c a b d")
        #expect(counts.top(3) == [WordCount(word: "b", count: 2), WordCount(word: "a", count: 2), WordCount(word: "c", count: 1)])
        #expect(counts.total == 6)
    }

    @Test("Stray punctuation is not a word")
    func noise() {
        #expect(WordCounts.words(in: "| — ' -- ...").isEmpty)
    }
}
