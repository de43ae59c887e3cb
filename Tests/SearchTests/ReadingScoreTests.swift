import Recognition
import Search
import Testing

@Suite("Reading score: how well a recognition reads, without the truth")
struct ReadingScoreTests {
    private func reading(_ words: [(String, Double, Bool)]) -> RecognizedText {
        let box = BoundingBox(x: 0, y: 0, width: 10, height: 10)
        return RecognizedText(text: words.map(\.0).joined(separator: " "),
                              meanConfidence: words.isEmpty ? 0 : Int(words.map(\.1).reduce(0, +) / Double(words.count)),
                              words: words.map { RecognizedWord(text: $0.0, confidence: $0.1, box: box, inDictionary: $0.2) })
    }

    @Test("Reading less at a higher confidence does not win: the page read in full scores higher")
    func readingLessLoses() {
        let full = reading([("The", 85, true), ("total", 80, true), ("is", 90, true), ("4.50", 75, false),
                            ("for", 88, true), ("Whole", 70, true), ("milk", 72, true)])
        let half = reading([("The", 96, true), ("total", 95, true)])
        #expect(full.meanConfidence < half.meanConfidence)
        #expect(ReadingScore(full) > ReadingScore(half))
    }

    @Test("Noise read as text costs: the same words plus garbage score lower")
    func garbageCosts() {
        let clean = reading([("Harbor", 90, true), ("Road", 92, true)])
        let noisy = reading([("Harbor", 90, true), ("Road", 92, true), ("~:i;'", 30, false), ("l1|i", 25, false)])
        #expect(ReadingScore(noisy) < ReadingScore(clean))
        #expect(ReadingScore(reading([])).value == 0)
    }

    @Test("At equal confidence a dictionary word counts more than a number, a number more than a jumble")
    func shapes() {
        let dictionary = ReadingScore(reading([("market", 70, true)]))
        let number = ReadingScore(reading([("555142", 70, false)]))
        let jumble = ReadingScore(reading([("m4rk3t", 70, false)]))
        #expect(dictionary > number && number > jumble)
        #expect(dictionary.dictionaryCharacters == 6 && number.numberCharacters == 6 && jumble.otherCharacters == 6)
    }

    @Test("Specks read as text cost as an error rate counts them: a few more words do not pay for many more specks")
    func specksCost() {
        let words: [(String, Double, Bool)] = [("Buy", 90, true), ("batteries", 88, true), ("light", 85, true)]
        let specks: [(String, Double, Bool)] = [(".", 40, false), ("-", 35, false), ("ee", 30, true), (":", 45, false)]
        let fewer = reading(words + specks)
        let more = reading(words + [("bike", 80, true), ("lock", 80, true)] + specks + specks + specks)
        #expect(ReadingScore(more) < ReadingScore(fewer))
        // A sure short word is no speck.
        #expect(ReadingScore(reading([("of", 90, true)])).value > 0)
    }
}
