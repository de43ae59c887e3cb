import Foundation

/// Why the engine could not start or could not read an image.
public enum RecognitionError: LocalizedError, Equatable {
    case missingLanguageData(language: String, directory: String)
    case engineFailedToStart(language: String)
    case imageTooSmall(width: Int, height: Int)
    case recognitionFailed
    /// The recognition was stopped through its monitor.
    case cancelled
    /// A document in one of Tesseract's formats could not be written.
    case documentFailed(String)

    public var errorDescription: String? {
        switch self {
        case let .missingLanguageData(language, directory):
            "no \(language).traineddata in \(directory); install it with "
                + "'apt-get install tesseract-ocr-\(language)' or set TESSDATA_PREFIX"
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
        }
    }
}
