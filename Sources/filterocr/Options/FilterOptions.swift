import ArgumentParser
import Imaging
import Search

/// `--ops` or `--auto`: how `ocr` and `batch` filter each image before recognising it.
struct FilterOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Filter commands applied to every image, e.g. \"binarize; 75%\" or "
                                            + "\"greyscale; then sauvola\" (default: original).", valueName: "script"),
            transform: OperationsOption.state)
    var ops = FilterState()

    @Flag(name: .long, help: ArgumentHelp("Choose each image's filters without reading the truth: right the page, read it "
                                          + "once, search chains within a budget of work only where the page reads badly, then "
                                          + "read its unsure lines again as crops and vote them back in word by word."))
    var auto = false

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("With --auto, the work the candidates may cost, in recognitions of an image "
                               + "the original's size; an image enlarged twice costs 2, a sample of the page its share of the text (default: "
                               + "\(AutoSearch.defaultBudget.formatted())). Work, not time: the same choice on any machine.",
                               valueName: "n"))
    var autoBudget: Double?

    @Flag(name: .long, help: ArgumentHelp(
        "With --auto, judge the chains on a sample of the page and read only the best two whole.",
        discussion: "Less sure than reading them whole: on the development set's test split it chose worse "
            + "(see docs/auto.md). Default budget with it: \(AutoSearch.Sampling().defaultBudget.formatted())."))
    var autoSample = false

    @Option(name: .long, help: ArgumentHelp(
        "With --auto, what is chosen: \(AutoSearch.Unit.allCases.map(\.rawValue).joined(separator: " or ")) (default: line).",
        discussion: AutoSearch.Unit.allCases.map { "\($0.rawValue): \($0.summary)." }.joined(separator: " "), valueName: "unit"))
    var autoBy: AutoSearch.Unit?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("With --auto by line, the work the crops of unsure lines may cost, in readings of the page "
                               + "(default: \(AutoSearch.defaultLineBudget.formatted())); 0 reads no line again.", valueName: "n"))
    var autoLineBudget: Double?

    @Option(name: .long, help: ArgumentHelp(
        "With --auto, what every chain tried must keep of the page as given, so that the text read lies over it "
            + "(a text layer for another program's page): \(AutoSearch.Keeping.allCases.map(\.rawValue).joined(separator: " or ")).",
        discussion: AutoSearch.Keeping.allCases.map { "\($0.rawValue): \($0.summary)." }.joined(separator: " "), valueName: "what"))
    var autoKeep: AutoSearch.Keeping?

    @Flag(name: .long, help: "With --auto, list every candidate with its score, and every line read again.")
    var explain = false

    func validate() throws {
        if auto && ops != FilterState() {
            throw ValidationError("--auto chooses the filters itself: give --auto or --ops, not both")
        }
        if !auto, let option = autoBudget != nil ? "--auto-budget" : autoSample ? "--auto-sample" : explain ? "--explain"
            : autoBy != nil ? "--auto-by" : autoLineBudget != nil ? "--auto-line-budget" : autoKeep != nil ? "--auto-keep" : nil {
            let example = switch option {
            case "--auto-budget": "--auto-budget 8"
            case "--auto-by": "--auto-by page"
            case "--auto-line-budget": "--auto-line-budget 2"
            case "--auto-keep": "--auto-keep place"
            default: option
            }
            throw ValidationError("\(option) goes with --auto, e.g. --auto \(example)")
        }
        if let autoBudget, !(autoBudget.isFinite && autoBudget >= 1 && autoBudget <= 10_000) {
            throw ValidationError("--auto-budget takes 1 to 10000 recognitions of the original, e.g. --auto-budget 8")
        }
        if let autoLineBudget, !(autoLineBudget.isFinite && autoLineBudget >= 0 && autoLineBudget <= 1000) {
            throw ValidationError("--auto-line-budget takes 0 to 1000 readings of the page, e.g. --auto-line-budget 2")
        }
        if autoLineBudget != nil, autoBy == .page {
            throw ValidationError("--auto-line-budget goes with --auto-by line, the default: leave out --auto-by page")
        }
    }

    /// The search `--auto` asks for, if it does.
    var search: AutoSearch? {
        auto ? AutoSearch(budget: autoBudget, explain: explain, sampling: autoSample ? AutoSearch.Sampling() : nil,
                          unit: autoBy ?? .line, lineBudget: autoLineBudget ?? AutoSearch.defaultLineBudget,
                          keeping: autoKeep) : nil
    }
}
