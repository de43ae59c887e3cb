import ArgumentParser
import Core
import Foundation
import Recognition
import ResultStore

/// Options of every command that recognises text.
struct RecognitionOptions: ParsableArguments {
    @OptionGroup var image: ImageOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: [.customShort("l"), .long, .customLong("language")],
            help: "Tesseract language(s), e.g. eng or eng+deu (-l and --language as in tesseract and OCRmyPDF).")
    var lang = "eng"

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Tesseract page segmentation mode: 1, 3-13 (3 is automatic).", valueName: "mode"),
            transform: RecognitionOptions.pageSegmentation)
    var psm: PageSegmentation = .default

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Resolution to tell Tesseract, in dots per inch.",
        discussion: "By default the image file's own; for files without one, Tesseract estimates it from the text size."))
    var dpi: Int?

    @Option(name: .long, help: ArgumentHelp(
        "At what scale Tesseract reads each page, from the size of its letters: auto, fit or off.",
        discussion: "auto reads large letters on large pages (a phone's photo of a page) at a smaller scale, "
            + "in about two thirds of the time; fit also enlarges tiny letters; off (the default) reads every page as it is. "
            + "Word boxes, hOCR, ALTO, TSV and searchable PDFs stay in the page's own coordinates.",
        valueName: "auto|fit|off"), transform: RecognitionOptions.textSizing)
    var textSize: TextSizing = .off

    func validate() throws {
        if let dpi { try Self.validate(dpi: dpi) }
        let codes = lang.split(separator: "+", omittingEmptySubsequences: false)
        guard codes.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }) else {
            throw ValidationError("--lang takes Tesseract language codes joined by +, such as eng or eng+deu")
        }
        guard !codes.contains("osd") else {
            throw ValidationError("osd is Tesseract's orientation and script detection, not a language to read; "
                                  + "give one such as --lang eng")
        }
        // A language that is not installed is a usage error, said before any work starts.
        let directory = TesseractEngine.defaultDataDirectory
        for code in codes where !FileManager.default.fileExists(atPath: "\(directory)/\(code).traineddata") {
            throw ValidationError(RecognitionError.missingLanguageData(language: String(code), directory: directory)
                .errorDescription ?? "no \(code).traineddata in \(directory)")
        }
    }

    static func validate(dpi: Int) throws {
        guard (1...10_000).contains(dpi) else { throw ValidationError("--dpi must be between 1 and 10000, e.g. --dpi 300") }
    }

    /// The settings every engine of a command is made with.
    func settings(ignoredWords: Set<String>) -> RecognitionSettings {
        RecognitionSettings(language: lang, pageSegmentation: psm, resolution: dpi, textSizing: textSize, space: image.colorSpace,
                            ignoredWords: ignoredWords, decoder: image.decoder, runtime: FilterOCR.runtime)
    }

    /// The result store before the command's engines, unless `--no-store`.
    func store() throws -> ResultStore? {
        try storeOptions.open()
    }

    static func textSizing(_ text: String) throws -> TextSizing {
        guard let sizing = TextSizing(rawValue: text) else {
            throw ValidationError("--text-size is auto, fit or off, e.g. --text-size off to read every page as it is")
        }
        return sizing
    }

    static func pageSegmentation(_ text: String) throws -> PageSegmentation {
        guard let number = Int(text), let mode = PageSegmentation(rawValue: number) else {
            throw ValidationError("Tesseract's modes are 1 and 3 to 13 (3 is automatic), e.g. --psm 6")
        }
        return mode
    }
}
