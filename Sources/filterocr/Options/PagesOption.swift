import ArgumentParser
import Documents
import PageDocuments

/// `--pages`, `--skip-text` and `--force-ocr`: which pages of each document to read.
struct PagesOption: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp("Leave PDF pages that have text of their own as they are, an earlier OCR "
                                          + "layer too: not recognised, kept unchanged in a searchable PDF. (By default "
                                          + "only pages with visible text are left; an earlier, invisible OCR layer is "
                                          + "recognised again and replaced.)"))
    var skipText = false

    @Flag(name: .long, help: ArgumentHelp("Recognise PDF pages with visible (born-digital) text too, which are left as "
                                          + "they are by default. Their own text stays, and a searchable PDF lays the "
                                          + "recognised text over it, so those pages carry their text twice."))
    var forceOcr = false

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Pages of each PDF or multi-page TIFF to read, from 1: e.g. 1,3-5 or 10- (default: all). "
                               + "A searchable PDF of a PDF keeps the other pages too, as they are.",
                               valueName: "pages"),
            transform: PagesOption.selection)
    var pages: PageSelection?

    /// What the run does with pages that have text of their own.
    var pagesWithText: PagesWithText {
        skipText ? .keepAll : forceOcr ? .recognizeAll : .keepVisible
    }

    mutating func validate() throws {
        if skipText && forceOcr {
            throw ValidationError("--skip-text and --force-ocr contradict each other: --skip-text leaves pages with text "
                                  + "as they are, --force-ocr recognises them; give one")
        }
    }

    static func selection(_ text: String) throws -> PageSelection {
        do throws(PageSelection.ParseError) {
            return try PageSelection(text)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
