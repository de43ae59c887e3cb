/// How `ocr` and `batch` write their results: the one table of output formats.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// The recognised text; with several images, each after a `==> IMAGE <==` header.
    case text
    /// One JSON object per image (JSON Lines).
    case jsonl

    public var summary: String {
        switch self {
        case .text: "the recognised text, each image's after a '==> IMAGE <==' header when there are several"
        case .jsonl: "one JSON object per image (JSON Lines), with words, boxes, confidences and timings"
        }
    }

    /// `text: ...; jsonl: ...`, for `--help`.
    public static var help: String { allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "; ") }
}
