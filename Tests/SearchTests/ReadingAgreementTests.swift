import Recognition
import Search
import Testing

@Suite("Reading agreement: what a candidate loses of the original's surest words")
struct ReadingAgreementTests {
    private func reading(_ text: String, confidence: Double = 90, inDictionary: Bool = true) -> RecognizedText {
        let box = BoundingBox(x: 0, y: 0, width: 10, height: 10)
        let words = text.split(separator: " ").map {
            RecognizedWord(text: String($0), confidence: confidence, box: box, inDictionary: inDictionary)
        }
        return RecognizedText(text: text, meanConfidence: Int(confidence), words: words)
    }

    private let original = "The new community garden behind the old fire station opened"

    @Test("Reading the same words in the same order costs nothing, punctuation and case aside")
    func same() {
        #expect(ReadingAgreement.penalty(reading("the NEW community, garden behind the old fire station opened."),
                                         against: reading(original)) == 0)
    }

    @Test("Each sure word no longer read costs its length and its space")
    func lost() {
        #expect(ReadingAgreement.penalty(reading("The new garden behind the old fire station opened"),
                                         against: reading(original)) == Double("community".count + 1))
    }

    @Test("A word read out of the original's order costs twice its length, as an error rate counts a move")
    func moved() {
        #expect(ReadingAgreement.penalty(reading("station The new community garden behind the old fire opened"),
                                         against: reading(original)) == Double(2 * ("station".count + 1)))
    }

    @Test("Unsure or short words of the original are not held against a candidate")
    func onlySureWords() {
        #expect(ReadingAgreement.penalty(reading(""), against: reading(original, confidence: 60)) == 0)
        #expect(ReadingAgreement.penalty(reading(""), against: reading("a to of it")) == 0)
    }

    @Test("A candidate that no longer reads a third of the original's sure words is not one to choose")
    func losesTheText() {
        let kept = ReadingAgreement(reading("The new community garden behind the old station"), against: reading(original))
        #expect(kept.keepsTheText)
        let lost = ReadingAgreement(reading("The new garden opened"), against: reading(original))
        #expect(!lost.keepsTheText, "\(lost)")
    }

    @Test("Sure words the dictionary lacks (another language's) count for keeping the text, not for the charge")
    func otherLanguage() {
        let french = reading("Phileas Fogg etait riche incontestablement mais comment avait fortune", inDictionary: false)
        let agreement = ReadingAgreement(reading("Phileas Fogg"), against: french)
        #expect(agreement.penalty == 0)
        #expect(!agreement.keepsTheText)
        let unsure = reading("Phileas Fogg etait riche incontestablement", confidence: 70, inDictionary: false)
        #expect(ReadingAgreement(reading(""), against: unsure).keepsTheText)
    }
}
