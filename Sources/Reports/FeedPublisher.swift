import CompanionFeed
import Threading
import WordFrequency
import Foundation

/// Publishes recognitions to the companion feed from a thread of its own, so that no
/// recognition ever waits for the feed's flush to disk. Updates are written in the order
/// they were published; `finish` waits for the last one. Recognitions published faster than
/// the disk takes them (hundreds a second, from answers out of the cache) skip to the newest
/// once `backlog` wait, so the feed is never more than that many writes behind.
public final class FeedPublisher: Sendable {
    /// Updates waiting to be written at the most; a few tens of milliseconds of flushes.
    public static let backlog = 16

    public let path: String
    private let source: String
    private let pending = NewestQueue<FeedSnapshot>(capacity: FeedPublisher.backlog)
    private let drained = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - source: which command writes the feed: `ocr`, `repl`, `batch`.
    ///   - onProblem: told, once per run of failures, why the feed could not be written.
    public init(path: String, source: String, onProblem: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.source = source
        let thread = Thread { [pending, drained] in
            let writer = FeedWriter(path: path)
            while let snapshot = pending.pop() {
                if let error = writer.write(snapshot) { onProblem(error.description) }
            }
            drained.signal()
        }
        thread.start()
    }

    /// Queues an update for `report`, with the session's top words so far.
    public func publish(_ report: RecognitionReport, sessionTopWords: [WordCount]) {
        pending.push(FeedSnapshot(
            image: report.image, segment: report.segment.rawValue, operations: report.operationNames,
            script: report.filters.description,
            topWords: report.topWords, sessionTopWords: sessionTopWords, wordCount: report.wordCount,
            meanConfidence: report.recognized.meanConfidence, source: source,
            characterErrorRate: report.accuracy?.characterErrorRate, wordRecall: report.accuracy?.wordRecall))
    }

    /// Writes what is queued and stops; call once, before the process ends.
    public func finish() {
        pending.close()
        drained.wait()
    }
}
