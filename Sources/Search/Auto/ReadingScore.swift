import Core
import Foundation
import Recognition

/// How well a recognition seems to read, judged without the truth: an estimate of the
/// characters read right, less a charge for the characters that look like garbage.
///
/// Tesseract's mean confidence alone rewards reading less: a filter that wipes out the
/// faint half of a page leaves the confident half and a higher mean. Here every word adds
/// its length weighted by how likely it is to be right, so reading more real words scores
/// higher, and every word that is likely wrong costs, so noise read as text scores lower.
/// How likely a word is right depends on its confidence and on what it looks like: a word
/// the language's dictionary knows is most likely right, a number next, and a string
/// mixing letters, digits and symbols least. A fragment of one or two characters read with
/// little confidence is most likely a speck, and costs as an error rate would count it.
public struct ReadingScore: Sendable, Equatable, Comparable {
    public let value: Double
    /// The characters likely read right, less the fragments' charge: the score without the
    /// charge for words likely wrong. Against a page read as nothing a wrong character costs no
    /// more than a missing one (an error rate counts a substitution as a deletion), so this is
    /// what a reading of such a page is judged by.
    public let likelyCharacters: Double
    /// Characters in words the dictionary knows, in words that look like numbers, and in the rest.
    public let dictionaryCharacters: Int
    public let numberCharacters: Int
    public let otherCharacters: Int

    /// What an unlikely character costs, against what a likely one earns.
    static let garbageCost = 0.6
    /// Below this confidence (0-100) a fragment of one or two characters is taken for noise.
    static let fragmentConfidence = 50.0

    public init(_ recognized: RecognizedText) {
        var value = 0.0
        var likely = 0.0
        var counts = (dictionary: 0, number: 0, other: 0)
        for word in recognized.words {
            let shape = WordShape(word.text, inDictionary: word.inDictionary)
            let length = Double(word.text.count)
            let confidence = min(1, max(0, word.confidence / 100))
            if shape != .number, word.confidence < Self.fragmentConfidence, WordShape.isFragment(word.text) {
                // Specks read as text: dots, dashes and stray letters of one or two characters,
                // at middling confidence (Tesseract's dictionary even knows `ee`). An error
                // rate counts each as inserted with its space, in full, so it is charged so;
                // at 0.6 a character they cost less than a short real word earns, and a filter
                // that read a few more words and many more specks won (CER 0.33 → 0.38).
                let likelihood = confidence * confidence * confidence
                let charge = (length + 1) * (likelihood - (1 - likelihood))
                value += charge
                likely += charge
                counts.other += word.text.count
                continue
            }
            let likelihood: Double
            switch shape {
            case .dictionary:
                likelihood = confidence.squareRoot()
                counts.dictionary += word.text.count
            case .number:
                likelihood = confidence
                counts.number += word.text.count
            case .letters:
                likelihood = confidence * confidence
                counts.other += word.text.count
            case .mixed:
                likelihood = confidence * confidence * confidence
                counts.other += word.text.count
            }
            value += length * (likelihood - Self.garbageCost * (1 - likelihood))
            likely += length * likelihood
        }
        self.value = value
        likelyCharacters = likely
        (dictionaryCharacters, numberCharacters, otherCharacters) = counts
    }

    public static func < (lhs: ReadingScore, rhs: ReadingScore) -> Bool { lhs.value < rhs.value }
}

/// What a recognised word looks like, for how much to trust it.
enum WordShape: Equatable {
    /// A word the dictionary knows.
    case dictionary
    /// Digits with the punctuation of prices, dates and times: `4.50`, `12/05`, `-3%`.
    case number
    /// Letters only, with punctuation around them: a name, or a word the dictionary lacks.
    case letters
    /// Anything else: letters mixed with digits or symbols, or symbols alone.
    case mixed

    /// At most two characters once the punctuation around it is gone (or none at all).
    static func isFragment(_ text: String) -> Bool {
        text.trimmingCharacters(in: .punctuationCharacters).count <= 2
    }

    init(_ text: String, inDictionary: Bool) {
        if inDictionary {
            self = .dictionary
            return
        }
        let core = text.trimmingCharacters(in: .punctuationCharacters)
        let hasDigit = core.contains(where: \.isNumber)
        let hasLetter = core.contains(where: \.isLetter)
        if hasDigit && !hasLetter && core.allSatisfy({ $0.isNumber || ".,:/-%$€£+x".contains($0) }) {
            self = .number
        } else if hasLetter && !hasDigit && core.allSatisfy({ $0.isLetter || "'’-".contains($0) }) {
            self = .letters
        } else {
            self = .mixed
        }
    }
}
