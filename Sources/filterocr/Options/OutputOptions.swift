import ArgumentParser
import Documents
import FileSystem
import Formats
import Foundation
import PageDocuments

/// Where `ocr` and `batch` write, in which format: `-o FILE` (its extension names the format
/// unless `--format` does), `--text-only`, `--optimize` and `--sidecar`, with OCRmyPDF's
/// meanings.
struct OutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Where the results go, written whole at the end: a document with a page per image in input order, "
            + "or the text or JSON Lines; - for standard output (the default). Without --format, the file's "
            + "extension names the format: \(OutputFormat.extensionList).",
        valueName: "file"))
    var output: String?

    @Flag(name: .long, help: ArgumentHelp(
        "With --format pdf: the invisible text alone, each page the size of the image read, to lay "
            + "over pages kept elsewhere (as OCRmyPDF lays its engine's text over its own pages)."))
    var textOnly = false

    @OptionGroup var optimization: OptimizeOption

    @Option(name: .long, help: ArgumentHelp(
        "Also write the text recognised to this file, as OCRmyPDF's --sidecar does: each page's text, a form "
            + "feed between pages, '[OCR skipped on page N]' for a page left as it is.",
        valueName: "file"))
    var sidecar: String?

    /// The format of the run: `given` (`--format`, or `--json`'s), else the one `-o`'s extension
    /// names, else `standard`. An `-o` file whose extension names none is refused.
    func format(given: OutputFormat?, standard: OutputFormat) throws -> OutputFormat {
        if let given { return given }
        guard let output, output != PNGOutput.standardOutputName else { return standard }
        guard let format = OutputFormat(path: output) else {
            throw ValidationError("-o \(PathEncoding.displayed(output)): the extension names no format; name the file "
                                  + "\(OutputFormat.extensionList), or give --format")
        }
        return format
    }

    /// Where the results in `format` go, made from `inputs`: a file, or `-` for a document on
    /// standard output; nil for filterocr's own formats on standard output. Refuses a PDF onto
    /// a terminal, options of the PDF with another format, and an output or sidecar that is one
    /// of the inputs (links followed), which it would replace: only a PDF made searchable keeps
    /// what it had, its own pages.
    func destination(for format: OutputFormat, from inputs: [String]) throws -> String? {
        if textOnly, format.document != .pdf { throw ValidationError("--text-only is for --format pdf") }
        try optimization.check(writesPDF: format.document == .pdf)
        let destination = format.document == nil ? output.flatMap { $0 == PNGOutput.standardOutputName ? nil : $0 }
            : output ?? PNGOutput.standardOutputName
        if format.document == .pdf, destination == PNGOutput.standardOutputName, isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("a PDF is not for a terminal: give -o FILE.pdf, or redirect standard output")
        }
        if let output, let input = Self.input(among: inputs, sameAs: output),
           textOnly || format.document != .pdf || Document.kind(of: input) != .pdf {
            throw ValidationError("-o \(PathEncoding.displayed(output)) is also an input, which the document would "
                                  + "replace; give another file")
        }
        if let sidecar {
            if sidecar == PNGOutput.standardOutputName {
                throw ValidationError("--sidecar takes a file to write the text to, e.g. --sidecar out.txt")
            }
            if Self.input(among: inputs, sameAs: sidecar) != nil {
                throw ValidationError("--sidecar \(PathEncoding.displayed(sidecar)) is also an input, which the text "
                                      + "would replace; give another file")
            }
            if let output, output == sidecar || Self.input(among: [output], sameAs: sidecar) != nil {
                throw ValidationError("--sidecar \(PathEncoding.displayed(sidecar)) is also -o's file; give another")
            }
        }
        return destination
    }

    /// Sets where `run` writes, from `inputs`, and how.
    func apply(to run: inout ImageRun, from inputs: [String]) throws {
        run.destination = try destination(for: run.format, from: inputs)
        run.textOnly = textOnly
        run.optimized = optimization.optimized
        run.sidecar = sidecar
    }

    /// The first of `inputs` that is the file at `path` (links followed), if it exists.
    private static func input(among inputs: [String], sameAs path: String) -> String? {
        guard let stamp = FileStamp(at: path) else { return nil }
        return inputs.first { FileStamp(at: $0)?.isSameFile(as: stamp) == true }
    }
}
