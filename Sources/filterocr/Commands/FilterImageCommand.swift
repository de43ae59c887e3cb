import ArgumentParser
import Core
import Foundation
import Imaging
import PageDocuments
import Runs

/// `filterocr filter IMAGE --ops "blur; 25%" -o OUT.png`: apply a command script, no OCR.
struct FilterImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Apply filter commands to an image and write the result as PNG, without OCR.",
        discussion: """
            The commands are the session's: \(FilterCommand.vocabulary.usageList), separated by ';' \
            (V is 0-3, or 0%-300%). Example: --ops "blur; 25%; 75%". '-' as the image reads it \
            from standard input, and -o - writes the PNG to standard output.
            """
    )

    @OptionGroup var imageOptions: ImageOptions

    @Argument(help: ArgumentHelp("The image to filter (a PDF's or TIFF's page: --page), or - for standard input.",
                                 valueName: "image"))
    var image: String

    @OptionGroup var pageOption: PageOption

    @Option(name: .long, help: ArgumentHelp("Filter commands, e.g. \"binarize; slider 1.5\".", valueName: "script"),
            transform: OperationsOption.state)
    var ops: FilterState

    @Option(name: [.customShort("o"), .long], help: "Where to write the PNG (- for standard output).")
    var output: String

    @Option(name: .long, parsing: .unconditional,
            help: "Resolution to record in the PNG, in dots per inch (by default the input file's own).")
    var dpi: Int?

    // Recognition options, accepted only to say why they do not apply here.
    @Option(name: .long, help: .hidden) var lang: String?
    @Option(name: .long, help: .hidden) var psm: String?

    func validate() throws {
        if lang != nil || psm != nil {
            throw ValidationError("filter writes an image without OCR, so --lang and --psm do not apply; "
                                  + "use them with ocr, repl or batch (--dpi is recorded in the PNG)")
        }
        if let dpi { try RecognitionOptions.validate(dpi: dpi) }
        guard output == PNGOutput.standardOutputName || output.lowercased().hasSuffix(".png") else {
            throw ValidationError("--output must name a .png file, e.g. -o filtered.png, or - for standard output")
        }
    }

    func run() throws {
        try Terminal.orExit {
            try PNGOutput.checkTarget(output)
            let settings = RecognitionSettings(resolution: dpi, space: imageOptions.colorSpace, decoder: imageOptions.decoder,
                                               runtime: FilterOCR.runtime)
            var pipeline = Pipeline.rendering(settings)
            let original = try pipeline.load(image, page: pageOption.page)
            let filtered = pipeline.renderer.render(original, operations: ops.operations)
            let resolution = dpi ?? original.decoded.resolution
            guard output == PNGOutput.standardOutputName else {
                return try PNGOutput.write(filtered, resolution: resolution, to: output)
            }
            // A closed pipe ends quietly, as for the other commands; a full disk with its error.
            Terminal.writeOutput(try PNGOutput.encoded(filtered, resolution: resolution, for: output))
        }
        if Terminal.outputClosed && Terminal.outputFailure == nil { throw ExitCode(ExitStatus.outputClosed) }
    }
}
