import Foundation
import WordFrequency

/// What the companion display shows: the top words of the latest recognition, as one flat
/// JSON object of property-list types (no nulls), like the application context an iOS app
/// hands to its watch.
public struct FeedSnapshot: Codable, Equatable, Sendable {
    /// Identifies the format; a reader refuses other schemas.
    public static let schemaName = "filterocr.topwords/1"

    public var schema: String = FeedSnapshot.schemaName
    /// Rises by one with every update of the feed file; the writer sets it.
    public var sequence = 0
    /// When the recognition finished, ISO-8601 UTC with milliseconds.
    public var updatedAt: String
    /// The image recognised, as the user named it.
    public var image: String
    /// `original` or the last filter chosen: `blur`, `binarize`, `sauvola` ...
    public var segment: String
    /// The operations that rendered the image, e.g. `["blur 25%", "blur 75%"]`.
    public var operations: [String]
    /// The same as the command script that leads to it (what `--ops` takes), e.g.
    /// `blur; 75%` or `greyscale; then sauvola`; absent in feeds of earlier versions.
    public var script: String?
    /// Up to three most frequent words of this recognition.
    public var topWords: [WordCount]
    /// Up to three most frequent words over every recognition since the session (or batch
    /// run) started.
    public var sessionTopWords: [WordCount]
    /// Words in this recognition.
    public var wordCount: Int
    /// Tesseract's mean confidence, 0-100.
    public var meanConfidence: Int
    /// Which command wrote the feed: `ocr`, `repl` or `batch`.
    public var source: String
    /// Against the truth, when it is known; absent otherwise (the feed has no nulls).
    public var characterErrorRate: Double?
    public var wordRecall: Double?

    public init(updatedAt: Date = Date(), image: String, segment: String, operations: [String], script: String? = nil,
                topWords: [WordCount], sessionTopWords: [WordCount], wordCount: Int, meanConfidence: Int,
                source: String, characterErrorRate: Double? = nil, wordRecall: Double? = nil) {
        self.updatedAt = Self.timestamp(updatedAt)
        self.image = image
        self.segment = segment
        self.operations = operations
        self.script = script
        self.topWords = topWords
        self.sessionTopWords = sessionTopWords
        self.wordCount = wordCount
        self.meanConfidence = meanConfidence
        self.source = source
        self.characterErrorRate = characterErrorRate
        self.wordRecall = wordRecall
    }

    /// The moment of the update, parsed back from `updatedAt`.
    public var updatedDate: Date? { try? Date(updatedAt, strategy: Self.timestampStyle) }

    static func timestamp(_ date: Date) -> String { timestampStyle.format(date) }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    /// Sorted keys and no escaped slashes: equal snapshots give equal bytes. Throws only for a
    /// rate that is not a finite number, which JSON cannot hold.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
