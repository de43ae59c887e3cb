import Core

/// The batch's JSON Lines for a run's results, in the schema `JSONLines.BatchLine` reads back.
extension JSONLines {
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
