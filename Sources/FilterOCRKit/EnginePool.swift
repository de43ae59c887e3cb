import Threading

/// Engines that take single jobs: `count` threads, each with an engine of its own, run the
/// work any thread submits, one job at a time each, in the order submitted.
///
/// The submission half of a run's engines, beside `OrderedEngineMap`'s ordered map: the
/// automatic choice's pool (`RecognizerPool`) and `tune`'s reader submit here, and a job
/// replies through whatever it captures. The threads end when the pool goes.
final class EnginePool<Engine>: Sendable {
    private let jobs = WorkQueue<Job>()
    let count: Int

    /// Work for an engine, run on its thread.
    typealias Job = @Sendable (inout Engine) -> Void

    /// Starts `count` engines made by `make`; throws (once, the first failure) if one cannot
    /// start. Engines that cannot fail (`Failure` is `Never`) start without `try`.
    init<Failure: Error>(count: Int, make: @escaping @Sendable () throws(Failure) -> Engine) throws(Failure) {
        self.count = max(1, count)
        let jobs = jobs
        do {
            try EngineThreads.start(count: self.count, make: make) { engine in
                while let job = jobs.pop() { job(&engine) }
            }
        } catch {
            jobs.close(consumers: self.count)
            throw error
        }
    }

    deinit { jobs.close(consumers: count) }

    /// Queues `job` for the next free engine.
    func submit(_ job: @escaping Job) { jobs.push(job) }
}

extension EnginePool where Engine == any Recognizer {
    /// `count` recognizers made by `factory` for `settings`; one that cannot start is one error,
    /// in the run's words.
    static func recognizers(count: Int, settings: RecognitionSettings,
                            factory: @escaping RecognizerFactory) throws(RunnerError) -> EnginePool {
        do {
            return try EnginePool(count: count) { try factory(settings) }
        } catch {
            throw RunnerError(message: oneLineMessage(for: error))
        }
    }
}
