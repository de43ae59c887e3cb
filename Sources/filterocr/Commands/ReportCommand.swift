import ArgumentParser
import Core
import CorpusReportPage
import Documents
import FileSystem
import Foundation
import Imaging
import Runs
import TerminalText

/// `filterocr report FOLDER`: a corpus's accuracy against its truths, as text, JSON or one HTML file.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A corpus's accuracy: micro and macro CER and WER, pages worst first, confusions, aligned texts.",
        discussion: """
            Recognises the images (files, folders searched recursively, quoted globs) as batch does, \
            or reads the recognitions of a batch's JSON Lines (filterocr report results.jsonl, or \
            --jsonl - for standard input), and scores each page against its truth: NAME.txt beside \
            NAME.ext, or --truth FILE|FOLDER. The micro rates are the sum of the pages' edit \
            distances over the sum of their truths' lengths; the macro rates the mean of the \
            pages' rates. A page without truth is listed and counted in no rate. Exit status: 0 \
            when every page was read, 1 when any failed (the report is still written) or an input \
            names nothing (no report), 2 for a usage error, 130 when interrupted (no report).
            """
    )

    /// The report's forms.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json, html
    }

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var truthOptions: TruthFileOption
    @OptionGroup var jobs: JobsOption

    @Argument(help: ArgumentHelp("Images, folders or globs to recognise; or one .jsonl file of filterocr batch's results.",
                                 valueName: "input"))
    var inputs: [String] = []

    @Option(name: .long, help: ArgumentHelp("Report on the recognitions in filterocr batch's JSON Lines instead of "
                                            + "recognising; - for standard input.", valueName: "file"))
    var jsonl: String?

    @OptionGroup var filters: FilterOptions
    @OptionGroup var pageOptions: PagesOption

    @Option(name: .long, help: ArgumentHelp("text: for a terminal; json: every page, count and confusion, for scripts; "
                                            + "html: one self-contained page for a browser (with -o FILE)."))
    var format: Format = .text

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Where the report goes, written whole at the end; - for standard output (the default).",
                               valueName: "file"))
    var output: String?

    /// The batch results to read, from `--jsonl` or a lone `.jsonl` argument; nil to recognise.
    var resultsFile: String? {
        jsonl ?? (inputs.count == 1 && inputs[0].lowercased().hasSuffix(".jsonl") ? inputs[0] : nil)
    }

    func validate() throws {
        if jsonl != nil && !inputs.isEmpty {
            throw ValidationError("give images to recognise or --jsonl FILE of recognitions already made, not both")
        }
        if resultsFile == nil && inputs.isEmpty {
            throw ValidationError("give images or folders to recognise (filterocr report images/) or a batch's results "
                                  + "(filterocr report results.jsonl)")
        }
        if inputs.count > 1, let listed = inputs.first(where: { $0.lowercased().hasSuffix(".jsonl") }) {
            throw ValidationError("\(PathEncoding.displayed(listed)): report on one batch's JSON Lines at a time, "
                                  + "without images (cat a.jsonl b.jsonl | filterocr report --jsonl -)")
        }
        if let results = resultsFile, filters.auto || filters.ops != FilterState() {
            throw ValidationError("\(results == "-" ? "standard input" : PathEncoding.displayed(results)) holds recognitions "
                                  + "already made: --ops and --auto go with images to recognise")
        }
        if resultsFile == "-", isatty(STDIN_FILENO) != 0 {
            throw ValidationError("--jsonl - reads a batch's JSON Lines from standard input: "
                                  + "filterocr batch images/ | filterocr report --jsonl -")
        }
        if format == .html, output == nil || output == "-", isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("an HTML report is for a browser: give -o report.html, or redirect standard output")
        }
    }

    func run() throws {
        if let output, output != "-" { try Terminal.orExit { () throws -> Void in try AtomicFile.checkTarget(output) } }
        let (source, entries) = try resultsFile.map { file in
            (file == "-" ? "standard input" : PathEncoding.displayed(file), try readResults(file))
        } ?? (inputs.map(PathEncoding.displayed).joined(separator: ", "), try recognise())
        let report = CorpusReport(source: source, entries: entries)
        if report.accuracy.pages == 0 {
            Terminal.printWarning("no page has a truth, so no rate: give NAME.txt beside each image NAME.ext, or "
                                  + "--truth FILE|FOLDER" + (resultsFile != nil
                                      ? " (the images as the JSON Lines name them, from the folder batch ran in)" : ""))
        }
        try write(report)
        if report.count(.failed) > 0 { throw ExitCode.failure }
    }

    /// The report in the format asked for, to standard output or written whole to `-o`.
    private func write(_ report: CorpusReport) throws {
        let toFile = output.map { $0 != "-" } ?? false
        let text: String = switch format {
        case .text:
            CorpusReportText.render(report, colours: !toFile && isatty(STDOUT_FILENO) != 0,
                                    width: toFile ? 100 : Terminal.size().width)
        case .json:
            report.jsonDocument
        case .html:
            CorpusReportPage.html(report)
        }
        // Every form ends with one line break (the HTML page has its own).
        let ending = text.hasSuffix("\n") ? "" : "\n"
        guard let output, toFile else { return Terminal.print(text, terminator: ending) }
        try Terminal.orExit { () throws -> Void in try AtomicFile.write(Array((text + ending).utf8), to: output) }
        let accuracy = report.accuracy
        Terminal.printNotice("wrote \(PathEncoding.displayed(output)): \(report.pages.count) pages, \(accuracy.pages) scored"
                             + (accuracy.pages > 0
                                 ? String(format: ", CER %.2f%% micro, %.2f%% macro", accuracy.microCharacterErrorRate * 100,
                                          accuracy.macroCharacterErrorRate * 100) : ""))
    }

    /// The pages of a batch's JSON Lines, each with its truth.
    private func readResults(_ file: String) throws -> [CorpusEntry] {
        try Terminal.orExit {
            try BatchResults.entries(at: file).map { try $0.findingTruth(in: truthOptions.source) }
        }
    }

    /// Recognises every page of the inputs, in input order, each with its truth.
    private func recognise() throws -> [CorpusEntry] {
        let known = Array(BatchInputs(arguments: inputs))
        try Terminal.orExit { () throws -> Void in
            // A path that names nothing would be a report of one failed page: the mistake is the
            // command line's, so it is said alone, before any recognition.
            if let missing = known.first(where: { FileKind(at: $0) == .missing }) { throw ApplicationError.inputNotFound(missing) }
            if known.isEmpty { throw ApplicationError.noImages(in: inputs) }
        }
        let runner = ImageRunner(settings: recognition.settings(ignoredWords: []), store: try recognition.store(),
                                 state: filters.ops, auto: filters.search, jobs: jobs.engines, truth: truthOptions.source, pageSelection: pageOptions.pages,
                                 pagesWithText: pageOptions.pagesWithText)
        let corpus = CorpusRun(runner: runner, truth: truthOptions.source, pageSelection: pageOptions.pages)
        Interrupt.install(resettingAfterFirst: true, signals: Interrupt.endingSignals)
        let progress = ProgressBar.standardErrorIfTerminal()
        defer { progress?.finish() }
        var reached = ImageRunner.Progress()
        let ending = try Terminal.orExit {
            try corpus.run(known, isCancelled: { Interrupt.happened }, starting: { start in
                reached = start
                progress?.update(start)
            }) { entry, state in
                if case .failed(let message) = entry?.outcome {
                    progress?.clear()
                    Terminal.printError(message)
                }
                reached = state
                progress?.update(state)
            }
        }
        switch ending {
        case .read(let entries): return entries
        case .cancelled:
            progress?.finish()
            Interrupt.sayStopped(after: reached.done, of: reached.total, .pages, outcome: "no report")
            throw ExitCode(RunEnding(cancelled: true, failed: 0, signal: Interrupt.signal).exitStatus)
        }
    }
}
