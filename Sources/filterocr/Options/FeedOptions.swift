import ArgumentParser
import CompanionFeed
import FileSystem
import Foundation
import Reports
import WordFrequency

/// Where recognitions are published for the companion display, and which words count.
struct FeedOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The companion feed file to update after every recognition.",
        discussion: "By default \(FeedLocation.rule), the file companion follows wherever it runs."))
    var feed: String?

    @Flag(name: .long, help: "Do not update the companion feed.")
    var noFeed = false

    @Flag(name: .long, help: "Leave common English words (the, and, of...) out of the top words.")
    var stopwords = false

    var ignoredWords: Set<String> { stopwords ? StopWords.english : [] }

    func validate() throws {
        if feed?.isEmpty == true && !noFeed {
            throw ValidationError("--feed needs a file name, e.g. --feed /tmp/topwords.json; --no-feed turns the feed off")
        }
    }

    /// The feed's path: `--feed`, else the per-user default. Nil with `--no-feed`, or when the
    /// environment gives no folder for it (said once: the command goes on without a feed).
    var path: String? {
        if noFeed { return nil }
        if let feed { return feed }
        return Self.defaultPath(orSay: { Terminal.printWarning("no companion feed: \($0); give --feed PATH") })
    }

    /// The per-user feed of this process's environment; nil (and `problem` told why) when
    /// HOME and XDG_STATE_HOME give no folder.
    static func defaultPath(orSay problem: (String) -> Void) -> String? {
        switch FeedLocation.resolve(environment: ProcessInfo.processInfo.environment) {
        case .path(let path): return path
        case .unavailable(let reason):
            problem(reason)
            return nil
        }
    }

    /// The publisher for these options; nil with --no-feed. Problems are warnings, said once.
    func makePublisher(source: String) -> FeedPublisher? {
        path.map { FeedPublisher(path: $0, source: source) { Terminal.printWarning($0) } }
    }
}
