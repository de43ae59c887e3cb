/// Error rates over many pages (SPEC §20). The micro rates weigh every character (or word)
/// alike: the sum of the pages' edit distances over the sum of their truths' lengths, as if
/// the pages were one text. The macro rates weigh every page alike: the mean of the pages'
/// own rates, which a short page with many errors pulls up. Pages without a truth are given
/// to neither.
public struct CorpusAccuracy: Sendable, Equatable, Codable {
    /// The pages scored: those with a truth.
    public var pages: Int
    /// The summed counts of those pages.
    public var totals: ErrorCounts
    /// Sum of character errors / sum of truth characters.
    public var microCharacterErrorRate: Double
    /// Mean of the pages' character error rates.
    public var macroCharacterErrorRate: Double
    /// Sum of word errors / sum of truth words.
    public var microWordErrorRate: Double
    /// Mean of the pages' word error rates.
    public var macroWordErrorRate: Double

    /// The rates of the pages counted by `pages`; with no pages, every rate is 0.
    public init(_ pages: [ErrorCounts]) {
        self.pages = pages.count
        let (characters, words) = (pages.map(\.characterCount), pages.map(\.wordCount))
        totals = ErrorCounts(characters: characters.total, words: words.total)
        microCharacterErrorRate = pages.isEmpty ? 0 : totals.characterErrorRate
        microWordErrorRate = pages.isEmpty ? 0 : totals.wordErrorRate
        macroCharacterErrorRate = characters.macroRate ?? 0
        macroWordErrorRate = words.macroRate ?? 0
    }
}
