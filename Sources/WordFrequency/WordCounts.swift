/// How often each word occurs, in order of first appearance.
///
/// Words are runs of Unicode letters and digits, with apostrophes kept inside a word
/// ("don't", "o'clock"), folded to lower case. Ties in frequency keep first-appearance
/// order, so the same text always gives the same ranking.
public struct WordCounts: Sendable, Equatable {
    private var counts: [String: Int] = [:]
    /// Words in the order they first appeared.
    private var order: [String] = []
    /// Words never counted, such as `StopWords.english`.
    public let ignoring: Set<String>

    public init(ignoring: Set<String> = []) {
        self.ignoring = ignoring
    }

    /// Counts the words of `text`.
    public init(text: String, ignoring: Set<String> = []) {
        self.ignoring = ignoring
        add(text)
    }

    /// Adds the words of `text` to these counts.
    public mutating func add(_ text: String) {
        for word in Self.words(in: text) where !ignoring.contains(word) {
            add(word, count: 1)
        }
    }

    /// Adds all counts of `other`, keeping this one's order for words both have seen.
    public mutating func add(_ other: WordCounts) {
        for word in other.order where !ignoring.contains(word) {
            add(word, count: other.counts[word, default: 0])
        }
    }

    private mutating func add(_ word: String, count: Int) {
        if counts[word] == nil { order.append(word) }
        counts[word, default: 0] += count
    }

    /// Total number of words counted.
    public var total: Int { counts.values.reduce(0, +) }

    public func count(of word: String) -> Int { counts[word.lowercased(), default: 0] }

    /// The `limit` most frequent words, most frequent first, ties by first appearance.
    public func top(_ limit: Int = 3) -> [WordCount] {
        let ranked = order.enumerated().sorted { lhs, rhs in
            let (left, right) = (counts[lhs.element]!, counts[rhs.element]!)
            return left != right ? left > right : lhs.offset < rhs.offset
        }
        return ranked.prefix(limit).map { WordCount(word: $0.element, count: counts[$0.element]!) }
    }

    /// The words of `text` as counted: lower-cased runs of letters and digits with inner
    /// apostrophes.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var pendingApostrophe = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingApostrophe { current.append("'") }
                pendingApostrophe = false
                current.append(character)
            } else if Self.apostrophes.contains(character), !current.isEmpty, !pendingApostrophe {
                pendingApostrophe = true
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                pendingApostrophe = false
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ASCII and typographic apostrophes, all counted as `'`.
    private static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{02BC}"]
}

/// A word and how many times it occurred.
public struct WordCount: Sendable, Equatable, Codable {
    public var word: String
    public var count: Int

    public init(word: String, count: Int) {
        self.word = word
        self.count = count
    }
}
