import ArgumentParser
import FilterOCRKit
import Foundation

/// What `ocr` and `batch` share: run the images through the runner and print each result
/// as it comes, in input order, with one progress bar and one error convention.
struct ImageRun {
    var runner: ImageRunner
    var format: OutputFormat
    /// In text, a `==> IMAGE <==` header before each image's text.
    var headers: Bool
    var publisher: FeedPublisher?

    /// Runs `inputs` and ends the command with the status that says how it went: 0 when
    /// every image was read, 1 when any failed, 130 when interrupted.
    func run(_ inputs: some Sequence<String> & Sendable, total: Int?, shard: Shard? = nil) throws {
        Interrupt.install(resettingAfterFirst: true)
        let progress = ProgressBar.standardErrorIfTerminal()
        var printer = ResultPrinter(format: format, headers: headers)
        defer {
            progress?.finish()
            publisher?.finish()
        }
        let summary = try Terminal.orExit {
            try runner.run(inputs, total: total, shard: shard, publisher: publisher,
                           isCancelled: { Interrupt.happened }) { result, state in
                progress?.clear()
                printer.print(result)
                progress?.update(state)
            }
        }
        if summary.cancelled { throw ExitCode(130) }
        if summary.failed > 0 { throw ExitCode.failure }
    }
}

/// Prints results in one of the output formats; errors also go to standard error.
struct ResultPrinter {
    let format: OutputFormat
    let headers: Bool
    /// Whether anything is on standard output yet, so that headers are separated by a blank
    /// line and never preceded by one.
    private var printedAny = false

    init(format: OutputFormat, headers: Bool) {
        self.format = format
        self.headers = headers
    }

    mutating func print(_ result: ImageRunner.Result) {
        switch result.outcome {
        case .recognized(let report):
            switch format {
            case .jsonl:
                Terminal.print(JSONLines.line(report))
            case .text:
                if headers { Terminal.print((printedAny ? "\n" : "") + "==> \(result.input) <==") }
                let text = report.recognized.text.trimmingCharacters(in: .newlines)
                if !text.isEmpty { Terminal.print(text) }
            }
            printedAny = true
        case .failed(let message):
            Terminal.printError(message)
            if format == .jsonl {
                Terminal.print(JSONLines.line(ErrorReport(image: result.input, error: message)))
                printedAny = true
            }
        case .skipped:
            break
        }
    }
}

/// `-j N`: engines in parallel, each single-threaded.
struct JobsOption: ParsableArguments {
    @Option(name: .customShort("j"), parsing: .unconditional,
            help: ArgumentHelp("Engines working in parallel, each single-threaded "
                               + "(default: 1 for ocr, the number of cores for batch).", valueName: "n"))
    var jobs: Int?

    static let limit = 256

    func validate() throws {
        if let jobs, !(1...Self.limit).contains(jobs) {
            throw ValidationError("-j takes 1 to \(Self.limit) engines, e.g. -j 2 (not \(jobs))")
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
