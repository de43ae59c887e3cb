import Core
import Foundation
import ImageCodec
import Imaging
import Recognition
import Reports
import TextComparison
import WordFrequency

/// One thing the REPL says in answer to a command. The driver returns these; a human
/// printer and a JSON printer render them, so `--json` and the web get the same values.
public struct ReplOutput: Sendable {
    /// The command that produced it, by its name in the vocabulary (`blur`, `slider`, `open`).
    public var command: String
    public var content: Content

    public enum Content: Sendable {
        /// The image was rendered and recognised.
        case recognition(RecognitionReport)
        /// All of the last recognised text.
        case text(String)
        /// Tesseract's word boxes, and the words counted in the text.
        case words(boxes: [RecognizedWord], wordCount: Int)
        /// The top words of the last recognition and of the session.
        case top(image: [WordCount], session: [WordCount])
        /// A word-level diff of the last recognition against the `original`'s or the `previous` one.
        case diff(against: String, edits: [WordDiff.Edit], changes: WordChanges)
        /// The current image at many strengths of a filter.
        case sweep(SweepSummary)
        /// The current image, to show.
        case preview(Preview)
        /// The current image was written to `path`.
        case saved(path: String)
        case status(SessionStatus)
        case help([CommandSpec])
        /// The command was refused or failed; nothing changed.
        case refusal(String)
        /// The command was stopped (Ctrl-C) before it finished; nothing changed.
        case cancelled
    }

    /// The current image, for a picture of it, and a file name it could be saved as.
    public struct Preview: Sendable {
        public var image: RGBImage
        public var suggestedPath: String
    }

    /// Whether the command was refused.
    public var isRefusal: Bool {
        if case .refusal = content { return true }
        return false
    }

    /// Whether the command left the session as it was: refused, failed or cancelled.
    public var changedNothing: Bool {
        if case .cancelled = content { return true }
        return isRefusal
    }
}

/// Where the session stands, for `status`.
public struct SessionStatus: Sendable, Encodable {
    public struct Image: Sendable, Encodable {
        public var path: String
        /// The page shown and the document's number of pages, for a document; absent for an image.
        public var page: Int?
        public var pageCount: Int?
        public var width: Int
        public var height: Int
        public var format: String
        /// The resolution the file records, if any.
        public var dpi: Int?
    }

    public struct Cache: Sendable, Encodable {
        public var images: Int
        public var megabytes: Int
        public var hits: Int
    }

    /// Speculation's work on the commands likely to come next.
    public struct Speculation: Sendable, Encodable, Equatable {
        /// Renderings over this many pixels are never prepared.
        public static let maximumPixels = SessionSpeculation.maximumPixels

        public var engines: Int
        public var budgetMegabytes: Int
        /// Transitions prepared and not shown yet.
        public var ready: Int
        public var preparing: Int
        public var queued: Int
        /// Predicted transitions not prepared: over the pixel limit or the memory budget.
        public var leftOut: Int
    }

    /// The image shown; nil before one is loaded.
    public var image: Image?
    public var segment: String
    public var operations: [String]
    /// The filters as the command script that leads to them: `greyscale; then sauvola`.
    public var script: String
    /// Words and confidence of the last recognition, if any.
    public var wordCount: Int?
    public var meanConfidence: Int?
    public var cache: Cache
    public var imageSetCount: Int
    public var settings: RecognitionSettings
    /// Nil when speculation is off.
    public var speculation: Speculation?
}

extension ReplOutput: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }
    }

    /// The kinds of output, by the word `--json` and the web API label them with: every
    /// kind there is (the API's description is checked against this list).
    public enum Kind: String, CaseIterable, Sendable {
        case recognition, text, words, top, diff, sweep, preview, saved, status, help, error, cancelled
    }

    /// What kind of output an object is, for scripts that read `--json`.
    public var kind: String { contentKind.rawValue }

    private var contentKind: Kind {
        switch content {
        case .recognition: .recognition
        case .text: .text
        case .words: .words
        case .top: .top
        case .diff: .diff
        case .sweep: .sweep
        case .preview: .preview
        case .saved: .saved
        case .status: .status
        case .help: .help
        case .refusal: .error
        case .cancelled: .cancelled
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(command, forKey: Key("command"))
        try container.encode(kind, forKey: Key("kind"))
        switch content {
        case .recognition(let report):
            // The report's own keys, beside command and kind, in the same object.
            try report.encode(to: encoder)
        case .text(let text):
            try container.encode(text, forKey: Key("text"))
        case let .words(boxes, wordCount):
            try container.encode(boxes, forKey: Key("words"))
            try container.encode(wordCount, forKey: Key("wordCount"))
        case let .top(image, session):
            try container.encode(image, forKey: Key("topWords"))
            try container.encode(session, forKey: Key("sessionTopWords"))
        case let .diff(against, edits, changes):
            try container.encode(against, forKey: Key("against"))
            try container.encode(edits, forKey: Key("edits"))
            try container.encode(changes, forKey: Key("changes"))
        case .sweep(let summary):
            try container.encode(summary, forKey: Key("sweep"))
        case .preview(let preview):
            try container.encode(preview.image.width, forKey: Key("width"))
            try container.encode(preview.image.height, forKey: Key("height"))
            try container.encode(preview.suggestedPath, forKey: Key("suggestedPath"))
        case .saved(let path):
            try container.encode(path, forKey: Key("path"))
        case .status(let status):
            try container.encode(status, forKey: Key("status"))
        case .help(let commands):
            let entries = commands.map { ["usage": $0.usage, "summary": $0.summary] }
            try container.encode(entries, forKey: Key("commands"))
        case .refusal(let message):
            try container.encode(message, forKey: Key("error"))
        case .cancelled:
            break
        }
    }
}
