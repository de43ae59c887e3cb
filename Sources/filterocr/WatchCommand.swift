import ArgumentParser
import Core
import FileSystem
import Foundation
import Formats
import Runs
import Threading

/// `filterocr watch INBOX --to OUTBOX`: a hot folder, recognised unattended.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Recognise every file dropped into a folder, unattended (a hot folder).",
        discussion: """
            A file is taken once it is complete: when it is closed after writing or moved in (the \
            kernel says so, through inotify), or when it has been left unchanged for --settle \
            seconds. Each is recognised into OUTBOX (a searchable PDF by default), written whole or \
            not at all, and the original moved to INBOX/done (--keep leaves it); a file that \
            cannot be read goes to INBOX/failed with a .why text beside it. One line per file on \
            standard output. SIGTERM or Ctrl-C finishes the files being read and stops (status 0); \
            a restart reads no finished file again, and the result store makes a half-read one cheap.
            """
    )

    @Argument(help: ArgumentHelp("The folder files arrive in.", valueName: "inbox"))
    var inbox: String

    @Option(name: .long, help: ArgumentHelp("Where each file's document is written.", valueName: "outbox"))
    var to: String

    @Option(name: .long, help: ArgumentHelp("The document each file becomes: \(DocumentFormat.nameList).", valueName: "format"),
            transform: { text throws in
                guard let format = DocumentFormat(rawValue: text.lowercased()) else {
                    throw ValidationError("--format takes \(DocumentFormat.nameList), e.g. --format pdf")
                }
                return format
            })
    var format: DocumentFormat = .pdf

    @Option(name: .long, help: ArgumentHelp("Where originals go once read (default: INBOX/done).", valueName: "folder"))
    var done: String?

    @Flag(name: .long, help: "Leave originals in the inbox; the watcher still reads each only once.")
    var keep = false

    @Option(name: .long, help: ArgumentHelp("Where files that cannot be read go, each with a .why text (default: INBOX/failed).",
                                            valueName: "folder"))
    var failed: String?

    @Option(name: .long, help: ArgumentHelp("Seconds a file must be left unchanged to count as complete when no close is seen.",
                                            valueName: "seconds"))
    var settle: Double = 5

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var jobs: JobsOption
    @OptionGroup var filters: FilterOptions

    func validate() throws {
        guard FileKind(at: inbox) == .directory else {
            throw ValidationError("\(PathEncoding.displayed(inbox)) is not a folder: give the folder files arrive in, e.g. filterocr watch scans/ --to out/")
        }
        if keep && done != nil { throw ValidationError("give --done FOLDER or --keep, not both") }
        guard settle >= 0, settle.isFinite else { throw ValidationError("--settle takes seconds, 0 or more, e.g. --settle 5") }
    }

    func run() throws {
        Interrupt.install(signals: Interrupt.endingSignals)
        let settings = recognition.settings(ignoredWords: [])
        let runner = ImageRunner(settings: settings, store: try recognition.store(), state: filters.ops, auto: filters.search,
                                 jobs: 1)
        let options = HotFolder.Options(inbox: inbox, outbox: to, done: keep ? nil : done ?? inbox + "/done",
                                        failed: failed ?? inbox + "/failed", format: format, settle: settle,
                                        jobs: jobs.engines)
        let folder = try Terminal.orExit { try HotFolder(options: options, runner: runner) }
        let printing = Locked(())
        Terminal.printNote("watching \(PathEncoding.displayed(inbox)) → \(PathEncoding.displayed(to)) (\(format.rawValue), "
                           + "\(options.jobs) engine\(options.jobs == 1 ? "" : "s"))")
        try Terminal.orExit {
            try folder.run(stop: Interrupt.stop) { outcome in
                let line = Self.line(for: outcome)
                printing.withLock { _ in Terminal.print(line) }
            }
        }
        Terminal.printNote("stopped")
    }

    /// One line for a file: what it became, or why it could not be read.
    static func line(for outcome: HotFolder.Outcome) -> String {
        switch outcome {
        case let .written(input, output, pages, failedPages, seconds):
            "\(input): \(pages) page\(pages == 1 ? "" : "s") → \(output) in \(String(format: "%.1f", seconds)) s"
                + (failedPages > 0 ? " (\(failedPages) page\(failedPages == 1 ? "" : "s") could not be read)" : "")
        case .finishedBefore(let input):
            "\(input): finished before the restart; moved on"
        case let .failed(input, reason):
            "\(input): failed: \(reason)"
        }
    }
}
