import Recognition

/// How `ocr` and `batch` write their results: the one table of output formats.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// The recognised text; with several images, each after a `==> IMAGE <==` header.
    case text
    /// One JSON object per image (JSON Lines).
    case jsonl
    /// The same as `jsonl`: one JSON object per image.
    case json
    /// Tesseract's formats, written by its own renderers: one document for all the images.
    case txt, tsv, hocr, alto, pdf

    public var summary: String {
        switch self {
        case .text: "the recognised text, each image's after a '==> IMAGE <==' header when there are several"
        case .jsonl: "one JSON object per image (JSON Lines), with words, boxes, confidences and timings"
        case .json: "the same as jsonl"
        case .txt: "Tesseract's plain text, pages separated by form feeds"
        case .tsv: "Tesseract's TSV: one row per block, paragraph, line and word, with boxes and confidences"
        case .hocr: "Tesseract's hOCR (HTML with word boxes)"
        case .alto: "Tesseract's ALTO XML"
        case .pdf: "a searchable PDF: each image as loaded, under an invisible layer of the text recognised"
        }
    }

    /// Whether each result is a JSON object (`jsonl` and its alias `json`).
    public var isJSON: Bool { self == .jsonl || self == .json }

    /// The Tesseract document this format is written as (the same name); nil for
    /// filterocr's own formats.
    public var document: TesseractDocument.Format? { TesseractDocument.Format(rawValue: rawValue) }

    /// `text: ...; jsonl: ...`, for `--help`.
    public static var help: String { allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "; ") }
}
