import ArgumentParser
import CompanionFeed
import WordFrequency

/// Where recognitions are published for the companion display, and which words count.
struct FeedOptions: ParsableArguments {
    static let defaultPath = "watchfeed/topwords.json"

    @Option(name: .long, help: "The companion feed file to update after every recognition.")
    var feed = FeedOptions.defaultPath

    @Flag(name: .long, help: "Do not update the companion feed.")
    var noFeed = false

    @Flag(name: .long, help: "Leave common English words (the, and, of...) out of the top words.")
    var stopwords = false

    var ignoredWords: Set<String> { stopwords ? StopWords.english : [] }

    /// The publisher for these options; nil with --no-feed.
    func makePublisher(source: String) -> FeedPublisher? {
        noFeed ? nil : FeedPublisher(path: feed, source: source, ignoredWords: ignoredWords)
    }
}

/// Publishes each recognition to the feed, with the counts accumulated since it started.
final class FeedPublisher {
    private let writer: FeedWriter
    private let source: String
    private(set) var sessionCounts: WordCounts

    init(path: String, source: String, ignoredWords: Set<String>) {
        writer = FeedWriter(path: path)
        self.source = source
        sessionCounts = WordCounts(ignoring: ignoredWords)
    }

    /// Adds the report's words to the session's and replaces the feed. A feed that cannot be
    /// written is reported once; recognition goes on.
    func publish(_ report: RecognitionReport) {
        sessionCounts.add(report.recognized.text)
        let snapshot = FeedSnapshot(
            image: report.image, segment: report.segment, operations: report.operations,
            topWords: report.topWords, sessionTopWords: sessionCounts.top(3),
            wordCount: report.wordCount, meanConfidence: report.recognized.meanConfidence, source: source
        )
        if let error = writer.write(snapshot) {
            Terminal.printWarning(error.description)
        }
    }
}
