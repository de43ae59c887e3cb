import Dispatch
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
    private struct Job: Sendable {
        var image: RGBImage
        var resolution: Int?
        var monitor: RecognitionMonitor?
        var reply: Reply
    }

    /// Where a job's result comes back.
    private final class Reply: Sendable {
        let result = Locked<Result<RecognizedText, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    /// The engine and its queue, shared with the thread; the queue closes when the owner goes.
    private final class Core: Sendable {
        /// The recognizer, used by one thread at a time: the engine's, or a caller adding a page.
        let recognizer: Locked<any Recognizer>
        let jobs = WorkQueue<Job>()

        init(_ recognizer: sending any Recognizer) {
            self.recognizer = Locked(recognizer)
        }

        func run() {
            while let job = jobs.pop() {
                let result: Result<RecognizedText, any Error> = recognizer.withLock { recognizer in
                    // A job cancelled while it waited for the engine does not start.
                    if job.monitor?.isCancelled == true { return .failure(RecognitionError.cancelled) }
                    return Result {
                        try LibraryDiagnostics.silenced {
                            try recognizer.recognize(job.image, resolution: job.resolution, monitor: job.monitor)
                        }
                    }
                }
                job.reply.result.withLock { $0 = result }
                job.reply.done.signal()
            }
        }
    }

    private let core: Core

    public init(_ recognizer: sending any Recognizer) {
        let core = Core(recognizer)
        self.core = core
        let thread = Thread { core.run() }
        // Tesseract recurses deeply on some pages; the default 512 KB is not enough.
        thread.stackSize = 8 << 20
        thread.start()
    }

    deinit { core.jobs.close() }

    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let reply = Reply()
        core.jobs.push(Job(image: image, resolution: resolution, monitor: monitor, reply: reply))
        guard reply.done.wait(unless: { monitor?.isCancelled == true }) else { throw RecognitionError.cancelled }
        return try reply.result.withLock { $0 }!.get()
    }

    public func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]? {
        try core.recognizer.withLock { try $0.addLastPage(to: document, showing: shown) }
    }

    public func releaseLastPage() {
        core.recognizer.withLock { $0.releaseLastPage() }
    }

    public var lastRecognitionWasStored: Bool { core.recognizer.withLock { $0.lastRecognitionWasStored } }
}
