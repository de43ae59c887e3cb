import ArgumentParser
import COpenMPLimit
import Core
import FileSystem
import Foundation
import ImageCodec
import Imaging
import PageDocuments
import Recognition
import ResultStore

/// The `filterocr` command: shows how image filters change what OCR can read.
@main
struct FilterOCR: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filterocr",
        abstract: "See how image filters change what Tesseract OCR can read.",
        discussion: """
            Load an image, move it through filter states in the REPL (the default command), and after \
            every change see what Tesseract recognises in the image as it now is; every recognition \
            updates a JSON feed with the three most frequent words, which `filterocr companion` shows \
            live. The same engine recognises many images and documents in batch (ocr, batch), finds \
            the filters that read a page best without its truth (ocr --auto), sweeps a filter's \
            strength (sweep), measures a corpus against its truth (report, tune), and serves a \
            workbench in a browser (serve). Each command's page: filterocr.COMMAND(1), or \
            filterocr help COMMAND. Shell completion (make install installs it): filterocr \
            --generate-completion-script bash > ~/.local/share/bash-completion/completions/filterocr \
            (or zsh, fish).
            """,
        version: Product.nameAndVersion,
        subcommands: [ReplCommand.self, OCRCommand.self, FilterImageCommand.self, BatchCommand.self, SweepCommand.self,
                      TuneCommand.self, CompanionCommand.self, ServeCommand.self, ReportCommand.self, StoreCommand.self,
                      MergeCommand.self, WatchCommand.self, ScriptCommand.self],
        defaultSubcommand: ReplCommand.self
    )

    /// A process inherits its parent thread's blocked signals (a worker thread of a test
    /// runner or a server blocks them all); filterocr must still stop on Ctrl-C and SIGTERM.
    private static func unblockSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
    }

    /// Exit status for a command line that could not be parsed, as most Unix tools use.
    static let usageErrorStatus: Int32 = 2

    /// The arguments as the bytes the shell passed: a file name that is not UTF-8 is kept
    /// (see `PathEncoding`) rather than repaired into a name that does not exist.
    private static var arguments: [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return PathEncoding.decode(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// What every run of this command needs of the process (`CommandLineProcess`): every front
    /// end (ocr, batch, filter, sweep, the REPL, the workbench) is handed this one.
    static var runtime: Runtime { CommandLineProcess.current.runtime }

    static func main() {
        // The answer of a script that checks for the tool, given before anything is set up or
        // parsed (the parser reflects over every command: a third of the start-up).
        if CommandLine.argc == 2, let argument = CommandLine.unsafeArgv[1], strcmp(argument, "--version") == 0 {
            print(Product.nameAndVersion)
            return
        }
        unblockSignals()
        // A closed output pipe is seen as EPIPE where it can be handled, not as a signal.
        signal(SIGPIPE, SIG_IGN)
        // Tesseract's OpenMP regions run on the engine's own thread (COpenMPLimit).
        _ = filterocr_openmp_single_threaded()
        MemoryTuning.keepLargeBuffers()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            endIfOutputFailed()
            if !checkpointStores() { Foundation.exit(1) }
        } catch {
            _ = checkpointStores()
            endIfOutputFailed()
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            // One line, like every other error; --help has the usage.
            Terminal.printError(oneLine(message(for: error)) + commandHint(for: error) + " (see --help)")
            Foundation.exit(usageErrorStatus)
        }
    }

    /// Folds every result store the command wrote into its own file; false (each failure said)
    /// when one could not be.
    private static func checkpointStores() -> Bool {
        let failures = runtime.stores.checkpoint()
        for failure in failures { Terminal.printError(failure) }
        return failures.isEmpty
    }

    /// Ends with status 1 when standard output could not be written, whatever the command
    /// thought of its run.
    private static func endIfOutputFailed() {
        guard let reason = Terminal.outputFailure else { return }
        Terminal.printError("cannot write standard output: \(reason); the output is incomplete")
        Foundation.exit(1)
    }

    /// A word where a command would go is most likely a mistyped command, not an argument of
    /// the default command (`repl`): the hint names the commands.
    private static func commandHint(for error: any Error) -> String {
        let names = configuration.subcommands.map { $0._commandName }
        guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first),
              message(for: error).hasPrefix("Unexpected argument '\(first)'") else { return "" }
        return "; the commands are \(names.joined(separator: ", ")) (repl when none is given)"
    }

    /// ArgumentParser lists an option's values one per line (`one of the following:\n  - text`);
    /// on one line they read `one of the following: text, jsonl, …`.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let items = lines.dropFirst().filter { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
        let others = lines.dropFirst().filter { !$0.hasPrefix("- ") }
        return ([lines.first ?? ""] + [items.joined(separator: ", ")].filter { !$0.isEmpty } + others).joined(separator: " ")
    }
}
