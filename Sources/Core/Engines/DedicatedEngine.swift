import Foundation
import Imaging
import Recognition
import Threading

/// A recognizer on a thread of its own, so that a caller whose recognition is cancelled
/// stops waiting at once.
///
/// Tesseract asks whether to stop only between words; on a large page its layout analysis
/// comes first and takes a second or more. Here the caller returns as soon as it cancels,
/// and the engine's thread finishes the cancelled recognition on its own; a later call waits
/// for the engine to be free.
public final class DedicatedEngine: Recognizer, Sendable {
    /// The recognizer, used by one thread at a time: the engine's, or a caller adding a page.
    private let recognizer: Locked<any Recognizer>
    /// The engine's thread, which ends when this goes; its engine is `recognizer`.
    private let thread = Engines<Void>(count: 1) {}

    public init(_ recognizer: sending any Recognizer) {
        self.recognizer = Locked(recognizer)
    }

    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, engine: EngineSettings(), monitor: monitor)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings,
                          monitor: RecognitionMonitor?) throws -> RecognizedText {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let reply = Completion<Result<RecognizedText, any Error>>()
        thread.submit { [recognizer] _ in
            let result: Result<RecognizedText, any Error> = recognizer.withLock { recognizer in
                // A job cancelled while it waited for the engine does not start.
                if monitor?.isCancelled == true { return .failure(RecognitionError.cancelled) }
                return Result {
                    try LibraryDiagnostics.silenced { try recognizer.recognize(image, resolution: resolution, engine: engine, monitor: monitor) }
                }
            }
            reply.fulfil(result)
        }
        guard let result = reply.wait(unless: monitor?.stop) else { throw RecognitionError.cancelled }
        return try result.get()
    }

    public func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]? {
        try recognizer.withLock { try $0.addLastPage(to: document, showing: shown) }
    }

    public func releaseLastPage() {
        recognizer.withLock { $0.releaseLastPage() }
    }

}
