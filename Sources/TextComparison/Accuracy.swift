import Foundation
import WordFrequency

/// How well a recognition reads a text whose truth is known.
///
/// Both texts are first normalised: Unicode NFC, every run of white space one space, the ends
/// trimmed. The character error rate is the Levenshtein distance between the two over Unicode
/// scalars, divided by the length of the truth; the word error rate the same over the words
/// separated by white space; word recall the share of the truth's words (as the top words
/// count them: letters and digits, lower case) that the recognition contains, each as often
/// as it occurs.
public struct Accuracy: Sendable, Equatable, Codable {
    public var characterErrorRate: Double
    public var wordErrorRate: Double
    public var wordRecall: Double

    public init(characterErrorRate: Double, wordErrorRate: Double, wordRecall: Double) {
        self.characterErrorRate = characterErrorRate
        self.wordErrorRate = wordErrorRate
        self.wordRecall = wordRecall
    }

    /// The accuracy of `recognized` against `truth`.
    public init(truth: String, recognized: String) {
        let (expected, actual) = (Self.normalized(truth), Self.normalized(recognized))
        let (truthScalars, readScalars) = (expected.unicodeScalars.map(\.value), actual.unicodeScalars.map(\.value))
        characterErrorRate = Self.rate(EditDistance.between(truthScalars, readScalars), of: truthScalars.count)
        let (truthWords, readWords) = (Self.tokens(expected), Self.tokens(actual))
        wordErrorRate = Self.rate(EditDistance.between(truthWords, readWords), of: truthWords.count)
        let truthCounts = Self.multiset(WordCounts.words(in: truth))
        let readCounts = Self.multiset(WordCounts.words(in: recognized))
        let found = truthCounts.reduce(0) { $0 + min($1.value, readCounts[$1.key, default: 0]) }
        let total = truthCounts.values.reduce(0, +)
        wordRecall = total == 0 ? (readCounts.isEmpty ? 1 : 0) : Self.rounded(Double(found) / Double(total))
    }

    /// NFC, white-space runs folded to one space, ends trimmed.
    public static func normalized(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The words of a normalised text: its runs between spaces.
    static func tokens(_ normalized: String) -> [String] {
        normalized.split(separator: " ").map(String.init)
    }

    private static func multiset(_ words: [String]) -> [String: Int] {
        words.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// `errors / length`, an empty truth counting as one, to six decimals.
    private static func rate(_ errors: Int, of length: Int) -> Double {
        rounded(exactRate(errors, of: length))
    }

    /// `errors / length`, an empty truth counting as one.
    static func exactRate(_ errors: Int, of length: Int) -> Double { Double(errors) / Double(max(1, length)) }

    /// `value` to six decimals, as every rate is reported.
    public static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
