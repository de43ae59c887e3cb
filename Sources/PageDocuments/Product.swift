import Recognition

/// What filterocr calls itself: in `--version`, and as the producer of the PDFs it writes.
public enum Product {
    public static let version = "0.1.0"

    /// "filterocr 0.1.0 (Tesseract 5.3.0)".
    public static var nameAndVersion: String { "filterocr \(version) (Tesseract \(TesseractEngine.version))" }
}
