/// Where `page` goes in the document shown: a page by its number (from 1, as PDF readers
/// count), or a step named by a word.
public enum PageMove: Sendable, Equatable {
    case number(Int)
    case next, previous

    /// The words `page` takes besides a number, in the order usage lists them: the parser,
    /// usage, help and completion all read them here. (The first page is `page 1`, and the
    /// prompt shows the last one's number.)
    public static let words: [(word: String, move: PageMove)] = [("next", .next), ("previous", .previous)]

    /// The move a word names (any case); nil for a word that is not one of `words`.
    public init?(word: String) {
        let lowered = word.lowercased()
        guard let move = Self.words.first(where: { $0.word == lowered })?.move else { return nil }
        self = move
    }

    /// The page this move leads to from page `current`; outside the document when there is
    /// no such page, which the session refuses.
    public func target(from current: Int) -> Int {
        switch self {
        case .number(let number): number
        case .next: current + 1
        case .previous: current - 1
        }
    }
}
