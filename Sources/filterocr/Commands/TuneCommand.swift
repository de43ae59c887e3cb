import ArgumentParser
import FileSystem
import Foundation
import Reports
import Runs
import Search
import TerminalText

/// `filterocr tune FOLDER`: one recipe for a corpus, cross-validated.
struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Find one filter recipe for a corpus: the chain that reads its pages with truths best, cross-validated.",
        discussion: """
            Searches chains of filters and their strengths for the fewest character errors over \
            the pages that have a truth (NAME.txt beside NAME.png, or --truth), and prints the \
            recipe as an --ops script for batch, with the CER to expect on pages it was not \
            tuned on: the pages are dealt into --folds folds, each fold's pages are read with \
            the recipe tuned on the others, and the spread is a bootstrap interval over those \
            pages and the folds' range. Each held-out page is also read with --auto, to \
            compare (--no-auto skips it). Ctrl-C stops and prints the best recipe so far. \
            Exit status: 0 when done, 1 when a page could not be read or there is too little \
            to tune on, 2 for a usage error, 130 when interrupted.
            """
    )

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var truthOptions: TruthFileOption
    @OptionGroup var jobs: JobsOption
    @OptionGroup var pageOptions: PagesOption

    @Argument(help: ArgumentHelp("Folders (searched for images and documents), images or quoted globs.", valueName: "folder"))
    var inputs: [String]

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Recognitions the search and the cross-validation may cost (default: "
                               + "\(CorpusTuner.defaultBudgetPerPage) per page with a truth); --auto's comparison "
                               + "costs its own on top.", valueName: "n"))
    var budget: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Folds of the cross-validation, 2 to 20.", valueName: "k"))
    var folds = CorpusTuner.defaultFolds

    @Flag(name: .long, help: "Do not compare the recipe with --auto on the held-out pages (which costs --auto's budget a page).")
    var noAuto = false

    @Flag(name: .long, help: "Print the report as one JSON object.")
    var json = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give a folder of images with truths, e.g. filterocr tune scans/") }
        if !(2...20).contains(folds) { throw ValidationError("--folds takes 2 to 20, e.g. --folds 3") }
        if let budget, budget < 1 { throw ValidationError("--budget takes a number of recognitions, e.g. --budget 400") }
        for input in inputs where !input.contains(where: { "*?[".contains($0) }) && FileKind(at: input) == .missing {
            throw ValidationError("\(PathEncoding.displayed(input)): no such file or folder")
        }
    }

    func run() throws {
        let found = try Terminal.orExit {
            try TunePage.find(in: inputs, selection: pageOptions.pages, truth: truthOptions.source)
        }
        for failure in found.failures { Terminal.printError(failure) }
        guard !found.pages.isEmpty else {
            Terminal.printError("no pages with a truth in \(inputs.map(PathEncoding.displayed).joined(separator: ", ")): "
                                + "tune needs NAME.txt beside each image NAME.png (or --truth FOLDER)")
            throw ExitCode.failure
        }
        let tuner = CorpusTuner(settings: recognition.settings(ignoredWords: []), store: try recognition.store(),
                                jobs: jobs.engines, budget: budget ?? CorpusTuner.defaultBudgetPerPage * found.pages.count,
                                folds: folds, auto: noAuto ? nil : AutoSearch())
        Interrupt.install(resettingAfterFirst: true, signals: Interrupt.endingSignals)
        let progress = ProgressBar.standardErrorIfTerminal(counting: .recognitions)
        let report = try Terminal.orExit {
            defer { progress?.finish() }
            return try tuner.run(found.pages, withoutTruth: found.withoutTruth.count, stop: Interrupt.stop) {
                progress?.show(HumanText.tuneProgress($0))
            }
        }
        if report.interrupted {
            // --auto's comparison costs recognitions beyond the budget: then the count stands alone.
            Interrupt.sayStopped(after: report.recognitions, of: report.recognitions <= report.budget ? report.budget : nil,
                                 .recognitions, outcome: "the best recipe so far follows")
        }
        for problem in report.unreadable { Terminal.printError(problem) }
        if json {
            Terminal.print(JSONLines.line(report))
        } else {
            let named = inputs.map { $0.contains(where: { " \"'$;&|".contains($0) }) ? "'\($0)'" : $0 }.joined(separator: " ")
            for line in HumanText.tune(report, inputs: PathEncoding.displayed(named)) { Terminal.print(line) }
        }
        try RunEnding(cancelled: report.interrupted, failed: report.unreadable.count + found.failures.count,
                      signal: Interrupt.signal).exit()
    }
}
