import Core
import Crypto
import Foundation
import Reports

/// The batch's JSON Lines for a run's results, in the schema `JSONLines.BatchLine` reads back.
extension JSONLines {
    /// The line of `result`: its report (with where `--save-dir` put the image and, in
    /// `warning`, what went wrong besides the recognition, so that the line alone tells the
    /// whole story), its error, or why its page was left as it is; nil for an input a
    /// cancelled run never reached, which has no line.
    /// - Parameter shard: which share of which input list the run is, for a `--shard` run.
    ///   Each line's stamp adds the input's place in the list and the digest of the line as it
    ///   is without the stamp (`ShardStamp.digest`), which `merge` checks.
    public static func line(for result: ImageRunner.Result, shard: ShardStamp? = nil) -> String? {
        guard var shard, let unstamped = line(for: result, stamped: nil) else { return line(for: result, stamped: nil) }
        shard.position = result.position
        shard.digest = lineDigest(unstamped)
        return line(for: result, stamped: shard)
    }

    /// What `ShardStamp.digest` holds for `line`, written without its stamp.
    public static func lineDigest(_ line: String) -> String {
        String(PixelDigest.hex(SHA256.hash(data: Data(line.utf8))).prefix(16))
    }

    private static func line(for result: ImageRunner.Result, stamped shard: ShardStamp?) -> String? {
        switch result.outcome {
        case .skipped:
            nil
        case let .recognized(report, problem, saved):
            line(ReportLine(report: report, saved: saved, warning: problem, shard: shard))
        case .failed(let message):
            line(ErrorLine(image: result.input, page: result.page, error: message, shard: shard))
        case .leftAsIs(let kept):
            line(SkippedLine(image: result.input, page: result.page, textLayer: kept.rawValue, skipped: kept.explanation,
                             shard: shard))
        }
    }

    private struct ReportLine: Encodable {
        var report: RecognitionReport
        var saved: String?
        var warning: String?
        var shard: ShardStamp?

        private enum CodingKeys: String, CodingKey { case saved, warning, shard }

        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(saved, forKey: .saved)
            try container.encodeIfPresent(warning, forKey: .warning)
            try container.encodeIfPresent(shard, forKey: .shard)
        }
    }

    /// An input that could not be processed.
    private struct ErrorLine: Encodable {
        var image: String?
        /// The document's page that failed, when one did.
        var page: Int?
        var error: String
        var shard: ShardStamp?
    }

    /// A page left as it is.
    private struct SkippedLine: Encodable {
        var image: String
        var page: Int?
        /// The page's own text: `visible` or `invisible`, as in a recognised page's line.
        var textLayer: String
        var skipped: String
        var shard: ShardStamp?
    }
}
