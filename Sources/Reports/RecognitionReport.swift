import Foundation
import Imaging
import Recognition
import TextComparison
import WordFrequency

/// One recognition as filterocr reports it (`ocr --json`, `repl --json`, `batch`, the web).
public struct RecognitionReport: Sendable, Encodable {
    /// Milliseconds per stage.
    public struct Timings: Sendable, Encodable {
        public var decode: Double
        public var filter: Double
        public var ocr: Double
        public var total: Double
        /// Whether the recognition came from the result store (`ocr` is then the time to find it);
        /// for `--auto`, whether every candidate's did.
        public var stored = false

        /// - Parameter lookup: time spent otherwise, such as a cache lookup, counted in the total.
        public init(decode: Double, filter: Double, ocr: Double, lookup: Double = 0) {
            (self.decode, self.filter, self.ocr) = (decode, filter, ocr)
            total = Milliseconds.round(decode + filter + ocr + lookup)
        }

        private enum CodingKeys: String, CodingKey { case decode, filter, ocr, total, stored }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(decode, forKey: .decode)
            try container.encode(filter, forKey: .filter)
            try container.encode(ocr, forKey: .ocr)
            try container.encode(total, forKey: .total)
            if stored { try container.encode(stored, forKey: .stored) }
        }

        /// Counts `milliseconds` spent waiting for a recognition made elsewhere (one being
        /// prepared) as recognition time.
        package mutating func addWait(_ milliseconds: Double) {
            ocr = Milliseconds.round(ocr + milliseconds)
            total = Milliseconds.round(total + milliseconds)
        }
    }

    /// A document's page as reports give it: `"page": 3` and, for a PDF page with text of its
    /// own, `"textLayer"`.
    public struct Page: Sendable, Equatable {
        /// From 1.
        public var number: Int
        public var count: Int
        /// The page's own text before recognition: `visible` (born digital) or `invisible`
        /// (an earlier OCR layer); nil for none, or a TIFF page.
        public var textLayer: String?

        public init(number: Int, count: Int, textLayer: String?) {
            (self.number, self.count, self.textLayer) = (number, count, textLayer)
        }
    }

    /// The settings that decided what was read (`RecognitionSettings`'s), as reports give them.
    public struct Settings: Sendable, Encodable, Equatable {
        /// Tesseract language codes, e.g. `eng` or `eng+deu`.
        public var language: String
        public var pageSegmentation: PageSegmentation
        /// The resolution assumed; nil when Tesseract estimated it.
        public var resolution: Int?
        /// The word of the text sizing the page was read with (`TextSizing`): `auto`, `fit`, `off`.
        public var textSizing: String
        /// The values the filters worked on.
        public var space: WorkingSpace

        public init(language: String, pageSegmentation: PageSegmentation, resolution: Int?, textSizing: String,
                    space: WorkingSpace) {
            (self.language, self.pageSegmentation, self.resolution) = (language, pageSegmentation, resolution)
            (self.textSizing, self.space) = (textSizing, space)
        }

        private enum CodingKeys: String, CodingKey {
            case lang, psm, dpi, textSize, colorSpace
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(language, forKey: .lang)
            try container.encode(pageSegmentation.rawValue, forKey: .psm)
            try container.encode(resolution, forKey: .dpi)
            try container.encode(textSizing, forKey: .textSize)
            try container.encode(space.rawValue, forKey: .colorSpace)
        }
    }

    /// Width and height in pixels.
    public struct Size: Sendable, Encodable, Equatable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    public var image: String
    /// Where the image is in its document, when it is a page of one.
    public var page: Page?
    /// The segment and the chain of operations that rendered the image.
    public var filters: FilterState
    public var recognized: RecognizedText
    public var topWords: [WordCount]
    /// Answered without recognising now (`cached`), because a recognition was made ahead
    /// while the user read (`prepared`), or because the state was seen before.
    public var cached: Bool
    /// Made ahead by speculation: answered from the cache the first time it is shown.
    public var prepared = false
    public var timings: Timings
    public var settings: Settings
    public var size: Size
    /// Against the truth, when it is known.
    public var accuracy: Accuracy?
    /// What the filters changed against the original's recognition, when it is known (REPL).
    public var changes: WordChanges?
    /// How the filters were chosen, when they were chosen automatically.
    public var auto: AutoChoice?

    public init(image: String, filters: FilterState, recognized: RecognizedText,
                topWords: [WordCount], cached: Bool, timings: Timings, settings: Settings, size: Size,
                accuracy: Accuracy? = nil) {
        self.image = image
        self.filters = filters
        self.recognized = recognized
        self.topWords = topWords
        self.cached = cached
        self.timings = timings
        self.settings = settings
        self.size = size
        self.accuracy = accuracy
    }

    /// Words in the text, as the top words count them: runs of letters and digits. Tesseract's
    /// word boxes (`recognized.words`) are a different count, and are called boxes.
    public var wordCount: Int { WordCounts.words(in: recognized.text).count }

    public var segment: Segment { filters.segment }
    public var operations: [FilterOperation] { filters.operations }

    /// The operations as the feed and JSON list them: `blur 25%`.
    public var operationNames: [String] { filters.operationNames }

    private enum CodingKeys: String, CodingKey {
        case image, page, pageCount, textLayer, segment, operations, script, text, meanConfidence, words, wordCount, topWords, cached, prepared, timings, settings, size
        case readScale, accuracy, changes, auto
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(image, forKey: .image)
        if let page {
            try container.encode(page.number, forKey: .page)
            try container.encode(page.count, forKey: .pageCount)
            try container.encodeIfPresent(page.textLayer, forKey: .textLayer)
        }
        try container.encode(segment, forKey: .segment)
        try container.encode(operationNames, forKey: .operations)
        try container.encode(filters.description, forKey: .script)
        try container.encode(recognized.text, forKey: .text)
        try container.encode(recognized.meanConfidence, forKey: .meanConfidence)
        try container.encode(recognized.words, forKey: .words)
        try container.encode(wordCount, forKey: .wordCount)
        try container.encode(topWords, forKey: .topWords)
        try container.encode(cached, forKey: .cached)
        if prepared { try container.encode(prepared, forKey: .prepared) }
        try container.encode(timings, forKey: .timings)
        try container.encode(settings, forKey: .settings)
        try container.encode(size, forKey: .size)
        try container.encodeIfPresent(recognized.readScale, forKey: .readScale)
        try container.encodeIfPresent(accuracy, forKey: .accuracy)
        try container.encodeIfPresent(changes, forKey: .changes)
        try container.encodeIfPresent(auto, forKey: .auto)
    }
}

/// The one-line message for `error`: its `LocalizedError` description, new lines folded.
public func oneLineMessage(for error: any Error) -> String {
    let described = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    return described.split(whereSeparator: \.isNewline).joined(separator: " ")
}
