import ArgumentParser
import ImageCodec
import Imaging
import Recognition
import Session

/// Options every command that loads or recognises images accepts.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Tesseract language(s), e.g. eng or eng+deu.")
    var lang = "eng"

    @Option(name: .long, help: "Tesseract page segmentation mode (1, 3-13; 3 is automatic).")
    var psm: PageSegmentation = .default

    @Option(name: .long, help: ArgumentHelp(
        "Resolution to tell Tesseract, in dots per inch.",
        discussion: "By default the image file's own; for files without one, Tesseract estimates it from the text size."))
    var dpi: Int?

    @Option(name: .long, help: "Values the filters work on: linear light (as Core Image) or gamma-encoded sRGB.")
    var colorSpace: WorkingSpace = .linear

    @Option(name: .long, help: "Refuse images with more pixels than this (checked from the header).")
    var maxPixels = ImageDecoder.defaultMaxPixels

    func validate() throws {
        if let dpi, !(1...10_000).contains(dpi) {
            throw ValidationError("--dpi must be between 1 and 10000, e.g. --dpi 300")
        }
        guard maxPixels > 0 else {
            throw ValidationError("--max-pixels must be a positive number of pixels, e.g. 100000000")
        }
        guard !lang.isEmpty, lang.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" }) else {
            throw ValidationError("--lang takes Tesseract language codes such as eng or eng+deu")
        }
    }

    var decoder: ImageDecoder { ImageDecoder(maxPixels: maxPixels) }

    /// A pipeline with a new engine; an engine that cannot start ends the command with its
    /// one-line reason.
    func makePipeline(ignoredWords: Set<String>) throws -> Pipeline {
        let settings = pipelineSettings(ignoredWords: ignoredWords)
        return try Terminal.orExit { try settings.makePipeline() }
    }

    /// What every engine of a command is made with, to hand to worker threads.
    func pipelineSettings(ignoredWords: Set<String>) -> PipelineSettings {
        PipelineSettings(language: lang, pageSegmentation: psm, decoder: decoder, space: colorSpace, resolution: dpi,
                         ignoredWords: ignoredWords)
    }
}

/// The options a `Pipeline` is built from; each thread builds its own, with its own engine.
struct PipelineSettings: Sendable {
    var language: String
    var pageSegmentation: PageSegmentation
    var decoder: ImageDecoder
    var space: WorkingSpace
    var resolution: Int?
    var ignoredWords: Set<String>

    func makePipeline() throws -> Pipeline {
        let engine = try TesseractEngine(language: language, pageSegmentation: pageSegmentation)
        return Pipeline(decoder: decoder, engine: engine, space: space, resolution: resolution, ignoredWords: ignoredWords)
    }
}

extension PageSegmentation: ExpressibleByArgument {
    public init?(argument: String) {
        guard let number = Int(argument) else { return nil }
        self.init(rawValue: number)
    }

    public static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
    public var defaultValueDescription: String { String(rawValue) }
}

extension WorkingSpace: ExpressibleByArgument {}
