import Imaging
import Recognition
import ResultStore

/// Reads the text in a rendered image.
///
/// The application core works against this protocol, so that tests of the core can use a
/// fake that answers at once; `TesseractEngine` is the real one. A recognizer serves one
/// thread at a time: parallel work makes one per thread with `RecognitionSettings`.
public protocol Recognizer {
    /// - Parameter resolution: the DPI to assume, or nil to let the recognizer estimate it.
    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText

    /// `recognize(_:resolution:)`, telling `monitor` the progress and stopping when it is
    /// cancelled (throwing `RecognitionError.cancelled`).
    func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText

    /// Adds the page it recognised last to `document`, showing `shown` in a PDF; returns the
    /// bytes a text format wrote for it.
    @discardableResult
    func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]?

    /// Frees what it keeps of its last recognition for `addLastPage` (Tesseract's copies of the
    /// page and its results): a run calls it once the page is in its document, so that an
    /// engine does not hold one page while it reads the next.
    func releaseLastPage()

    /// Whether the last recognition came from the result store rather than the engine.
    var lastRecognitionWasStored: Bool { get }

    /// Whether it keeps renderings (the result store does), so that a file's digest is worth
    /// computing for `keepLastRendering` and `recognition(ofRendering:resolution:)`.
    var keepsRenderings: Bool { get }

    /// The recognition of the rendering kept under `source`, found without its pixels, and
    /// what the rendering was; nil when it is not kept. Afterwards there is no last page to add.
    /// - Parameter resolution: the resolution asked for; nil for the file's own.
    func recognition(ofRendering source: RenderingKey, resolution: Int?) -> (RecognizedText, StoredRendering)?

    /// Keeps that the last image recognised was `source`'s rendering.
    func keepLastRendering(as source: RenderingKey, fileResolution: Int?)
}

extension Recognizer {
    /// A recognizer that cannot be watched reads the whole image, then honours a cancel.
    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let recognized = try recognize(image, resolution: resolution)
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        return recognized
    }

    public func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]? {
        throw RunnerError(message: "this recognizer writes no \(document.format.rawValue) pages")
    }
}

extension Recognizer {
    public func releaseLastPage() {}
    public var lastRecognitionWasStored: Bool { false }
    public var keepsRenderings: Bool { false }
    public func recognition(ofRendering source: RenderingKey, resolution: Int?) -> (RecognizedText, StoredRendering)? { nil }
    public func keepLastRendering(as source: RenderingKey, fileResolution: Int?) {}
}

extension TesseractEngine: Recognizer {}

/// Makes a recognizer for `settings`; each worker thread calls it once.
public typealias RecognizerFactory = @Sendable (RecognitionSettings) throws -> any Recognizer
