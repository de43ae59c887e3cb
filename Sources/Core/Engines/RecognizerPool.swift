import Foundation
import Imaging
import Recognition
import ResultStore
import Threading

/// Engines, each on a thread of its own (`Engines`), reading what pipelines give them: the
/// pool is a pool of engines, never of pipelines, and the pipeline that feeds it asks the
/// result store and sizes the text first (`PageReader`).
///
/// As a `Recognizer` it reads one image at a time for each caller, any number of threads may
/// call it at once, and a caller whose recognition is cancelled stops waiting at once while
/// the engine finishes on its own: the REPL's engine (a pool of one), and the web server's
/// sessions, which share one pool, so that the engines, not the sessions, bound the work in
/// flight. The automatic choice reads its candidates in parallel through `submit` and `next`;
/// a pool made with `sharing:` uses the same engines with its own `next`, for a search that
/// runs beside other callers.
public final class RecognizerPool: Recognizer, Sendable {
    /// When the engines start.
    public enum Start: Sendable {
        /// Before `init` returns, which throws if one cannot.
        case now
        /// On their threads while the caller goes on; `started()` waits and says whether they could.
        case aside
        /// When each is first asked to read: a run the result store answers starts none.
        case lazily
    }

    package struct Job: Sendable {
        var tag: Int
        var image: RGBImage
        var resolution: Int?
        /// The filters that rendered `image` (`PageReader.read`).
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

    /// The engines, each kept by its thread and used by one thread at a time: its own, or a
    /// caller adding the page it read last (`addLastPage`).
    private let slots: [Locked<EngineSlot>]
    /// The engines' threads, each knowing its slot; shared by the pools made `sharing:` one
    /// another, they end when the last pool using them goes.
    private let engines: Engines<Int>
    private let finished = WorkQueue<Finished>()
    private let start: Start

    /// How many images are read at once.
    public var count: Int { engines.count }

    /// Starts `count` engines made by `factory` for `settings`, each on its own thread.
    /// - Throws: with `start: .now`, when one cannot start.
    public init(count: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory,
                start: Start = .now) throws(RunnerError) {
        let slots = (0..<max(1, count)).map { _ in Locked(EngineSlot { try factory(settings) }) }
        let numbers = Locked(0)
        @Sendable func slot() -> Int {
            numbers.withLock { number in
                defer { number += 1 }
                return number
            }
        }
        self.slots = slots
        self.start = start
        switch start {
        case .now:
            do {
                engines = try Engines(count: count) {
                    let index = slot()
                    try slots[index].withLock { _ = try $0.engine() }
                    return index
                }
            } catch {
                throw RunnerError(message: oneLineMessage(for: error))
            }
        case .aside:
            engines = .startingAside(count: count) {
                let index = slot()
                slots[index].withLock { _ = try? $0.engine() }
                return index
            }
        case .lazily:
            engines = .startingAside(count: count, make: slot)
        }
    }

    /// The same engines as `other`, with results of its own `submit`s.
    public init(sharing other: RecognizerPool) {
        start = other.start
        slots = other.slots
        engines = other.engines
    }

    /// Waits until every engine started aside has started; throws what stopped one. Engines
    /// started lazily are not started by asking.
    public func started() throws {
        guard start == .aside else { return }
        for slot in slots {
            try slot.withLock { _ = try $0.engine() }
        }
    }

    /// Queues an image, to be read by `reader` (a pipeline's: its store and text sizing) on the
    /// next free engine; its result comes out of `next()`.
    package func submit(_ job: Job, readBy reader: PageReader) {
        let (finished, slots) = (finished, slots)
        engines.submit { index in finished.push(slots[index].withLock { Self.read(job, by: reader, on: &$0) }) }
    }

    private static func read(_ job: Job, by reader: PageReader, on slot: inout EngineSlot) -> Finished {
        let start = ContinuousClock.now
        let result: Result<RecognizedText, RunnerError>
        var stored = false
        do {
            let reading = try reader.read(job.image, resolution: job.resolution, rendering: job.operations,
                                          engine: job.engine, monitor: job.monitor, with: try slot.engine())
            (result, stored) = (.success(reading.recognized), reading.stored)
        } catch {
            result = .failure(RunnerError(message: oneLineMessage(for: error)))
        }
        return Finished(tag: job.tag, result: result, seconds: (ContinuousClock.now - start).inSeconds, stored: stored)
    }

    /// The next recognition submitted here to finish; waits for one. Call only with jobs in flight.
    package func next() -> Finished {
        // The engines' queue closes only when no pool holds them, so a caller always gets one.
        finished.pop()!
    }

    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, engine: EngineSettings(), monitor: monitor)
    }

    /// Reads `image` on the next free engine, as it is (the caller's pipeline sized it); when
    /// `monitor` is cancelled, returns at once while the engine finishes on its own.
    public func recognize(_ image: RGBImage, resolution: Int?, engine settings: EngineSettings,
                          monitor: RecognitionMonitor?) throws -> RecognizedText {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let slots = slots
        let result = engines.perform(unless: monitor?.stop) { index -> Result<RecognizedText, any Error> in
            // A job cancelled while it waited for an engine does not start.
            if monitor?.isCancelled == true { return .failure(RecognitionError.cancelled) }
            return slots[index].withLock { slot in
                Result {
                    try LibraryDiagnostics.silenced {
                        try slot.engine().recognize(image, resolution: resolution, engine: settings, monitor: monitor)
                    }
                }
            }
        }
        guard let result else { throw RecognitionError.cancelled }
        return try result.get()
    }

    /// Adds the page its engine read last: a pool of one engine only, whose last page is the
    /// one its caller read; the engines of a larger pool keep no pages.
    public func addLastPage(to document: TesseractDocument, showing shown: PageImage, revision: LineRevision?) throws -> [UInt8]? {
        guard count == 1 else { throw RunnerError(message: "a pool of \(count) engines writes no \(document.format.rawValue) pages") }
        // On the caller's thread, the engine's lock held: the engine is not reading then.
        return try slots[0].withLock { try $0.engine().addLastPage(to: document, showing: shown, revision: revision) }
    }

    public func releaseLastPage() {
        guard count == 1 else { return }
        slots[0].withLock { $0.ifMade?.releaseLastPage() }
    }
}
