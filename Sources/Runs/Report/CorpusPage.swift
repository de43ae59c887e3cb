import Core
import TextComparison

/// One page of a corpus report: how it was read against its truth, or why it was not scored.
public struct CorpusPage: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable, Codable {
        /// Read, with a truth: counted in the rates.
        case scored
        /// Read, but no truth was found: counted in no rate.
        case noTruth
        /// Could not be read: counted in no rate.
        case failed
        /// Left unread on purpose: counted in no rate.
        case skipped
    }

    public var image: String
    public var page: Int?
    public var script: String?
    public var status: Status
    /// The truth and the recognition aligned, for a scored page.
    public var alignment: TextAlignment?
    /// The counts of a scored page.
    public var counts: ErrorCounts?
    /// The recognition, normalised as scored, for a page read without a truth.
    public var unscoredText: String?
    /// Why a failed or skipped page was not read.
    public var reason: String?

    /// Scores `entry` against its truth, when it has one.
    public init(_ entry: CorpusEntry) {
        image = entry.image
        page = entry.page
        script = entry.script
        switch entry.outcome {
        case .read(let text):
            if let truth = entry.truth {
                let alignment = TextAlignment(truth: truth, recognized: text)
                self.alignment = alignment
                counts = ErrorCounts(alignment)
                status = .scored
            } else {
                unscoredText = Accuracy.normalized(text)
                status = .noTruth
            }
        case .failed(let message):
            (status, reason) = (.failed, message)
        case .skipped(let why):
            (status, reason) = (.skipped, why)
        }
    }

    /// The image with its page: `scan.pdf page 3`.
    public var name: String { page.map { "\(image) page \($0)" } ?? image }

    /// The recognition, normalised as scored; nil for a page not read.
    public var recognized: String? { alignment?.recognized ?? unscoredText }

    /// The character error rate, not rounded, of a scored page.
    public var characterErrorRate: Double? { counts?.characterErrorRate }
    public var wordErrorRate: Double? { counts?.wordErrorRate }
}

extension CorpusPage: Encodable {
    private enum CodingKeys: String, CodingKey {
        case image, page, script, status, reason, truth, text, alignment
        case characterErrors, characters, wordErrors, words, characterErrorRate, wordErrorRate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(image, forKey: .image)
        try container.encodeIfPresent(page, forKey: .page)
        try container.encodeIfPresent(script, forKey: .script)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(alignment?.truth, forKey: .truth)
        try container.encodeIfPresent(recognized, forKey: .text)
        try container.encodeIfPresent(alignment?.segments, forKey: .alignment)
        if let counts {
            try container.encode(counts.characterErrors, forKey: .characterErrors)
            try container.encode(counts.characters, forKey: .characters)
            try container.encode(counts.wordErrors, forKey: .wordErrors)
            try container.encode(counts.words, forKey: .words)
            try container.encode(Accuracy.rounded(counts.characterErrorRate), forKey: .characterErrorRate)
            try container.encode(Accuracy.rounded(counts.wordErrorRate), forKey: .wordErrorRate)
        }
    }
}
