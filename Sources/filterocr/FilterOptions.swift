import ArgumentParser
import Imaging
import Search

/// `--ops` or `--auto`: how `ocr` and `batch` filter each image before recognising it.
struct FilterOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Filter commands applied to every image, e.g. \"binarize; 75%\" or "
                                            + "\"greyscale; then sauvola\" (default: original).", valueName: "script"),
            transform: OperationsOption.state)
    var ops = FilterState()

    @Flag(name: .long, help: ArgumentHelp("Choose each image's filters: try chains within a budget of work and keep the "
                                          + "one whose recognition scores best, without reading the truth."))
    var auto = false

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("With --auto, the work the candidates may cost, in recognitions of an image "
                               + "the original's size; an image enlarged twice costs 2 (default: "
                               + "\(AutoSearch.defaultBudget.formatted())). Work, not time: the same choice on any machine.",
                               valueName: "n"))
    var autoBudget: Double?

    @Flag(name: .long, help: "With --auto, list every candidate with its score.")
    var explain = false

    func validate() throws {
        if auto && ops != FilterState() {
            throw ValidationError("--auto chooses the filters itself: give --auto or --ops, not both")
        }
        if !auto && (autoBudget != nil || explain) {
            throw ValidationError("\(autoBudget != nil ? "--auto-budget" : "--explain") goes with --auto, e.g. --auto --explain")
        }
        if let autoBudget, !(autoBudget.isFinite && autoBudget >= 1 && autoBudget <= 10_000) {
            throw ValidationError("--auto-budget takes 1 to 10000 recognitions of the original, e.g. --auto-budget 8")
        }
    }

    /// The search `--auto` asks for, if it does.
    var search: AutoSearch? {
        auto ? AutoSearch(budget: autoBudget ?? AutoSearch.defaultBudget, explain: explain) : nil
    }
}
