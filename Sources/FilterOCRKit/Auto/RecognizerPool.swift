import Foundation
import Imaging
import Recognition

/// Several recognizers, each on its own thread, taking rendered images from one queue: the
/// automatic choice recognises its candidates in parallel through it. As a `Recognizer` it
/// recognises one image at a time, so a pipeline can use it like a single engine.
final class RecognizerPool: Recognizer, Sendable {
    struct Job: Sendable {
        var tag: Int
        var image: RGBImage
        var resolution: Int?
    }

    struct Finished: Sendable {
        var tag: Int
        var result: Result<RecognizedText, RunnerError>
        /// Wall time of the recognition.
        var seconds: Double
    }

    let count: Int
    private let jobs = WorkQueue<Job>()
    private let finished = WorkQueue<Finished>()

    /// Starts `count` engines made by `factory`; throws if one cannot start.
    init(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory) throws(RunnerError) {
        self.count = max(1, count)
        let (jobs, finished) = (jobs, finished)
        do {
            try EngineThreads.start(count: self.count, make: { try factory(settings) }) { recognizer in
                while let job = jobs.pop() {
                    let start = ContinuousClock.now
                    let result: Result<RecognizedText, RunnerError>
                    do {
                        result = .success(try LibraryDiagnostics.silenced {
                            try recognizer.recognize(job.image, resolution: job.resolution)
                        })
                    } catch {
                        result = .failure(RunnerError(message: oneLineMessage(for: error)))
                    }
                    finished.push(Finished(tag: job.tag, result: result, seconds: (ContinuousClock.now - start).inSeconds))
                }
            }
        } catch {
            jobs.close(consumers: self.count)
            throw error
        }
    }

    deinit { jobs.close(consumers: count) }

    /// Queues an image; its result comes out of `next()`.
    func submit(_ job: Job) { jobs.push(job) }

    /// The next recognition to finish; waits for one. Call only with jobs in flight.
    func next() -> Finished {
        // The queue closes only in deinit, so a caller that holds the pool always gets one.
        finished.pop()!
    }

    /// Recognises one image on one of the engines; call when nothing else is in flight.
    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        submit(Job(tag: -1, image: image, resolution: resolution))
        return try next().result.get()
    }
}
