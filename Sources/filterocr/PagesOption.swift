import ArgumentParser
import Documents

/// `--pages` and `--skip-text`: which pages of each document to read.
struct PagesOption: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp("Leave PDF pages that have text of their own as they are: not recognised, "
                                          + "kept unchanged in a searchable PDF (by default they are recognised again "
                                          + "and an earlier OCR layer is replaced)."))
    var skipText = false

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Pages of each PDF or multi-page TIFF to read, from 1: e.g. 1,3-5 or 10- (default: all).",
                               valueName: "pages"),
            transform: PagesOption.selection)
    var pages: PageSelection?

    static func selection(_ text: String) throws -> PageSelection {
        do throws(PageSelection.ParseError) {
            return try PageSelection(text)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
