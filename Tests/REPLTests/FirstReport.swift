import REPL
import Reports
import Testing

/// The report of the first output, which must be a recognition.
func firstReport(_ outputs: [ReplOutput]) throws -> RecognitionReport {
    let output = try #require(outputs.first)
    guard case .recognition(let report) = output.content else {
        Issue.record("expected a recognition, got \(output.kind)")
        throw CancellationError()
    }
    return report
}
