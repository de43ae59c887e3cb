import ArgumentParser

/// `--page N`: the one page of a document a single-image command works on.
struct PageOption: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("The page of a PDF or multi-page TIFF to work on, from 1 (default: 1).", valueName: "n"))
    var page: Int?

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page counts from 1, e.g. --page 2 (not \(page))") }
    }
}
