import ArgumentParser
import CompanionFeed
import Foundation
import Runs

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

    @Option(name: .long, help: ArgumentHelp(
        "The feed file to follow.",
        discussion: "By default \(FeedLocation.rule), the file every command updates wherever it runs."))
    var feed: String?

    func run() throws {
        guard let path = feed ?? FeedOptions.defaultPath(orSay: {
            Terminal.printError("no companion feed to follow: \($0); give --feed PATH")
        }) else { throw ExitCode.failure }
        let follower = FeedFollower(path: path)
        if isatty(STDOUT_FILENO) != 0 {
            var screen = WatchFaceScreen(follower: follower)
            screen.run()
        } else {
            try followAsLines(follower)
        }
    }

    /// Prints one line per new feed snapshot; problems go to standard error, once each. Ends
    /// when the reader of the lines has gone (`filterocr companion | head -1`).
    private func followAsLines(_ follower: FeedFollower) throws {
        var follower = follower
        while true {
            switch follower.poll() {
            case .snapshot(let snapshot)?: Terminal.print(WatchFace.line(snapshot))
            case .problem(let error)?: Terminal.printNotice(error.description)
            case nil: break
            }
            if Terminal.checkOutputClosed() { throw ExitCode(ExitStatus.outputClosed) }
            usleep(50_000)
        }
    }
}
