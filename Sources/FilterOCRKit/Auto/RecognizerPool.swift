import Foundation
import Imaging
import Recognition
import Threading

/// Several recognizers, each on its own thread, taking rendered images from one queue.
///
/// The automatic choice recognises its candidates in parallel through `submit` and `next`.
/// As a `Recognizer` it recognises one image at a time for each caller, and any number of
/// threads may call it at once: the web server's sessions share one pool this way, so the
/// engines, not the sessions, bound the work in flight. A pool made with `sharing:` uses the
/// same engines with its own `next`, for a search that runs beside other callers.
public final class RecognizerPool: Recognizer, Sendable {
    struct Job: Sendable {
        var tag: Int
        var image: RGBImage
        var resolution: Int?
        var monitor: RecognitionMonitor? = nil
    }

    struct Finished: Sendable {
        var tag: Int
        var result: Result<RecognizedText, RunnerError>
        /// Wall time of the recognition.
        var seconds: Double
        /// Whether it came from the result store.
        var stored = false
    }

    /// The engines, shared by the pools made `sharing:` one another; their threads end when the
    /// last pool using them goes.
    private let engines: EnginePool<any Recognizer>

    private static func recognize(_ job: Job, with recognizer: any Recognizer) -> Finished {
        let start = ContinuousClock.now
        let result: Result<RecognizedText, RunnerError>
        do {
            result = .success(try LibraryDiagnostics.silenced {
                try recognizer.recognize(job.image, resolution: job.resolution, monitor: job.monitor)
            })
        } catch {
            result = .failure(RunnerError(message: oneLineMessage(for: error)))
        }
        return Finished(tag: job.tag, result: result, seconds: (ContinuousClock.now - start).inSeconds,
                        stored: recognizer.lastRecognitionWasStored)
    }

    private let finished = WorkQueue<Finished>()

    /// How many images are recognised at once.
    public var count: Int { engines.count }

    /// Starts `count` engines made by `factory`; throws if one cannot start.
    public init(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory) throws(RunnerError) {
        engines = try .recognizers(count: count, settings: settings, factory: factory)
    }

    /// The same engines as `other`, with results of its own `submit`s.
    public init(sharing other: RecognizerPool) {
        engines = other.engines
    }

    /// Queues an image; its result comes out of `next()`.
    func submit(_ job: Job) { submit(job, replyingTo: finished) }

    private func submit(_ job: Job, replyingTo reply: WorkQueue<Finished>) {
        engines.submit { recognizer in reply.push(Self.recognize(job, with: recognizer)) }
    }

    /// The next recognition submitted here to finish; waits for one. Call only with jobs in flight.
    func next() -> Finished {
        // The engines' queue closes only when no pool holds them, so a caller always gets one.
        finished.pop()!
    }

    /// Recognises one image on one of the engines, waiting for a free one.
    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        let reply = WorkQueue<Finished>()
        submit(Job(tag: -1, image: image, resolution: resolution, monitor: monitor), replyingTo: reply)
        let finished = reply.pop()!
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        return try finished.result.get()
    }
}
