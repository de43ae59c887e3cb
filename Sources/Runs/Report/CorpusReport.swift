import Core
import Foundation
import TextComparison

/// The accuracy of a corpus (SPEC §20): the micro and macro rates, every page worst first,
/// and the most frequent character confusions. A value: the terminal text, the JSON and
/// the HTML page are all renderings of it.
public struct CorpusReport: Sendable, Equatable {
    /// The version of the JSON form; it changes when a field changes meaning or goes.
    public static let schemaVersion = 1

    /// What the report is of, as the user named it: the folders and images, or the JSON Lines.
    public var source: String
    /// The rates over the scored pages.
    public var accuracy: CorpusAccuracy
    /// The scored pages worst first (by character error rate, then word error rate, then in
    /// input order), then the pages without truth, the failed and the skipped in input order.
    public var pages: [CorpusPage]
    /// Every character confusion of the scored pages, the most frequent first.
    public var confusions: [CharacterConfusion]

    public init(source: String, entries: [CorpusEntry]) {
        self.source = source
        let pages = entries.map(CorpusPage.init)
        let scored = pages.enumerated().filter { $0.element.status == .scored }.sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.characterErrorRate != y.characterErrorRate { return x.characterErrorRate ?? 0 > y.characterErrorRate ?? 0 }
            if x.wordErrorRate != y.wordErrorRate { return x.wordErrorRate ?? 0 > y.wordErrorRate ?? 0 }
            return a.offset < b.offset
        }.map(\.element)
        self.pages = scored + pages.filter { $0.status != .scored }
        accuracy = CorpusAccuracy(scored.compactMap(\.counts))
        var confusions = ConfusionCounts()
        for page in scored { if let alignment = page.alignment { confusions.add(alignment.confusions) } }
        self.confusions = confusions.mostFrequent
    }

    /// The pages that have a status.
    public func count(_ status: CorpusPage.Status) -> Int { pages.count { $0.status == status } }

    /// The scored pages, worst first.
    public var scoredPages: ArraySlice<CorpusPage> { pages.prefix { $0.status == .scored } }
}

extension CorpusReport: Encodable {
    private enum CodingKeys: String, CodingKey { case schemaVersion, source, summary, pages, confusions }

    /// The rates and counts at the head of the JSON, rates to six decimals as `Accuracy` gives them.
    private struct Summary: Encodable {
        var pages: Int
        var scoredPages: Int
        var pagesWithoutTruth: Int
        var failedPages: Int
        var skippedPages: Int
        var characters: Int
        var characterErrors: Int
        var words: Int
        var wordErrors: Int
        var microCharacterErrorRate: Double
        var macroCharacterErrorRate: Double
        var microWordErrorRate: Double
        var macroWordErrorRate: Double
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(source, forKey: .source)
        let totals = accuracy.totals
        try container.encode(Summary(pages: pages.count, scoredPages: accuracy.pages, pagesWithoutTruth: count(.noTruth),
                                     failedPages: count(.failed), skippedPages: count(.skipped),
                                     characters: totals.characters, characterErrors: totals.characterErrors,
                                     words: totals.words, wordErrors: totals.wordErrors,
                                     microCharacterErrorRate: Accuracy.rounded(accuracy.microCharacterErrorRate),
                                     macroCharacterErrorRate: Accuracy.rounded(accuracy.macroCharacterErrorRate),
                                     microWordErrorRate: Accuracy.rounded(accuracy.microWordErrorRate),
                                     macroWordErrorRate: Accuracy.rounded(accuracy.macroWordErrorRate)),
                             forKey: .summary)
        try container.encode(pages, forKey: .pages)
        try container.encode(confusions, forKey: .confusions)
    }
}

extension CorpusReport {
    /// The report as one JSON document, indented, keys sorted: the same report gives the same bytes.
    public var jsonDocument: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Only a non-finite number fails to encode, and every rate is a finite quotient.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
            ?? #"{"error":"cannot encode the report as JSON"}"#
    }
}
