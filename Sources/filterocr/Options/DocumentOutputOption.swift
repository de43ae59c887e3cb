import ArgumentParser
import Core
import Formats
import Foundation

/// `-o FILE`: where the one document of a Tesseract format goes, for `ocr` and `batch`.
struct DocumentOutputOption: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Where the document of --format \(DocumentFormat.nameList) goes, with a page per image "
            + "in input order, written whole at the end; - for standard output (the default).",
        valueName: "file"))
    var output: String?

    @Flag(name: .long, help: ArgumentHelp(
        "With --format pdf: the invisible text alone, each page the size of the image read, to lay "
            + "over pages kept elsewhere (as OCRmyPDF lays its engine's text over its own pages)."))
    var textOnly = false

    /// Where the document of `format` goes; nil for filterocr's own formats. Refuses `-o`
    /// with those, and a PDF onto a terminal.
    func destination(for format: OutputFormat) throws -> String? {
        if textOnly, format.document != .pdf {
            throw ValidationError("--text-only is for --format pdf")
        }
        guard format.document != nil else {
            if output != nil {
                throw ValidationError("-o is for the document formats (\(DocumentFormat.nameList)); "
                                      + "--format \(format.rawValue) goes to standard output")
            }
            return nil
        }
        let destination = output ?? PNGOutput.standardOutputName
        if format.document == .pdf, destination == PNGOutput.standardOutputName, isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("a PDF is not for a terminal: give -o FILE.pdf, or redirect standard output")
        }
        return destination
    }
}
