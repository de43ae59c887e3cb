import Foundation
import Imaging
import Recognition

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

    /// `recognize(_:resolution:monitor:)` with the engine's own `engine` settings (`psm 6`) for
    /// this reading alone.
    func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings, monitor: RecognitionMonitor?) throws -> RecognizedText

    /// Adds the page it recognised last to `document`, a searchable PDF, showing `shown`.
    func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws

    /// Frees what it keeps of its last recognition for `addLastPage` (Tesseract's copies of the
    /// page and its results): a run calls it once the page is in its document, so that an
    /// engine does not hold one page while it reads the next.
    func releaseLastPage()

    /// Runs `body` with an engine that reads for no one else while it runs: this one, or the
    /// next free one of a pool (`Engines`), so that a page read there can be added from it.
    func exclusively<Value>(_ body: (any Recognizer) throws -> Value) throws -> Value

    /// Whether the page this recognizer read last is its caller's last reading, to be added to
    /// a document without reading it again.
    var keepsCallersLastPage: Bool { get }
}

extension Recognizer {
    /// A recognizer that cannot be watched reads the whole image, then honours a cancel.
    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let recognized = try recognize(image, resolution: resolution)
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        return recognized
    }

    /// A recognizer with no engine settings reads with its own, and refuses others.
    public func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings,
                          monitor: RecognitionMonitor?) throws -> RecognizedText {
        guard engine.isDefault else {
            throw RunnerError(message: "this recognizer cannot read with \(engine.commands.joined(separator: "; "))")
        }
        return try recognize(image, resolution: resolution, monitor: monitor)
    }

    public func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws {
        throw RunnerError(message: "this recognizer writes no \(document.format.rawValue) pages")
    }

    public func releaseLastPage() {}

    public func exclusively<Value>(_ body: (any Recognizer) throws -> Value) throws -> Value { try body(self) }

    public var keepsCallersLastPage: Bool { true }
}

extension TesseractEngine: Recognizer {}

/// Makes a recognizer for `settings`; each worker thread calls it once.
public typealias RecognizerFactory = @Sendable (RecognitionSettings) throws -> any Recognizer

/// The engine of a pipeline that only loads and renders (`Pipeline.rendering`).
struct NoEngine: Recognizer {
    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        throw RunnerError(message: "this pipeline renders, and has no engine to read with")
    }
}
