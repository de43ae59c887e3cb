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

@Suite("Stop words and session counts")
struct StopWordsTests {
    @Test("Stop words are left out when asked")
    func stopWords() {
        let counts = WordCounts(text: "The cat and the hat", ignoring: StopWords.english)
        #expect(counts.top(3) == [WordCount(word: "cat", count: 1), WordCount(word: "hat", count: 1)])
        #expect(WordCounts(text: "The cat and the hat").top(1) == [WordCount(word: "the", count: 2)])
    }

    @Test("Counts accumulate over recognitions, first appearances kept")
    func cumulative() {
        var session = WordCounts()
        session.add(WordCounts(text: "fox dog"))
        session.add(WordCounts(text: "dog cat dog"))
        #expect(session.top(3) == [WordCount(word: "dog", count: 3), WordCount(word: "fox", count: 1), WordCount(word: "cat", count: 1)])
    }

    @Test("Digits count as words; numbers split at punctuation")
    func digits() {
        #expect(WordCounts.words(in: "Total 12.50 (2x)") == ["total", "12", "50", "2x"])
    }
}
