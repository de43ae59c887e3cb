import ArgumentParser
import Documents
import FileSystem
import Formats
import Foundation
import PageDocuments

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

    /// Where the document of `format` goes, made from `inputs`; nil for filterocr's own formats.
    /// Refuses `-o` with those, a PDF onto a terminal, and an output that is one of the inputs
    /// (links followed), which the document would replace: only a PDF made searchable keeps
    /// what it had, its own pages.
    func destination(for format: OutputFormat, from inputs: [String]) throws -> String? {
        let destination = try destination(for: format)
        if let output, let destinationStamp = FileStamp(at: output),
           let input = inputs.first(where: { FileStamp(at: $0)?.isSameFile(as: destinationStamp) == true }),
           textOnly || format.document != .pdf || Document.kind(of: input) != .pdf {
            throw ValidationError("-o \(PathEncoding.displayed(output)) is also an input, which the document would "
                                  + "replace; give another file")
        }
        return destination
    }

    /// Where the document of `format` goes; nil for filterocr's own formats. Refuses `-o`
    /// with those, and a PDF onto a terminal.
    private func destination(for format: OutputFormat) throws -> String? {
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
