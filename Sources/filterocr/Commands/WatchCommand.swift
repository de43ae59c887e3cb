import ArgumentParser
import Core
import FileSystem
import Foundation
import Formats
import Runs
import Synchronization
import Threading

/// `filterocr watch INBOX --to OUTBOX`: a hot folder, recognised unattended.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Recognise every file dropped into a folder, unattended (a hot folder).",
        discussion: """
            A file is taken once it is complete: at once when it is moved in (renamed into INBOX), \
            otherwise once it has been left alone (no write, no close, the same size and time) for \
            --settle seconds while watched, so that a writer that closes and opens it again is \
            waited for (a file's own time is never compared with the clock). Each is held open while it \
            is read, never through a symbolic link, and read again if it changed meanwhile. It is \
            recognised into OUTBOX (a searchable PDF by default), written whole or not at all, and \
            the original moved to INBOX/done (--keep leaves it); a file that cannot be read goes \
            to INBOX/failed with a .why text beside it. Nothing is written over: a name that comes \
            back gets a numbered one (scan-2.pdf, done/scan-2.png), said in its line. One line per \
            file on standard output; a move or journal write that fails is a line on standard \
            error, and the exit status is then 1. SIGTERM or Ctrl-C finishes the files being read \
            and stops (status 0), saying which; a second one stops at once, leaving them in the \
            inbox as they were. A restart reads no finished file again, and the result store \
            makes a half-read one cheap. One watcher per inbox.
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

    @OptionGroup var optimization: OptimizeOption

    @Option(name: .long, help: ArgumentHelp("Where originals go once read (default: INBOX/done).", valueName: "folder"))
    var done: String?

    @Flag(name: .long, help: "Leave originals in the inbox; the watcher still reads each only once.")
    var keep = false

    @Option(name: .long, help: ArgumentHelp("Where files that cannot be read go, each with a .why text (default: INBOX/failed).",
                                            valueName: "folder"))
    var failed: String?

    @Option(name: .long, help: ArgumentHelp("Seconds a file must be seen left alone (no write, no close, no change) to count as complete.",
                                            valueName: "seconds"))
    var settle: Double = 2

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var jobs: JobsOption
    @OptionGroup var filters: FilterOptions

    func validate() throws {
        guard FileKind(at: inbox) == .directory else {
            throw ValidationError("\(PathEncoding.displayed(inbox)) is not a folder: give the folder files arrive in, e.g. filterocr watch scans/ --to out/")
        }
        if keep && done != nil { throw ValidationError("give --done FOLDER or --keep, not both") }
        try optimization.check(writesPDF: format == .pdf)
        guard settle >= 0, settle.isFinite else { throw ValidationError("--settle takes seconds, 0 or more, e.g. --settle 5") }
    }

    func run() throws {
        // The first signal finishes the files being read; a second ends the process at once,
        // leaving them in the inbox as they were, once their temporary documents are removed.
        Interrupt.install(resettingAfterFirst: true, signals: Interrupt.endingSignals)
        let settings = recognition.settings(ignoredWords: [])
        let runner = ImageRunner(settings: settings, store: try recognition.store(), state: filters.ops, auto: filters.search,
                                 jobs: 1)
        var options = HotFolder.Options(inbox: inbox, outbox: to, done: keep ? nil : done ?? inbox + "/done",
                                        failed: failed ?? inbox + "/failed", format: format, settle: settle,
                                        jobs: jobs.engines)
        options.optimized = optimization.optimized
        let folder = try Terminal.orExit { try HotFolder(options: options, runner: runner) }
        SecondSignal.install(signals: Interrupt.endingSignals) { folder.removeOwnTemporaries() }
        let printing = Locked(())
        let problems = Atomic(0)
        Terminal.printNote("watching \(PathEncoding.displayed(inbox)) → \(PathEncoding.displayed(to)) (\(format.rawValue), "
                           + "\(options.jobs) engine\(options.jobs == 1 ? "" : "s"))")
        let ending = try Terminal.orExit {
            try folder.run(stop: Interrupt.stop) { outcome in
                printing.withLock { _ in
                    switch outcome {
                    case .postponed, .held: Terminal.printNote(Self.line(for: outcome))
                    default: Terminal.print(Self.line(for: outcome))
                    }
                }
            } problem: { message in
                problems.add(1, ordering: .relaxed)
                printing.withLock { _ in Terminal.printError(message) }
            } stopping: { names in
                guard Interrupt.happened, !names.isEmpty else { return }
                let again = Interrupt.signal == SIGINT ? " (Ctrl-C again to stop now)" : ""
                printing.withLock { _ in Terminal.printNote("stopping after \(names.joined(separator: ", "))\(again)") }
            }
        }
        let failures = problems.load(ordering: .relaxed)
        switch ending {
        case .inboxGone:
            Terminal.printError("\(PathEncoding.displayed(inbox)) was deleted or moved away: stopped watching it")
        case .stopped where failures > 0:
            Terminal.printError("stopped; \(failures) file\(failures == 1 ? "" : "s") could not be moved or recorded (see above)")
        case .stopped:
            Terminal.printNote("stopped")
        }
        // A signal is how a hot folder is meant to end: it finishes what it read, and the run
        // counts as complete.
        try RunEnding(failed: Int(failures) + (ending == .inboxGone ? 1 : 0)).exit()
    }

    /// One line for a file: what it became, or why it could not be read, and where its original went.
    static func line(for outcome: HotFolder.Outcome) -> String {
        switch outcome {
        case let .written(input, output, pages, failedPages, seconds, original):
            "\(input): \(pages) page\(pages == 1 ? "" : "s") → \(output) in \(String(format: "%.1f", seconds)) s"
                + (failedPages > 0 ? " (\(failedPages) page\(failedPages == 1 ? "" : "s") could not be read)" : "")
                + renamed(input, original)
        case let .finishedBefore(input, original):
            "\(input): finished before the restart; moved to \(original)"
        case let .failed(input, reason, original):
            "\(input): failed: \(reason)" + (original.map { "; moved to \($0)" } ?? "")
        case let .postponed(input, reason):
            "\(input): \(reason)"
        case let .held(input, reason, failedAfter):
            "\(input): not read (\(reason)); perhaps still being written, so held in the inbox: read again when it "
                + "changes, or failed if it is left alone \(String(format: "%.1f", failedAfter)) s more"
        }
    }

    /// `; original kept as in/done/scan-2.png` when the original was given a new name.
    private static func renamed(_ input: String, _ original: String?) -> String {
        guard let original, AtomicFile.name(of: original) != input else { return "" }
        return "; original kept as \(original)"
    }
}
