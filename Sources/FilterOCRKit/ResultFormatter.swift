import Foundation

/// Writes the results of `ocr` and `batch` in one of the output formats, one result at a
/// time, in input order.
public struct ResultFormatter: Sendable {
    public let format: OutputFormat
    /// In text, a `==> IMAGE <==` header before each image's text.
    public let headers: Bool
    /// Whether anything is on standard output yet, so that headers are separated by a blank
    /// line and never preceded by one.
    private var wroteAny = false

    public init(format: OutputFormat, headers: Bool) {
        self.format = format
        self.headers = headers
    }

    /// What to write for `result`: lines for standard output, an error for standard error,
    /// and a note for standard error that is not an error (how `--auto` chose, in text).
    public mutating func format(_ result: ImageRunner.Result) -> (output: String?, error: String?, note: String?) {
        switch result.outcome {
        case let .recognized(report, problem):
            var note: String?
            let output: String = switch format {
            case .jsonl, .json:
                JSONLines.line(report)
            case .text:
                (headers ? (wroteAny ? "\n" : "") + "==> \(result.input) <==\n" : "")
                    + report.recognized.text.trimmingCharacters(in: .newlines)
            case .txt, .tsv, .hocr, .alto, .pdf:
                // The document carries the page; standard output is the document's, or quiet.
                ""
            }
            if format == .text, let choice = report.auto {
                note = HumanText.auto(choice).enumerated()
                    .map { $0.offset == 0 ? "\(result.input): \($0.element)" : $0.element }.joined(separator: "\n")
            }
            wroteAny = true
            return (output.isEmpty ? nil : output, problem, note)
        case .failed(let message):
            guard format == .jsonl || format == .json else { return (nil, message, nil) }
            wroteAny = true
            return (JSONLines.line(ErrorReport(image: result.input, error: message)), message, nil)
        case .skipped:
            return (nil, nil, nil)
        }
    }
}
