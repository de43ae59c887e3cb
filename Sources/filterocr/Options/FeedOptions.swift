import ArgumentParser
import Core
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

    func validate() throws {
        if feed.isEmpty && !noFeed {
            throw ValidationError("--feed needs a file name, e.g. --feed \(Self.defaultPath); --no-feed turns the feed off")
        }
    }

    /// The publisher for these options; nil with --no-feed. Problems are warnings, said once.
    func makePublisher(source: String) -> FeedPublisher? {
        noFeed ? nil : FeedPublisher(path: feed, source: source) { Terminal.printWarning($0) }
    }
}
