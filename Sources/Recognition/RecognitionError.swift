import Foundation

/// Why the engine could not start or could not read an image.
public enum RecognitionError: LocalizedError, Equatable {
    case missingLanguageData(language: String, directory: String)
    case engineFailedToStart(language: String)
    case imageTooSmall(width: Int, height: Int)
    case recognitionFailed
    /// The recognition was stopped through its monitor.
    case cancelled
    /// The recognition ran past its monitor's deadline (a page's time limit).
    case timedOut
    /// A document in one of Tesseract's formats could not be written.
    case documentFailed(String)

    public var errorDescription: String? {
        switch self {
        case let .missingLanguageData(language, directory):
            Self.missingLanguageMessage(language, directory: directory)
        case let .engineFailedToStart(language):
            "Tesseract could not start with language '\(language)'"
        case let .imageTooSmall(width, height):
            "image is \(width)x\(height) pixels, too small to hold text "
                + "(at least \(TesseractEngine.minimumSide)x\(TesseractEngine.minimumSide) needed)"
        case .recognitionFailed:
            "Tesseract failed to recognise the image"
        case .documentFailed(let message):
            message
        case .cancelled:
            "the recognition was cancelled"
        case .timedOut:
            "the recognition ran past its time limit"
        }
    }

    /// What to install, or which code was meant: `german` is `deu`, from `tesseract-ocr-deu`.
    private static func missingLanguageMessage(_ language: String, directory: String) -> String {
        let installed = LanguageCode.installed(in: directory)
        let have = installed.isEmpty ? "no languages are installed there" : "installed: " + installed.joined(separator: ", ")
        if let code = LanguageCode.code(forName: language), code != language {
            let install = installed.contains(code) ? "" : " (apt-get install \(LanguageCode.debianPackage(for: code)))"
            return "'\(language)' is not a language code: \(language.prefix(1).uppercased() + language.dropFirst()) is "
                + "--lang \(code)\(install); \(have)"
        }
        return "no \(language).traineddata in \(directory); install it with 'apt-get install "
            + "\(LanguageCode.debianPackage(for: language))' or set TESSDATA_PREFIX; \(have)"
    }
}
