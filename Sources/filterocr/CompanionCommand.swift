import ArgumentParser
import CompanionFeed
import Foundation

/// `filterocr companion`: the watch app of the brief, in a terminal.
struct CompanionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "companion",
        abstract: "Show the top three recognised words, live, as a watch face.",
        discussion: """
            Follows the feed that every recognition updates and redraws within a fraction of a \
            second of each change. Press q or Ctrl-C to quit. When standard output is not a \
            terminal, prints one line per update instead.
            """
    )

    @Option(name: .long, help: "The feed file to follow.")
    var feed = FeedOptions.defaultPath

    func run() throws {
        let reader = FeedReader(path: feed)
        if isatty(STDOUT_FILENO) != 0 {
            WatchFaceScreen(reader: reader).run()
        } else {
            try followAsLines(reader)
        }
    }

    /// Prints one line per new feed sequence; problems go to standard error, once each. Ends
    /// when the reader of the lines has gone (`filterocr companion | head -1`).
    private func followAsLines(_ reader: FeedReader) throws {
        var lastSequence: Int?
        var lastProblem: FeedError?
        while true {
            do {
                let snapshot = try reader.read()
                lastProblem = nil
                if snapshot.sequence != lastSequence {
                    lastSequence = snapshot.sequence
                    Terminal.print(WatchFace.line(snapshot))
                }
            } catch {
                if error != lastProblem { Terminal.printNotice(error.description) }
                lastProblem = error
            }
            if Terminal.outputIsClosed { throw ExitCode(Terminal.closedOutputStatus) }
            usleep(50_000)
        }
    }
}
