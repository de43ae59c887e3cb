import Dispatch
import Foundation
import Imaging
import Recognition
import Threading

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

    /// Adds the page it recognised last to `document`, showing `shown` in a PDF; returns the
    /// bytes a text format wrote for it.
    @discardableResult
    func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]?

    /// Frees what it keeps of its last recognition for `addLastPage` (Tesseract's copies of the
    /// page and its results): a run calls it once the page is in its document, so that an
    /// engine does not hold one page while it reads the next.
    func releaseLastPage()
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

    public func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]? {
        throw RunnerError(message: "this recognizer writes no \(document.format.rawValue) pages")
    }

    public func releaseLastPage() {}
}

extension TesseractEngine: Recognizer {}

/// Makes a recognizer for `settings`; each worker thread calls it once.
public typealias RecognizerFactory = @Sendable (RecognitionSettings) throws -> any Recognizer

/// A recognizer started when it is first asked to recognise: a run whose pages all come from
/// the result store starts no engine.
final class LazyRecognizer: Recognizer {
    private let start: () throws -> any Recognizer
    private var started: (any Recognizer)?

    init(_ start: @escaping () throws -> any Recognizer) {
        self.start = start
    }

    private var engine: any Recognizer {
        get throws {
            if let started { return started }
            let engine = try start()
            started = engine
            return engine
        }
    }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try engine.recognize(image, resolution: resolution)
    }

    func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try engine.recognize(image, resolution: resolution, monitor: monitor)
    }

    func recognize(_ image: RGBImage, resolution: Int?, engine settings: EngineSettings,
                   monitor: RecognitionMonitor?) throws -> RecognizedText {
        try engine.recognize(image, resolution: resolution, engine: settings, monitor: monitor)
    }

    func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]? {
        try engine.addLastPage(to: document, showing: shown)
    }

    func releaseLastPage() { started?.releaseLastPage() }
}

/// A recognizer whose engine starts at once on a thread of its own, so that its caller decodes
/// the first image meanwhile (Tesseract's start, about 50 ms, is as long as decoding a scan);
/// the first use waits for it. `start()` says whether it could start.
final class StartingRecognizer: Recognizer {
    private let made = Locked<Result<any Recognizer, any Error>?>(nil)
    private let ready = DispatchSemaphore(value: 0)
    private var engine: Result<any Recognizer, any Error>?

    init(_ start: @escaping @Sendable () throws -> any Recognizer) {
        let (made, ready) = (made, ready)
        let thread = Thread {
            // Made under the lock, which nothing else takes before `ready` says it is made.
            made.withLock { $0 = Result { try start() } }
            ready.signal()
        }
        // The stack every engine thread has (`Engines`): the engine's start runs here.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The engine, once made; throws what stopped it.
    private func started() throws -> any Recognizer {
        if engine == nil {
            ready.wait()
            engine = made.withLock { $0.take() }
        }
        return try engine!.get()
    }

    /// Waits for the engine to start; throws what stopped it.
    func start() throws { _ = try started() }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try started().recognize(image, resolution: resolution)
    }

    func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try started().recognize(image, resolution: resolution, monitor: monitor)
    }

    func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings,
                   monitor: RecognitionMonitor?) throws -> RecognizedText {
        try started().recognize(image, resolution: resolution, engine: engine, monitor: monitor)
    }

    func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]? {
        try started().addLastPage(to: document, showing: shown)
    }

    func releaseLastPage() { try? started().releaseLastPage() }
}
