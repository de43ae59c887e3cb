internal import CTIFF
import Imaging

/// The image libraries' messages, quieted through each library's own hooks, never by pointing
/// a descriptor of the process elsewhere: a real error or a crash report from any thread
/// always reaches standard error.
///
/// - Leptonica: its severity threshold and its standard-error handler (`LeptonicaMessages`).
/// - libtiff: its process-wide warning and error handlers, which Leptonica's TIFF reading and
///   `TIFFPages` share, set to none; failures come back as return values.
/// - libpng and libjpeg: handlers of filterocr's own for each file (`PNGAndJPEG`), since
///   Leptonica sets both up with their printing defaults.
/// - Tesseract: its `debug_file` variable, set for each engine (`TesseractEngine`).
enum LibraryMessages {
    private static let quieted: Void = {
        LeptonicaMessages.quiet()
        TIFFSetWarningHandler(nil)
        TIFFSetErrorHandler(nil)
    }()

    /// Installs the hooks, once for the process.
    static func quiet() { quieted }
}
