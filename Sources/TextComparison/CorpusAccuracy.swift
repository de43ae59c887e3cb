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
        totals = pages.reduce(ErrorCounts(characterErrors: 0, characters: 0, wordErrors: 0, words: 0)) {
            ErrorCounts(characterErrors: $0.characterErrors + $1.characterErrors, characters: $0.characters + $1.characters,
                        wordErrors: $0.wordErrors + $1.wordErrors, words: $0.words + $1.words)
        }
        func mean(_ rate: (ErrorCounts) -> Double) -> Double {
            pages.isEmpty ? 0 : pages.map(rate).reduce(0, +) / Double(pages.count)
        }
        microCharacterErrorRate = pages.isEmpty ? 0 : totals.characterErrorRate
        microWordErrorRate = pages.isEmpty ? 0 : totals.wordErrorRate
        macroCharacterErrorRate = mean(\.characterErrorRate)
        macroWordErrorRate = mean(\.wordErrorRate)
    }
}
