import Formats

/// How `ocr` and `batch` write their results: filterocr's own formats, then each document
/// format of `DocumentFormat`'s table (one document for all the images).
public enum OutputFormat: Sendable, Hashable, CaseIterable, RawRepresentable {
    /// The recognised text; with several images, each after a `==> IMAGE <==` header.
    case text
    /// One JSON object per image (JSON Lines).
    case jsonl
    /// The same as `jsonl`: one JSON object per image.
    case json
    /// One of Tesseract's formats, written by its own renderers.
    case document(DocumentFormat)

    public static var allCases: [OutputFormat] { [.text, .jsonl, .json] + DocumentFormat.allCases.map(OutputFormat.document) }

    public init?(rawValue: String) {
        guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    /// The word `--format` takes.
    public var rawValue: String {
        switch self {
        case .text: "text"
        case .jsonl: "jsonl"
        case .json: "json"
        case .document(let document): document.rawValue
        }
    }

    public var summary: String {
        switch self {
        case .text: "the recognised text, each image's after a '==> IMAGE <==' header when there are several"
        case .jsonl: "one JSON object per image (JSON Lines), with words, boxes, confidences and timings"
        case .json: "the same as jsonl"
        case .document(let document): document.summary
        }
    }

    /// The format a file named `path` is written in, by its extension (any case), as OCRmyPDF
    /// takes its output's: a document format's (`.pdf`, `.txt`, `.hocr`, `.tsv`, `.xml` or
    /// `.alto`), or `.jsonl`. nil when the extension names none (`text` has no extension of its
    /// own: `.txt` is Tesseract's plain text, the pages separated by form feeds).
    public init?(path: String) {
        if path.lowercased().hasSuffix("." + Self.jsonLinesExtension) {
            self = .jsonl
        } else if let document = DocumentFormat(path: path) {
            self = .document(document)
        } else {
            return nil
        }
    }

    private static let jsonLinesExtension = "jsonl"

    /// `.txt, .tsv, .hocr, .xml or .alto (ALTO), .pdf or .jsonl`: the extensions `init(path:)` knows.
    public static var extensionList: String {
        DocumentFormat.spokenList(DocumentFormat.allCases.map(\.extensionsNamed) + ["." + jsonLinesExtension])
    }

    /// Whether each result is a JSON object (`jsonl` and its alias `json`).
    public var isJSON: Bool { self == .jsonl || self == .json }

    /// The Tesseract document this format is written as; nil for filterocr's own formats.
    public var document: DocumentFormat? {
        guard case .document(let document) = self else { return nil }
        return document
    }

    /// `text: ...; jsonl: ...`, for `--help`.
    public static var help: String { allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "; ") }
}
