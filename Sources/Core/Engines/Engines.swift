import Dispatch
import Foundation
import ResultStore
import Threading

/// A run's engines: `count` threads, each with an engine of its own (Tesseract serves one
/// thread at a time), taking work from one queue in the order it was given. Every runner's
/// engines start here, and nowhere else.
///
/// Work comes as single jobs (`submit`: the automatic choice's pool, `tune`'s reader, the
/// REPL's dedicated engine, speculation) or as an ordered parallel map (`map`: `ocr`/`batch`
/// and `sweep`). A job replies through whatever it captures. The threads end when the
/// engines go.
package final class Engines<Engine>: Sendable {
    private let jobs = WorkQueue<Job>()
    package let count: Int

    /// Work for an engine, run on its thread.
    package typealias Job = @Sendable (inout Engine) -> Void

    /// Starts `count` threads that each make their engine with `make`; returns once every
    /// engine is made, so that an engine that cannot start is one error for the run (the
    /// first engine's that failed), not one per input. Engines that cannot fail (`Failure` is
    /// `Never`) start without `try`.
    package init<Failure: Error>(count: Int, make: @escaping @Sendable () throws(Failure) -> Engine) throws(Failure) {
        self.count = max(1, count)
        let (jobs, started, failure) = (jobs, DispatchSemaphore(value: 0), Locked<Failure?>(nil))
        for _ in 0..<self.count {
            let thread = Thread {
                var engine: Engine
                do throws(Failure) {
                    engine = try make()
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    started.signal()
                    return
                }
                started.signal()
                while let job = jobs.pop() { job(&engine) }
            }
            // Tesseract recurses deeply on some pages, and some filters' libraries need more
            // than the default 512 KB too.
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<self.count { started.wait() }
        if let error = failure.withLock({ $0 }) {
            jobs.close(consumers: self.count)
            throw error
        }
    }

    deinit { jobs.close(consumers: count) }

    /// Queues `job` for the next free engine.
    package func submit(_ job: @escaping Job) { jobs.push(job) }

    private enum Event<Output: Sendable>: Sendable {
        case finished(ticket: Int, Output)
        case produced(count: Int)
    }

    /// Maps every item `produce` emits through `transform` on the engines (given the item's
    /// place in the order) and hands the outputs to `deliver` in that order, on this thread,
    /// as soon as each is next in line. Returns once the producer has finished and every
    /// output is delivered; `produce` stops early by returning.
    ///
    /// `produce` runs on a thread of its own, at most `window` items ahead of the delivery,
    /// so a producer that outruns the engines (rendering a sweep's points, reading a folder's
    /// names) holds memory for a few items, not for all of them.
    package func map<Item: Sendable, Output: Sendable>(
        window: Int,
        produce: @escaping @Sendable (_ emit: (Item) -> Void) -> Void,
        transform: @escaping @Sendable (inout Engine, _ ticket: Int, Item) -> Output,
        deliver: (Output) -> Void
    ) {
        let events = WorkQueue<Event<Output>>()
        let slots = DispatchSemaphore(value: window)
        let producer = Thread { [self] in
            var count = 0
            produce { item in
                slots.wait()
                let ticket = count
                submit { engine in events.push(.finished(ticket: ticket, transform(&engine, ticket, item))) }
                count += 1
            }
            events.push(.produced(count: count))
        }
        // Rendering a page through some filters' libraries needs more than the default stack.
        producer.stackSize = 8 << 20
        producer.start()
        var order = ReorderBuffer<Output>()
        while !order.isComplete, let event = events.pop() {
            switch event {
            case .produced(let count):
                order.inputEnded(after: count)
            case let .finished(ticket, output):
                for ready in order.arrived(ticket, output) {
                    deliver(ready)
                    slots.signal()
                }
            }
        }
    }
}

extension Engines where Engine == Pipeline {
    /// `count` pipelines, each with an engine made by `factory` for `settings` behind `store`;
    /// one that cannot start is one error, in the run's words.
    package static func pipelines(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory,
                          store: ResultStore?) throws(RunnerError) -> Engines {
        do {
            return try Engines(count: count) { try Pipeline.make(settings, factory: factory, store: store) }
        } catch {
            throw RunnerError(message: oneLineMessage(for: error))
        }
    }
}
