import Dispatch
import Foundation
import ImageCodec
import Imaging
import Recognition
import Reports
import Threading

/// The application's engines: `count` threads, each with a Tesseract engine of its own (an
/// engine serves one thread at a time) kept for the thread's life, taking work from one queue
/// in the order it was given. Every engine of the application is made here, and every piece of
/// work reaches an engine through here, in one of three ways:
///
/// - `perform`: one job, waited for, and given up on at once when its caller stops (the REPL's
///   engine, a shared pool's reading, a document page read and added on one engine);
/// - `map`: an ordered parallel map, its items produced while the engines work (`ocr`/`batch`,
///   `sweep`), in the order emitted or costliest first;
/// - `Batch`: a caller's own jobs, whose outputs come back tagged as each finishes (`--auto`'s
///   candidates and lines, a recipe over a corpus's pages, a hot folder's files, speculation).
///
/// A worker is a pipeline over the engine of the thread it runs on (`Pipeline.reading(with:)`);
/// there is no pool of pipelines. As a `Recognizer` the pool reads each image on the next free
/// engine, for any number of callers at once, and a caller whose recognition is cancelled stops
/// waiting at once while the engine finishes on its own: the REPL's engine (a pool of one),
/// `--auto`'s engines, and the web server's sessions, which share one pool so that the engines,
/// not the sessions, bound the work in flight. The threads end when the pool goes.
public final class Engines: Recognizer, EngineSet, Sendable {
    /// When the engines are made.
    public enum Start: Sendable {
        /// Before `init` returns, which throws if one cannot be.
        case now
        /// On their threads while the caller goes on; `started()` waits and says whether they could be.
        case aside
        /// When each is first asked to read: a run the result store answers makes none.
        case lazily
    }

    /// Work for an engine, run on its thread.
    public typealias Job = @Sendable (Engine) -> Void

    private let jobs = WorkQueue<Job>()
    private let engines: [Engine]
    private let start: Start
    /// How many images are read at once.
    public var count: Int { engines.count }

    /// Starts `count` threads (at least one), each with an engine made by `factory` for
    /// `settings` when `start` says.
    /// - Parameter background: the threads run at the lowest CPU priority, so that everything
    ///   else the process does comes first (speculation's engines).
    /// - Throws: with `start: .now`, the first engine's failure to be made, in the run's words:
    ///   one error for the run, not one per input.
    public init(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory, start: Start = .now,
                background: Bool = false) throws(RunnerError) {
        let engines = (0..<max(1, count)).map { number in
            Engine(number: number) { try factory(settings) }
        }
        self.engines = engines
        self.start = start
        for engine in engines {
            let thread = Thread { [jobs] in
                if background { BackgroundPriority.lowerForThisThread() }
                if start != .lazily { engine.make() }
                while let job = jobs.pop() { job(engine) }
            }
            // Tesseract recurses deeply on some pages, and some filters' libraries need more
            // than the default 512 KB too.
            thread.stackSize = 8 << 20
            thread.start()
        }
        guard start == .now else { return }
        do {
            try started()
        } catch {
            jobs.close(consumers: engines.count)
            throw RunnerError(message: oneLineMessage(for: error))
        }
    }

    deinit { jobs.close(consumers: count) }

    /// Waits until every engine started now or aside is made; throws what stopped one. Engines
    /// started lazily are not made by asking.
    public func started() throws {
        guard start != .lazily else { return }
        // Every engine is waited for, so that none is still being made when this throws.
        let outcomes = engines.map { engine in Result { try engine.started() } }
        for outcome in outcomes { try outcome.get() }
    }

    /// The one place work is queued for the engines.
    private func submit(_ job: @escaping Job) { jobs.push(job) }

    /// Runs `work` on the next free engine and waits for its value; nil at once when `stop` is
    /// raised first, and the work, which cannot stop halfway (Tesseract's layout analysis),
    /// finishes unseen. A later job waits for the engine to be free.
    public func perform<Value: Sendable>(unless stop: StopSignal? = nil, _ work: @escaping @Sendable (Engine) -> Value) -> Value? {
        let reply = Completion<Value>()
        submit { engine in reply.fulfil(work(engine)) }
        return reply.wait(unless: stop)
    }

    /// A caller's jobs on these engines, whose outputs come back as each finishes.
    public func batch<Output: Sendable>(of output: Output.Type = Output.self) -> Batch<Output> {
        Batch(submit: submit)
    }

    /// One caller's jobs on the engines: each is submitted with a tag, and `next` gives the
    /// outputs as they finish, whichever engine ran them. Several batches share the engines
    /// (a search beside the sessions of a server), each seeing only its own outputs. Used by
    /// the thread that made it.
    public final class Batch<Output: Sendable>: Sendable {
        private let submitJob: @Sendable (@escaping Job) -> Void
        private let finished = Locked<[(tag: Int, output: Output)]>([])
        private let available = DispatchSemaphore(value: 0)
        private let pending = Locked(0)
        private let whenFinished: (@Sendable () -> Void)?

        init(submit: @escaping @Sendable (@escaping Job) -> Void, whenFinished: (@Sendable () -> Void)? = nil) {
            submitJob = submit
            self.whenFinished = whenFinished
        }

        /// A batch like this one that calls `whenFinished` on the engine's thread after each
        /// output is ready (a hot folder's loop, woken from its wait for the folder's events).
        public func waking(_ whenFinished: @escaping @Sendable () -> Void) -> Batch {
            Batch(submit: submitJob, whenFinished: whenFinished)
        }

        /// Queues `work` for the next free engine; its output comes out of `next` with `tag`.
        public func submit(_ tag: Int, _ work: @escaping @Sendable (Engine) -> Output) {
            pending.withLock { $0 += 1 }
            let (finished, available, whenFinished) = (finished, available, whenFinished)
            submitJob { engine in
                let output = work(engine)
                finished.withLock { $0.append((tag, output)) }
                available.signal()
                whenFinished?()
            }
        }

        /// Jobs submitted and not yet given out by `next` or `finishedNow`.
        public var inFlight: Int { pending.withLock { $0 } }

        /// The next output to finish, waited for; nil when no job is in flight.
        public func next() -> (tag: Int, output: Output)? {
            guard inFlight > 0 else { return nil }
            available.wait()
            return take()
        }

        /// The outputs finished so far and not yet given out, without waiting.
        public func finishedNow() -> [(tag: Int, output: Output)] {
            var outputs: [(tag: Int, output: Output)] = []
            while available.wait(timeout: .now()) == .success, let output = take() { outputs.append(output) }
            return outputs
        }

        /// The next output to finish, waited for until `deadline` (nil: as long as it takes);
        /// nil when no job is in flight or none finished in time.
        public func next(before deadline: ContinuousClock.Instant?) -> (tag: Int, output: Output)? {
            guard let deadline else { return next() }
            guard inFlight > 0 else { return nil }
            let left = deadline - ContinuousClock.now
            let nanoseconds = max(0, left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000)
            guard available.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success else { return nil }
            return take()
        }

        /// Every job's output, in the order they finish; waits for all.
        public func all() -> [(tag: Int, output: Output)] {
            var outputs: [(tag: Int, output: Output)] = []
            while let output = next() { outputs.append(output) }
            return outputs
        }

        private func take() -> (tag: Int, output: Output)? {
            let output = finished.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            if output != nil { pending.withLock { $0 -= 1 } }
            return output
        }
    }

    private enum Event<Output: Sendable>: Sendable {
        case finished(ticket: Int, Output)
        case produced(count: Int)
    }

    /// Maps every item `produce` emits through `transform` on the engines (given the engine and
    /// the item's place in the order) and hands the outputs to `deliver` in that order, on this
    /// thread, as soon as each is next in line. Returns once the producer has finished and every
    /// output is delivered; `produce` stops early by returning.
    ///
    /// `produce` runs on a thread of its own, at most `window` items ahead of the delivery,
    /// so a producer that outruns the engines (rendering a sweep's points, reading a folder's
    /// names) holds memory for a few items, not for all of them.
    package func map<Item: Sendable, Output: Sendable>(
        window: Int,
        produce: @escaping @Sendable (_ emit: (Item) -> Void) -> Void,
        transform: @escaping @Sendable (Engine, _ ticket: Int, Item) -> Output,
        deliver: (Output) -> Void
    ) {
        map(window: window, order: .asQueued, produce: { emit in produce { emit($0, 0) } }, transform: transform,
            deliver: deliver)
    }

    /// `map`, where `produce` gives each item's expected cost in bytes, and an item starts on
    /// an engine when the run's one `Admission` lets it: when its cost fits within `budget`
    /// beside the items in work (or none is), and, in `costliestFirst` order, the costliest
    /// waiting first, so that the largest pages start first, no large page is read alone at the
    /// end while the other engines idle, nor beside another while smaller ones wait. The
    /// outputs are still delivered in the order emitted; no engine ever waits for another's.
    package func map<Item: Sendable, Output: Sendable>(
        window: Int,
        budget: Int = .max,
        order: AdmissionOrder,
        produce: @escaping @Sendable (_ emit: (Item, _ cost: Int) -> Void) -> Void,
        transform: @escaping @Sendable (Engine, _ ticket: Int, Item) -> Output,
        deliver: (Output) -> Void
    ) {
        let events = WorkQueue<Event<Output>>()
        let ahead = DispatchSemaphore(value: window)
        let admission = Locked(Admission<Ticketed<Item>>(budget: budget, slots: count, order: order))
        // Starts on the engines what the admission lets start; called after each change to it,
        // outside its lock.
        @Sendable func startAdmitted() {
            for (admitted, work) in admission.withLock({ $0.startable() }) {
                submit { engine in
                    let output = transform(engine, work.ticket, work.item)
                    admission.withLock { $0.finished(admitted) }
                    events.push(.finished(ticket: work.ticket, output))
                    startAdmitted()
                }
            }
        }
        let producer = Thread {
            var count = 0
            produce { item, cost in
                ahead.wait()
                admission.withLock { $0.enqueue(Ticketed(ticket: count, item: item), cost: cost) }
                count += 1
                startAdmitted()
            }
            events.push(.produced(count: count))
        }
        // Rendering a page through some filters' libraries needs more than the default stack.
        producer.stackSize = 8 << 20
        producer.start()
        var reorder = ReorderBuffer<Output>()
        while !reorder.isComplete, let event = events.pop() {
            switch event {
            case .produced(let count):
                reorder.inputEnded(after: count)
            case let .finished(ticket, output):
                for ready in reorder.arrived(ticket, output) {
                    deliver(ready)
                    ahead.signal()
                }
            }
        }
    }

    /// An item with its place in the order emitted.
    private struct Ticketed<Item: Sendable>: Sendable {
        var ticket: Int
        var item: Item
    }

    // MARK: Recognizer

    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, engine: EngineSettings(), monitor: monitor)
    }

    /// Reads `image` on the next free engine, as it is (the caller's pipeline sized it); when
    /// `monitor` is cancelled, returns at once while the engine finishes on its own, and a
    /// reading cancelled while it waited for an engine does not start.
    public func recognize(_ image: RGBImage, resolution: Int?, engine settings: EngineSettings,
                          monitor: RecognitionMonitor?) throws -> RecognizedText {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let result = perform(unless: monitor?.stop) { engine -> Result<RecognizedText, any Error> in
            if monitor?.isCancelled == true { return .failure(RecognitionError.cancelled) }
            return Result { try engine.recognize(image, resolution: resolution, engine: settings, monitor: monitor) }
        }
        guard let result else { throw RecognitionError.cancelled }
        return try result.get()
    }

    /// Reads `lines` of `image` on the next free engine, as `recognize(…engine:monitor:)` reads a page.
    public func recognizeLines(_ image: RGBImage, lines: [BoundingBox], resolution: Int?, engine settings: EngineSettings,
                               monitor: RecognitionMonitor?, symbolChoices: Bool) throws -> [RecognizedText] {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let result = perform(unless: monitor?.stop) { engine -> Result<[RecognizedText], any Error> in
            if monitor?.isCancelled == true { return .failure(RecognitionError.cancelled) }
            return Result {
                try engine.recognizeLines(image, lines: lines, resolution: resolution, engine: settings, monitor: monitor,
                                          symbolChoices: symbolChoices)
            }
        }
        guard let result else { throw RecognitionError.cancelled }
        return try result.get()
    }

    /// Runs `body` on this thread with the next free engine, whose own thread waits meanwhile,
    /// so that no other job reads with it: a page read and added to a document on one engine.
    public func exclusively<Value>(_ body: (any Recognizer) throws -> Value) throws -> Value {
        let reserved = Completion<Engine>()
        let released = DispatchSemaphore(value: 0)
        submit { engine in
            reserved.fulfil(engine)
            released.wait()
        }
        defer { released.signal() }
        return try body(reserved.wait()!)
    }

}

/// Engines a search hands its readings to in batches: a pool (`Engines`), whose engines read
/// them side by side, or the engine of the thread a job runs on (`Engine`), which reads each as
/// it is submitted (a hot folder's file searched on its worker's engine).
public protocol EngineSet: Sendable {
    /// How many readings go on at once.
    var count: Int { get }
    func batch<Output: Sendable>(of output: Output.Type) -> Engines.Batch<Output>
}

/// One thread's engine, made on that thread when its pool starts or when it is first asked to
/// read, and kept for the thread's life; one that could not be made keeps why, to answer every
/// reading with. Only its thread reads with it; the lock lets `started()` look from another.
public final class Engine: Recognizer, EngineSet, Sendable {
    /// Which of its pool's engines it is (from 0): a document tells whose page it is given by it.
    public let number: Int

    public var count: Int { 1 }

    /// Jobs read here, at once, on the caller's thread: this engine's own.
    public func batch<Output: Sendable>(of output: Output.Type = Output.self) -> Engines.Batch<Output> {
        Engines.Batch { [self] job in job(self) }
    }
    private let slot: Locked<Slot>
    /// Whether the engine was made, known apart from the slot, which a reading holds.
    private let made = Completion<Result<Void, any Error>>()

    private struct Slot {
        let make: @Sendable () throws -> any Recognizer
        var made: Result<any Recognizer, any Error>?

        mutating func engine() throws -> any Recognizer {
            if made == nil { made = Result { try make() } }
            return try made!.get()
        }
    }

    init(number: Int, make: @escaping @Sendable () throws -> any Recognizer) {
        self.number = number
        slot = Locked(Slot(make: make))
    }

    /// Makes the engine now, on its thread.
    func make() {
        let outcome: Result<Void, any Error> = slot.withLock { slot in Result { _ = try slot.engine() } }
        made.fulfil(outcome)
    }

    /// Waits for the engine to be made (`make`, which its pool's start calls); throws what
    /// stopped it. Never waits for a reading: an engine left reading a candidate past a search's
    /// time limit holds its slot for as long as Tesseract takes.
    func started() throws {
        try made.wait()?.get()
    }

    private func withEngine<Value: Sendable>(_ body: (any Recognizer) throws -> Value) throws -> Value {
        try slot.withLock { slot throws -> Value in try body(slot.engine()) }
    }

    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try withEngine { engine in try engine.recognize(image, resolution: resolution) }
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try withEngine { engine in
            try engine.recognize(image, resolution: resolution, monitor: monitor)
        }
    }

    public func recognize(_ image: RGBImage, resolution: Int?, engine settings: EngineSettings,
                          monitor: RecognitionMonitor?) throws -> RecognizedText {
        try withEngine { engine in
            try engine.recognize(image, resolution: resolution, engine: settings, monitor: monitor)
        }
    }

    public func recognizeLines(_ image: RGBImage, lines: [BoundingBox], resolution: Int?, engine settings: EngineSettings,
                               monitor: RecognitionMonitor?, symbolChoices: Bool) throws -> [RecognizedText] {
        try withEngine { engine in
            try engine.recognizeLines(image, lines: lines, resolution: resolution, engine: settings, monitor: monitor,
                                      symbolChoices: symbolChoices)
        }
    }
}
