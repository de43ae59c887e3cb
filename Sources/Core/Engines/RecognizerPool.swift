import Foundation
import Imaging
import Recognition
import ResultStore
import Threading

/// Several pipelines, each with its engine on its own thread, taking rendered images from one
/// queue; each asks the result store before its engine.
///
/// The automatic choice recognises its candidates in parallel through `submit` and `next`.
/// As a `Recognizer` it recognises one image at a time for each caller, and any number of
/// threads may call it at once: the web server's sessions share one pool this way, so the
/// engines, not the sessions, bound the work in flight. A pool made with `sharing:` uses the
/// same engines with its own `next`, for a search that runs beside other callers.
public final class RecognizerPool: Recognizer, Sendable {
    package struct Job: Sendable {
        var tag: Int
        var image: RGBImage
        var resolution: Int?
        /// The filters that rendered `image` (`Pipeline.recognize`).
        var operations: [FilterOperation]
        /// The engine's settings for this reading.
        var engine: EngineSettings
        var monitor: RecognitionMonitor?

        package init(tag: Int, image: RGBImage, resolution: Int?, rendering operations: [FilterOperation] = [],
                     engine: EngineSettings = EngineSettings(), monitor: RecognitionMonitor? = nil) {
            (self.tag, self.image, self.resolution, self.operations, self.monitor) = (tag, image, resolution, operations, monitor)
            self.engine = engine
        }
    }

    package struct Finished: Sendable {
        package var tag: Int
        package var result: Result<RecognizedText, RunnerError>
        /// Wall time of the recognition.
        package var seconds: Double
        /// Whether it came from the result store.
        package var stored = false
    }

    /// The engines, shared by the pools made `sharing:` one another; their threads end when the
    /// last pool using them goes.
    private let engines: Engines<Pipeline>

    private static func recognize(_ job: Job, with pipeline: Pipeline) -> Finished {
        let start = ContinuousClock.now
        let result: Result<RecognizedText, RunnerError>
        var stored = false
        do {
            let reading = try pipeline.recognize(job.image, resolution: job.resolution, rendering: job.operations,
                                                  engine: job.engine, monitor: job.monitor)
            (result, stored) = (.success(reading.recognized), reading.stored)
        } catch {
            result = .failure(RunnerError(message: oneLineMessage(for: error)))
        }
        return Finished(tag: job.tag, result: result, seconds: (ContinuousClock.now - start).inSeconds, stored: stored)
    }

    private let finished = WorkQueue<Finished>()

    /// How many images are recognised at once.
    public var count: Int { engines.count }

    /// Starts `count` engines made by `factory`, behind `store`; throws if one cannot start.
    public init(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory,
                store: ResultStore? = nil) throws(RunnerError) {
        engines = try .pipelines(count: count, settings: settings, factory: factory, store: store)
    }

    /// The same engines as `other`, with results of its own `submit`s.
    public init(sharing other: RecognizerPool) {
        engines = other.engines
    }

    /// Queues an image; its result comes out of `next()`.
    package func submit(_ job: Job) { submit(job, replyingTo: finished) }

    private func submit(_ job: Job, replyingTo reply: WorkQueue<Finished>) {
        engines.submit { pipeline in reply.push(Self.recognize(job, with: pipeline)) }
    }

    /// The next recognition submitted here to finish; waits for one. Call only with jobs in flight.
    package func next() -> Finished {
        // The engines' queue closes only when no pool holds them, so a caller always gets one.
        finished.pop()!
    }

    /// Recognises one image on one of the engines, waiting for a free one.
    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, engine: EngineSettings(), monitor: monitor)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings,
                          monitor: RecognitionMonitor?) throws -> RecognizedText {
        let reply = WorkQueue<Finished>()
        submit(Job(tag: -1, image: image, resolution: resolution, engine: engine, monitor: monitor), replyingTo: reply)
        let finished = reply.pop()!
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        return try finished.result.get()
    }
}
