import Foundation
import PageDocuments
import Reports
import Runs

/// Writes the results of `ocr` and `batch` in one of the output formats, one result at a
/// time, in input order.
public struct ResultFormatter: Sendable {
    public let format: OutputFormat
    /// In text, a `==> IMAGE <==` header before each image's text.
    public let headers: Bool
    /// In JSON, which share of which input list each line comes from (`--shard`).
    public let shard: JSONLines.ShardStamp?
    /// Whether anything is on standard output yet, so that headers are separated by a blank
    /// line and never preceded by one.
    private var wroteAny = false
    /// A document's pages left as they are, said once per document (not in JSON, which has a
    /// line per page).
    private var kept = KeptPagesTally()

    public init(format: OutputFormat, headers: Bool, shard: JSONLines.ShardStamp? = nil) {
        self.format = format
        self.headers = headers
        self.shard = shard
    }

    /// What to write for `result`: notes about the inputs before it, to go first (the pages a
    /// document left as they are, once it has gone by), lines for standard output, an error for
    /// standard error, and a note for standard error that is not an error (how `--auto` chose,
    /// unless in JSON).
    public mutating func format(_ result: ImageRunner.Result)
        -> (earlier: String?, output: String?, error: String?, note: String?) {
        let earlier = format.isJSON ? nil : kept.add(result)
        let own = lines(for: result)
        return (earlier, own.output, own.error, own.note)
    }

    /// The notes `format` still holds about the last input, for the end of the run.
    public mutating func finish() -> String? {
        kept.finish()
    }

    private mutating func lines(for result: ImageRunner.Result) -> (output: String?, error: String?, note: String?) {
        switch result.outcome {
        case let .recognized(report, problem, _):
            var note: String?
            let output: String = switch format {
            case .jsonl, .json:
                JSONLines.line(for: result, shard: shard) ?? ""
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
            return (JSONLines.line(for: result, shard: shard), message, nil)
        case .leftAsIs:
            // Said by `kept`, once per document.
            guard format.isJSON else { return (nil, nil, nil) }
            wroteAny = true
            return (JSONLines.line(for: result, shard: shard), nil, nil)
        case .skipped:
            return (nil, nil, nil)
        }
    }
}
