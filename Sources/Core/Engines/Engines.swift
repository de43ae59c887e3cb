import Dispatch
import Foundation
import ResultStore
import Threading

/// A run's engines: `count` threads, each with an engine of its own (Tesseract serves one
/// thread at a time) kept for the thread's life, taking work from one queue in the order it
/// was given. Every engine thread of the application starts here, and nowhere else.
///
/// Work comes as single jobs (`submit`), as one job waited for and given up on at once when
/// its caller stops (`perform`: the REPL's engine, a shared pool's reading, a filter rendered
/// aside), or as an ordered parallel map (`map`: `ocr`/`batch` and `sweep`). A job replies
/// through whatever it captures. The threads end when the engines go.
package final class Engines<Engine>: Sendable {
    private let jobs = WorkQueue<Job>()
    package let count: Int

    /// Work for an engine, run on its thread.
    package typealias Job = @Sendable (inout Engine) -> Void

    /// Starts `count` threads that each make their engine with `make`; returns once every
    /// engine is made, so that an engine that cannot start is one error for the run (the
    /// first engine's that failed), not one per input. Engines that cannot fail (`Failure` is
    /// `Never`) start without `try`.
    package convenience init<Failure: Error>(count: Int, make: @escaping @Sendable () throws(Failure) -> Engine) throws(Failure) {
        try self.init(count: count, waiting: true, make: make)
    }

    /// Starts `count` threads that make their engines with `make` while the caller goes on: a
    /// job waits for its thread's engine. For engines whose making cannot fail, or that keep
    /// their failure to answer each job with (`EngineSlot`). A function of its own, not an
    /// `init` beside `init(count:make:)`, so that a trailing closure cannot pick it by mistake.
    package static func startingAside(count: Int, make: @escaping @Sendable () -> Engine) -> Engines {
        Engines(count: count, waiting: false, make: make)
    }

    private init<Failure: Error>(count: Int, waiting: Bool, make: @escaping @Sendable () throws(Failure) -> Engine) throws(Failure) {
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
        guard waiting else { return }
        for _ in 0..<self.count { started.wait() }
        if let error = failure.withLock({ $0 }) {
            jobs.close(consumers: self.count)
            throw error
        }
    }

    deinit { jobs.close(consumers: count) }

    /// Queues `job` for the next free engine.
    package func submit(_ job: @escaping Job) { jobs.push(job) }

    /// Runs `work` on the next free engine and waits for its value; nil at once when `stop` is
    /// raised first, and the work, which cannot stop halfway (a filter over a large image,
    /// Tesseract's layout analysis), finishes unseen. A later job waits for the engine to be free.
    package func perform<Value: Sendable>(unless stop: StopSignal? = nil,
                                          _ work: @escaping @Sendable (inout Engine) -> Value) -> Value? {
        let reply = Completion<Value>()
        submit { engine in reply.fulfil(work(&engine)) }
        return reply.wait(unless: stop)
    }

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
        map(window: window, costliestFirst: nil, produce: { emit in produce { emit($0, 0) } }, transform: transform,
            deliver: deliver)
    }

    /// `map`, where `produce` gives each item's expected cost, and with `costliestFirst` a
    /// free engine takes the costliest item waiting that fits in that budget beside the items
    /// in work (`WaitingItems`) rather than the first: the largest pages start first, and no
    /// large page is read alone at the end while the other engines idle, nor beside another
    /// while smaller ones wait. The outputs are still delivered in the order emitted. For work
    /// whose items never wait for one another (an engine that waited for an earlier item's turn
    /// while that item waited behind costlier ones would hold the run).
    package func map<Item: Sendable, Output: Sendable>(
        window: Int,
        costliestFirst budget: Int?,
        produce: @escaping @Sendable (_ emit: (Item, _ cost: Int) -> Void) -> Void,
        transform: @escaping @Sendable (inout Engine, _ ticket: Int, Item) -> Output,
        deliver: (Output) -> Void
    ) {
        let events = WorkQueue<Event<Output>>()
        let slots = DispatchSemaphore(value: window)
        let waiting = Locked(WaitingItems<Item>(budget: budget ?? .max))
        let producer = Thread { [self] in
            var count = 0
            produce { item, cost in
                slots.wait()
                let ticket = count
                count += 1
                guard budget != nil else {
                    submit { engine in events.push(.finished(ticket: ticket, transform(&engine, ticket, item))) }
                    return
                }
                // One job for each item, which takes whichever item is then the one to take.
                waiting.withLock { $0.add(item, ticket: ticket, cost: cost) }
                submit { engine in
                    guard let taken = waiting.withLock({ $0.take() }) else { return }
                    let output = transform(&engine, taken.ticket, taken.item)
                    waiting.withLock { $0.done(cost: taken.cost) }
                    events.push(.finished(ticket: taken.ticket, output))
                }
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

extension Engines where Engine == Void {
    /// Runs `work` on a thread of its own and waits for it unless `stop` is raised first; nil
    /// then, at once, and the work finishes unseen. For work that cannot stop halfway, such as
    /// a filter over a large image, when the caller must be able to give up on it at once.
    package static func runAside<Value: Sendable>(unless stop: StopSignal, _ work: @escaping @Sendable () -> Value) -> Value? {
        Engines.startingAside(count: 1) {}.perform(unless: stop) { _ in work() }
    }
}

extension Engines where Engine == Pipeline {
    /// `count` pipelines behind `store`, each reading with an engine made by `factory` for
    /// `settings` on its own thread; one that cannot start is one error, in the run's words.
    package static func pipelines(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory,
                                  store: ResultStore?, truth: TruthSource = .none) throws(RunnerError) -> Engines {
        try workers(count: count, settings: settings, factory: factory, store: store, truth: truth) { _, pipeline in pipeline }
    }
}

extension Engines {
    /// `count` workers, each made by `worker` from its number (0 up) and a pipeline behind
    /// `store` that reads with an engine made by `factory` on the worker's thread, kept for its
    /// life; one that cannot start is one error, in the run's words.
    package static func workers(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory,
                                store: ResultStore?, truth: TruthSource = .none,
                                _ worker: @escaping @Sendable (Int, Pipeline) -> Engine) throws(RunnerError) -> Engines {
        let numbers = Locked(0)
        do {
            return try Engines(count: count) { () throws -> Engine in
                let number = numbers.withLock { number in
                    defer { number += 1 }
                    return number
                }
                let engine = try workerEngine(settings: settings, factory: factory, lazily: store != nil)
                return worker(number, Pipeline(settings: settings, recognizer: engine, store: store, truth: truth))
            }
        } catch {
            throw RunnerError(message: oneLineMessage(for: error))
        }
    }
}

/// A worker's engine, made on the worker's thread: now, or (`lazily`, behind a result store)
/// when the worker first reads, so that a run the store answers starts none.
private func workerEngine(settings: RecognitionSettings, factory: @escaping RecognizerFactory,
                          lazily: Bool) throws -> any Recognizer {
    lazily ? EngineOnFirstRead { try factory(settings) } : try factory(settings)
}

extension Engines where Engine == Result<Pipeline, RunnerError> {
    /// `pipelines(count:...)` started while the caller goes on: each thread's pipeline, or why
    /// its engine could not start, for engines the caller does not wait for (speculation's).
    package static func pipelinesStartingAside(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory,
                                               store: ResultStore?, truth: TruthSource = .none) -> Engines {
        Engines.startingAside(count: count) {
            Result { () throws(RunnerError) in
                do {
                    let engine = try workerEngine(settings: settings, factory: factory, lazily: store != nil)
                    return Pipeline(settings: settings, recognizer: engine, store: store, truth: truth)
                } catch {
                    throw RunnerError(message: oneLineMessage(for: error))
                }
            }
        }
    }
}
