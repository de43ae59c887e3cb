import Foundation

/// JSON Lines: one compact object per line, keys sorted, so equal input gives equal bytes.
///
/// A batch's lines are written here (`line(for:)`: a report, an error or a page left as it is)
/// and read back here (`BatchLine`), so that the format has one home.
public enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public static func line(_ value: some Encodable) -> String {
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            // Only a non-finite number fails to encode; say so rather than print half a line.
            return #"{"error":"cannot encode the result as JSON"}"#
        }
    }

    /// What the readers of a batch's JSON Lines (`report`, `merge`) take from each line: every
    /// field the batch writes that they need, each optional, so that any line of a batch decodes.
    public struct BatchLine: Decodable, Sendable {
        public var image: String?
        public var page: Int?
        public var script: String?
        public var text: String?
        public var error: String?
        public var skipped: String?
    }

    /// `line` read as a batch's line, or nil when it is not a JSON object.
    public static func batchLine(_ line: some Collection<UInt8>) -> BatchLine? {
        try? JSONDecoder().decode(BatchLine.self, from: Data(line))
    }

    /// The line of `result`: its report (with where `--save-dir` put the image and, in
    /// `warning`, what went wrong besides the recognition, so that the line alone tells the
    /// whole story), its error, or why its page was left as it is; nil for an input a
    /// cancelled run never reached, which has no line.
    public static func line(for result: ImageRunner.Result) -> String? {
        switch result.outcome {
        case .skipped:
            nil
        case let .recognized(report, problem, saved):
            line(ReportLine(report: report, saved: saved, warning: problem))
        case .failed(let message):
            line(ErrorLine(image: result.input, page: result.page, error: message))
        case .leftAsIs(let kept):
            line(SkippedLine(image: result.input, page: result.page, textLayer: kept.rawValue, skipped: kept.explanation))
        }
    }

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

    /// An input that could not be processed.
    private struct ErrorLine: Encodable {
        var image: String?
        /// The document's page that failed, when one did.
        var page: Int?
        var error: String
    }

    /// A page left as it is.
    private struct SkippedLine: Encodable {
        var image: String
        var page: Int?
        /// The page's own text: `visible` or `invisible`, as in a recognised page's line.
        var textLayer: String
        var skipped: String
    }
}
