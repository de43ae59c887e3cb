/// How often one character of the truth was read as another, or lost, or added: a row of a
/// confusion table.
public struct CharacterConfusion: Sendable, Equatable, Codable {
    /// A character of the truth and what was read for it; an empty side is a character the
    /// other side lacks (shown as `∅`).
    public struct Pair: Sendable, Hashable {
        /// Empty for an insertion.
        public var truth: String
        /// Empty for a deletion.
        public var recognized: String

        public init(truth: String, recognized: String) {
            self.truth = truth
            self.recognized = recognized
        }
    }

    /// `substituted`, `deleted` (`recognized` is empty) or `inserted` (`truth` is empty).
    public var kind: AlignedSegment.Kind
    public var truth: String
    public var recognized: String
    public var count: Int

    public init(_ pair: Pair, count: Int) {
        truth = pair.truth
        recognized = pair.recognized
        kind = pair.truth.isEmpty ? .inserted : pair.recognized.isEmpty ? .deleted : .substituted
        self.count = count
    }

    /// What stands for a side that has no character, in tables.
    public static let nothing = "∅"
}

/// Character confusions counted over one page or many.
public struct ConfusionCounts: Sendable, Equatable {
    public private(set) var counts: [CharacterConfusion.Pair: Int] = [:]

    public init() {}

    public mutating func add(_ pair: CharacterConfusion.Pair, count: Int = 1) {
        counts[pair, default: 0] += count
    }

    public mutating func add(_ other: ConfusionCounts) {
        for (pair, count) in other.counts { add(pair, count: count) }
    }

    /// The total of every confusion: the character errors they came from.
    public var total: Int { counts.values.reduce(0, +) }

    /// Every confusion, the most frequent first; equal counts in the order of the truth's
    /// character, then the recognition's, so that the same counts give the same list.
    public var mostFrequent: [CharacterConfusion] {
        counts.map { CharacterConfusion($0.key, count: $0.value) }.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.truth != b.truth { return a.truth.unicodeScalars.lexicographicallyPrecedes(b.truth.unicodeScalars) }
            return a.recognized.unicodeScalars.lexicographicallyPrecedes(b.recognized.unicodeScalars)
        }
    }
}
