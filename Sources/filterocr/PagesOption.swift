import ArgumentParser
import Documents

/// `--pages`: which pages of each document to read.
struct PagesOption: ParsableArguments {
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
