import ImageCodec
import Imaging
import Recognition
import Reports

/// Everything that decides what a recognition reads, besides the image and its filters.
/// Reports carry it, so that a result says what produced it.
public struct RecognitionSettings: Sendable, Encodable {
    /// Tesseract language codes, e.g. `eng` or `eng+deu`.
    public var language: String
    public var pageSegmentation: PageSegmentation
    /// The resolution to assume; nil uses the file's own, or lets Tesseract estimate it.
    public var resolution: Int?
    /// At what scale the engine reads a page, from the size of its letters.
    public var textSizing: TextSizing

    /// The resolution a recognition of `original` assumes: the option's, else the file's own.
    public func resolution(of original: LoadedImage) -> Int? {
        resolution ?? original.decoded.resolution
    }
    /// The values the filters work on.
    public var space: WorkingSpace
    /// Words left out of the top words, such as `StopWords.english`.
    public var ignoredWords: Set<String>
    public var decoder: ImageDecoder
    /// What the run needs of its process (orientation, library silencing, stores); not a setting
    /// of the reading, so no report carries it.
    public var runtime: Runtime

    /// What the filters are applied with.
    public var filterContext: FilterContext { runtime.filterContext(space) }

    public init(language: String = "eng", pageSegmentation: PageSegmentation = .default, resolution: Int? = nil,
                textSizing: TextSizing = .off, space: WorkingSpace = .linear, ignoredWords: Set<String> = [],
                decoder: ImageDecoder = ImageDecoder(), runtime: Runtime = Runtime()) {
        self.language = language
        self.pageSegmentation = pageSegmentation
        self.resolution = resolution
        self.textSizing = textSizing
        self.space = space
        self.ignoredWords = ignoredWords
        self.decoder = decoder
        self.runtime = runtime
    }

    /// The settings one reading is made with: these, with the page segmentation a script set
    /// (`psm 10`) in place of the run's. A report says it, and the store keys it so.
    public func reading(with engine: EngineSettings) -> RecognitionSettings {
        var settings = self
        if let mode = engine.pageSegmentation.flatMap(PageSegmentation.init(rawValue:)) { settings.pageSegmentation = mode }
        return settings
    }

    /// A Tesseract engine for these settings.
    public static let tesseract: RecognizerFactory = { settings in
        try TesseractEngine(language: settings.language, pageSegmentation: settings.pageSegmentation)
    }

    /// As a report says them (`RecognitionReport.Settings`): one encoding for the REPL's status and the reports.
    public func encode(to encoder: any Encoder) throws {
        try RecognitionReport.Settings(self).encode(to: encoder)
    }
}
