import Charts
import ArgumentParser
import FileSystem
import Foundation
import Imaging
import Reports
import Runs
import TerminalText

/// `filterocr sweep IMAGE --filter blur`: recognition against a filter's strength.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Recognise an image at many strengths of a filter: a table, and a chart with --plot.",
        discussion: """
            Each point is the filter at that strength on the original, as the slider sets it \
            (strengths as the slider takes them: 0.015 or 1.5%); with --compound, point k is \
            the filter followed by k steps, as 25% and 75% compound. Without a range, one \
            that shows the interesting part of the curve: blur up to where the image's text \
            is gone (σ 6 for a page's body text, further for larger text), binarize over the \
            whole threshold range. Rows come in strength order as they complete; Ctrl-C keeps \
            those and marks the chart partial.
            """
    )

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var truthOptions: TruthOptions
    @OptionGroup var jobs: JobsOption

    @OptionGroup var pageOption: PageOption

    @Argument(help: ArgumentHelp("The image to sweep (a PDF's or TIFF's page: --page).", valueName: "image"))
    var image: String

    @Option(name: .long, help: "The filter whose strength is swept, e.g. blur or binarize.")
    var filter: FilterKind

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("The first strength, e.g. 0 or 0.5%.", valueName: "strength"),
            transform: SweepCommand.strength)
    var from: Double?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("The last strength, e.g. 0.06 or 6%.", valueName: "strength"),
            transform: SweepCommand.strength)
    var to: Double?

    @Option(name: .long, parsing: .unconditional, help: "How many points from --from to --to, or how many --compound steps.")
    var steps: Int?

    @Option(name: .long, help: ArgumentHelp("The strengths themselves, e.g. 0,1%,2%,5%.", valueName: "list"),
            transform: { try $0.split(separator: ",").map { try SweepCommand.strength(String($0)) } })
    var values: [Double]?

    @Option(name: .long, help: ArgumentHelp("Sweep the compounding chain of this step (25% or 75%).", valueName: "step"),
            transform: SweepCommand.step)
    var compound: Double?

    @Option(name: .long, help: "table, csv or jsonl.")
    var format: SweepTable.Format = .table

    @Option(name: .long, help: ArgumentHelp("Also draw the curves as an SVG chart.", valueName: "file.svg"))
    var plot: String?

    func validate() throws {
        if let steps, !(1...200).contains(steps) { throw ValidationError("--steps takes 1 to 200 points, e.g. --steps 12") }
        if values != nil && (from != nil || to != nil || compound != nil) {
            throw ValidationError("give --values, or --from/--to/--steps, or --compound STEP --steps N, not several")
        }
        if compound != nil && (from != nil || to != nil) {
            throw ValidationError("--compound sweeps the chain of steps: give --steps N, not --from or --to")
        }
        if let plot, !plot.lowercased().hasSuffix(".svg") { throw ValidationError("--plot writes SVG: give a name ending in .svg") }
    }

    /// The strengths asked for; nil for the filter's default ones.
    var plan: SweepPlan? {
        if let compound { return SweepPlan(filter: filter, kind: .compound(step: compound, steps: steps ?? 8)) }
        if let values { return SweepPlan(filter: filter, kind: .strengths(values)) }
        if from == nil && to == nil && steps == nil { return nil }
        let defaults = SweepPlan.defaultStrengths(for: filter)
        return SweepPlan(filter: filter, kind: .strengths(FilterKind.evenly(
            from: from ?? defaults.first ?? 0, to: to ?? defaults.last ?? 1, steps: steps ?? 12)))
    }

    func run() throws {
        if let plot { try Terminal.orExit { () throws -> Void in try AtomicFile.checkTarget(plot) } }
        let runner = SweepRunner(settings: recognition.settings(ignoredWords: []), store: try recognition.store(), jobs: jobs.engines,
                                 truth: truthOptions.source)
        let plan = try Terminal.orExit { try self.plan ?? runner.standardPlan(for: filter, image: image, page: pageOption.page) }
        Interrupt.install(resettingAfterFirst: true, signals: Interrupt.endingSignals)
        let progress = ProgressBar.standardErrorIfTerminal(counting: .points)
        let points = plan.states.count
        progress?.update(ImageRunner.Progress(total: points))
        var rows: [SweepRow] = []
        var done = 0
        var table = SweepTable(format: format, filter: filter, compound: compound != nil)
        let complete = try Terminal.orExit {
            defer { progress?.finish() }
            return try runner.run(image: image, page: pageOption.page, plan: plan, isCancelled: { Interrupt.happened || Terminal.outputClosed }) { result, finished, total in
                progress?.clear()
                switch result {
                case .success(let row):
                    rows.append(row)
                    for line in table.lines(for: row) { Terminal.print(line) }
                case .failure(let error):
                    Terminal.printError(error.message)
                }
                done = finished
                progress?.update(ImageRunner.Progress(done: finished, failed: 0, total: total))
            }
        }
        if !complete {
            Interrupt.sayStopped(after: done, of: points, .points, outcome: plot == nil ? nil : "the chart is marked partial")
        }
        if let plot {
            let chart = SweepChart.svg(rows, plan: plan, image: AtomicFile.name(of: image), partial: !complete)
            try Terminal.orExit { () throws -> Void in try AtomicFile.write(Array(chart.utf8), to: plot) }
        }
        try RunEnding(cancelled: !complete, failed: 0, signal: Interrupt.signal).exit()
    }

    static func strength(_ text: String) throws -> Double {
        do {
            return try FilterCommand.sliderIntensity(Substring(text))
        } catch {
            throw ValidationError("'\(text)' is not a strength from 0 to 3 (0% to 300%), as slider takes")
        }
    }

    static func step(_ text: String) throws -> Double {
        switch text {
        case "25%", "0.25": 0.25
        case "75%", "0.75": 0.75
        default: throw ValidationError("the steps that compound are 25% and 75%")
        }
    }
}
