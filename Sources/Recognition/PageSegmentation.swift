internal import CTesseract

/// Tesseract's page segmentation modes, by the numbers its command line uses (`--psm`).
public enum PageSegmentation: Int, Sendable, CaseIterable {
    case automaticWithOrientation = 1
    case automatic = 3
    case singleColumn = 4
    case singleBlockVertical = 5
    case singleBlock = 6
    case singleLine = 7
    case singleWord = 8
    case circleWord = 9
    case singleCharacter = 10
    case sparseText = 11
    case sparseTextWithOrientation = 12
    case rawLine = 13

    /// What the `tesseract` command line uses when not told otherwise.
    public static let `default` = PageSegmentation.automatic

    var tesseractMode: TessPageSegMode { TessPageSegMode(UInt32(rawValue)) }
}
