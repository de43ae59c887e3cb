import WordFrequency

/// What a filter changed in the recognised text: the words lost and gained against another
/// recognition (the original's), counted as the top words count words.
public struct WordChanges: Sendable, Equatable, Codable {
    /// How many of the first few words each list shows.
    public static let shownWords = 5

    public var lost: Int
    public var gained: Int
    /// The first few lost and gained words, in the order they appear.
    public var lostWords: [String]
    public var gainedWords: [String]

    /// The words of `current` that `reference` lacks, and the reverse, each as often as the
    /// one has it more than the other.
    public init(from reference: String, to current: String) {
        let before = WordCounts.words(in: reference), after = WordCounts.words(in: current)
        (lost, lostWords) = Self.missing(from: after, of: before)
        (gained, gainedWords) = Self.missing(from: before, of: after)
    }

    public var isEmpty: Bool { lost == 0 && gained == 0 }

    /// How many words of `words` are not in `other`, and the first few of them.
    private static func missing(from other: [String], of words: [String]) -> (Int, [String]) {
        var available = other.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        var missing: [String] = []
        for word in words {
            if let count = available[word], count > 0 {
                available[word] = count - 1
            } else {
                missing.append(word)
            }
        }
        return (missing.count, Array(missing.prefix(shownWords)))
    }
}

/// A word-level diff: the words of one text, with those another lacks marked removed and
/// those it adds marked added, by the longest common subsequence.
public enum WordDiff {
    public enum Edit: Sendable, Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The edits that turn the words (separated by white space) of `before` into `after`.
    public static func between(_ before: String, _ after: String) -> [Edit] {
        let old = before.split(whereSeparator: \.isWhitespace).map(String.init)
        let new = after.split(whereSeparator: \.isWhitespace).map(String.init)
        // common[i][j]: the longest common subsequence of old[i...] and new[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(.same(old[i]))
                (i, j) = (i + 1, j + 1)
            } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
                edits.append(.added(new[j]))
                j += 1
            } else {
                edits.append(.removed(old[i]))
                i += 1
            }
        }
        return edits
    }
}

extension WordDiff.Edit: Codable {
    private enum CodingKeys: String, CodingKey { case op, text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .text)
        switch try container.decode(String.self, forKey: .op) {
        case "removed": self = .removed(text)
        case "added": self = .added(text)
        default: self = .same(text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let (op, text): (String, String) = switch self {
        case .same(let text): ("same", text)
        case .removed(let text): ("removed", text)
        case .added(let text): ("added", text)
        }
        try container.encode(op, forKey: .op)
        try container.encode(text, forKey: .text)
    }
}
