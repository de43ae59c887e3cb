import FilterOCRKit
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
    /// and a note for standard error that is not an error (how `--auto` chose, unless in JSON).
    public mutating func format(_ result: ImageRunner.Result) -> (output: String?, error: String?, note: String?) {
        switch result.outcome {
        case let .recognized(report, problem, saved):
            var note: String?
            let output: String = switch format {
            case .jsonl, .json:
                JSONLines.line(ReportLine(report: report, saved: saved, warning: problem))
            case .text:
                (headers ? (wroteAny ? "\n" : "") + "==> \(result.displayName) <==\n" : "")
                    + report.recognized.text.trimmingCharacters(in: .newlines)
            case .document:
                // The document carries the page; standard output is the document's, or quiet.
                ""
            }
            // JSON carries these in the report; every other format says them on standard error.
            if !format.isJSON, let layer = report.page?.textLayer {
                note = "\(result.displayName): " + (layer == "invisible"
                    ? "has an earlier OCR layer; recognised again, the layer replaced in a PDF (--skip-text keeps it)"
                    : "has visible text of its own; recognised again (--force-ocr): a searchable PDF carries its text twice")
            }
            if format.isJSON, let choice = report.auto, choice.timeLimited {
                note = "\(result.displayName): auto: \(HumanText.timeLimitNote)"
            }
            if !format.isJSON, let choice = report.auto {
                note = HumanText.auto(choice).enumerated()
                    .map { $0.offset == 0 ? "\(result.displayName): \($0.element)" : $0.element }.joined(separator: "\n")
            }
            wroteAny = true
            return (output.isEmpty ? nil : output, problem, note)
        case .failed(let message):
            guard format.isJSON else { return (nil, message, nil) }
            wroteAny = true
            return (JSONLines.line(ErrorReport(image: result.input, page: result.page, error: message)), message, nil)
        case .leftAsIs(let kept):
            guard format.isJSON else { return (nil, nil, "\(result.displayName): \(kept.explanation)") }
            wroteAny = true
            return (JSONLines.line(SkippedPage(image: result.input, page: result.page, textLayer: kept.rawValue,
                                               skipped: kept.explanation)), nil, nil)
        case .skipped:
            return (nil, nil, nil)
        }
    }
}

/// The JSON line of a page left as it is.
private struct SkippedPage: Encodable {
    var image: String
    var page: Int?
    /// The page's own text: `visible` or `invisible`, as in a recognised page's line.
    var textLayer: String
    var skipped: String
}

/// A report's JSON line, with where `--save-dir` put the filtered image and, in `warning`,
/// what went wrong besides the recognition (the image could not be saved), so that the line
/// alone tells the whole story.
private struct ReportLine: Encodable {
    var report: RecognitionReport
    var saved: String?
    var warning: String?

    private enum CodingKeys: String, CodingKey { case saved, warning }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(saved, forKey: .saved)
        try container.encodeIfPresent(warning, forKey: .warning)
    }
}
