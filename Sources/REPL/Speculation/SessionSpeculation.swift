import Core
import FileSystem
import Imaging
import Recognition
import ResultStore
import Session
import Threading

/// Speculation for one REPL session: prepares the predicted transitions on engines of its
/// own, moves what they made into the session's render cache, and answers a typed command
/// from it. Reports of renderings it made say `prepared` the first time they are shown.
final class SessionSpeculation {
    enum Target: Hashable, Sendable {
        case rendering(Renderer.Cache.Key)
        /// A new image (`page` nil), or a page of the document shown, read ahead and rendered
        /// with `operations`.
        case image(path: String, page: Int?, operations: [FilterOperation])
    }

    /// A rendering made ahead and its recognition; for a new image or page, the image as loaded.
    struct Outcome: Sendable {
        var original: LoadedImage
        var operations: [FilterOperation]
        var image: RGBImage
        var recognized: RecognizedText
        /// For a new image or page, the file as it was read, to notice a file replaced since.
        var stamp: FileStamp?
        /// For a page rendered with filters, its original's recognition: what the filters
        /// changed is measured against it.
        var originalRecognized: RecognizedText?
    }

    /// What `claimLoad` found.
    enum Load {
        case prepared(LoadedImage)
        case notPrepared
        case cancelled
    }

    /// Renderings larger than this are not prepared: Tesseract's working memory on a page
    /// grows with its pixels, and a 12-megapixel photo scaled 2x (48 MP) would take over a
    /// gigabyte per engine for a guess.
    static let maximumPixels = 16_000_000

    private let speculator: Speculator<Target, Outcome>
    /// Renderings in the cache that speculation made and no command has shown yet.
    private var unshown: Set<Renderer.Cache.Key> = []
    /// An image or page read ahead for `next` or `page next`, until the session moves on.
    private var loads: [Target: Outcome] = [:]
    /// Predictions of the last `prepare` left out as too large for the pixel limit or the budget.
    private var leftOut = 0

    /// - Parameters:
    ///   - engines: recognitions prepared at once.
    ///   - budget: bytes of renderings prepared and not yet in the cache, at most.
    ///   - truth: the session's, so that a report prepared here has the accuracy the command's would.
    init(engines: Int, budget: Int, settings: RecognitionSettings, factory: @escaping RecognizerFactory,
         store: ResultStore?, truth: TruthSource) {
        // Started aside, so their making cannot fail here: an engine that cannot start fails each job.
        let pool = try? Engines(count: max(1, engines), settings: settings, factory: factory, start: .aside, background: true)
        speculator = Speculator(budget: budget, engines: pool,
                                pipeline: Pipeline.template(settings, store: store, truth: truth))
    }

    /// Moves finished outcomes into `pipeline`'s cache; images read ahead are kept for `claimLoad`.
    func absorb(into pipeline: inout Pipeline) {
        for (target, outcome) in speculator.takeFinished() {
            switch target {
            case .rendering(let key):
                pipeline.renderer.store(outcome.recognized, image: outcome.image, for: outcome.original, outcome.operations)
                unshown.insert(key)
            case .image:
                loads[target] = outcome
            }
        }
    }

    /// Answers the rendering `key` for a typed command: afterwards it is in the cache if it
    /// was prepared or being prepared. False if `stop` was raised while it waited.
    func claimRendering(_ key: Renderer.Cache.Key, into pipeline: inout Pipeline,
                        onProgress: @escaping @Sendable (Int) -> Void, stop: StopSignal?) -> Bool {
        switch speculator.claim(.rendering(key), onProgress: onProgress, stop: stop) {
        case .prepared(let outcome):
            pipeline.renderer.store(outcome.recognized, image: outcome.image, for: outcome.original, outcome.operations)
            unshown.insert(key)
            return true
        case .notPrepared:
            return true
        case .cancelled:
            return false
        }
    }

    /// Whether the rendering `key` was prepared and not shown before; it counts as shown now.
    func showPrepared(_ key: Renderer.Cache.Key) -> Bool {
        unshown.remove(key) != nil
    }

    /// The image at `path` (or page `page` of the document there) read ahead, with its
    /// rendering by `operations` and their recognitions put in the cache, if the file is
    /// still the one read.
    func claimLoad(_ path: String, page: Int?, operations: [FilterOperation], into pipeline: inout Pipeline,
                   onProgress: @escaping @Sendable (Int) -> Void, stop: StopSignal?) -> Load {
        let target = Target.image(path: path, page: page, operations: operations)
        var outcome = loads.removeValue(forKey: target)
        if outcome == nil {
            switch speculator.claim(target, onProgress: onProgress, stop: stop) {
            case .prepared(let claimed): outcome = claimed
            case .notPrepared: return .notPrepared
            case .cancelled: return .cancelled
            }
        }
        guard let outcome, outcome.stamp != nil, outcome.stamp == FileStamp(at: path),
              let key = pipeline.renderer.key(outcome.original, outcome.operations) else { return .notPrepared }
        pipeline.renderer.store(outcome.recognized, image: outcome.image, for: outcome.original, outcome.operations)
        if let originalRecognized = outcome.originalRecognized {
            pipeline.renderer.store(originalRecognized, image: outcome.original.image, for: outcome.original, [])
        }
        unshown.insert(key)
        return .prepared(outcome.original)
    }

    /// What speculation is doing, for `status`; `cache` tells which prepared renderings it still holds.
    func status(cache: Renderer.Cache?) -> SessionStatus.Speculation {
        let activity = speculator.activity
        let ready = unshown.filter { cache?.contains($0) == true }.count + activity.finished + loads.count
        return .init(engines: speculator.engines, budgetMegabytes: speculator.budget >> 20, ready: ready,
                     preparing: activity.running, queued: activity.waiting, leftOut: leftOut)
    }

    /// Stops preparing until the next `prepare`, for a command that needs the cores.
    func pause() { speculator.pause() }

    /// Waits until everything predicted is prepared (or does not fit the budget).
    func waitUntilIdle() { speculator.waitUntilIdle() }

    /// Starts preparing the commands likely to come next from `machine`'s state, with the
    /// current image `original` and `current`, its last recognition.
    func prepare(from machine: SessionMachine, original: LoadedImage, current: PipelineResult?, pipeline: Pipeline) {
        let renderer = pipeline.renderer
        let pixels = original.image.width * original.image.height
        let predictions = Prediction.next(
            from: machine, pixels: pixels, recognitionTime: current?.report.timings.ocr ?? Double(pixels) * 0.2e-3,
            known: { operations in renderer.key(original, operations).map { renderer.cache?.contains($0) == true } ?? true })
        let settings = pipeline.settings
        let dpi = pipeline.resolution(of: original)
        let currentOperations = machine.filters.operations
        var jobs: [Speculator<Target, Outcome>.Job] = []
        leftOut = 0
        /// Whether a guess of this size may be prepared; one that may not is counted as left out.
        func fits(pixels: Int, bytes: Int) -> Bool {
            let fits = pixels <= Self.maximumPixels && bytes <= speculator.budget
            if !fits { leftOut += 1 }
            return fits
        }
        for prediction in predictions {
            switch prediction.work {
            case .render(let operations):
                // Scaling changes the rendering's size by the square of its factor.
                let growth = operations.filter { $0.kind == .scale }.reduce(1.0) { $0 * $1.parameter.value * $1.parameter.value }
                let renderedPixels = Int(Double(pixels) * growth)
                guard let key = renderer.key(original, operations) else { continue }
                let bytes = renderedPixels * RGBImage.channels
                guard fits(pixels: renderedPixels, bytes: bytes) else { continue }
                // A step goes on from the rendering shown; anything else starts from the original.
                var (base, remaining) = (original.image, operations)
                if let current, operations.starts(with: currentOperations) {
                    (base, remaining) = (current.image, Array(operations.dropFirst(currentOperations.count)))
                }
                jobs.append(.init(target: .rendering(key), bytes: bytes) { [base, remaining] pipeline, monitor in
                    let image = pipeline.renderer.render(remaining, from: base)
                    if monitor.isCancelled { throw RecognitionError.cancelled }
                    let recognized = try pipeline.recognize(image, resolution: dpi, rendering: operations, monitor: monitor).recognized
                    return Outcome(original: original, operations: operations, image: image, recognized: recognized)
                })
            case .load(let path):
                // The new image's size is unknown until it is read: counted as the current one's.
                let target = Target.image(path: path, page: nil, operations: [])
                guard loads[target] == nil else { continue }
                let bytes = original.image.samples.count
                guard fits(pixels: pixels, bytes: bytes) else { continue }
                jobs.append(.init(target: target, bytes: bytes) { pipeline, monitor in
                    let stamp = FileStamp(at: path)
                    let loaded = try pipeline.load(path, identified: true)
                    if monitor.isCancelled { throw RecognitionError.cancelled }
                    let recognized = try pipeline.recognize(loaded.image, resolution: settings.resolution(of: loaded),
                                                            monitor: monitor).recognized
                    return Outcome(original: loaded, operations: [], image: loaded.image, recognized: recognized, stamp: stamp)
                })
            case .turnPage(let path, let page, let operations):
                // The page's size is unknown until it is read: counted as this one's, and
                // twice with filters (the page as read beside its rendering).
                let target = Target.image(path: path, page: page, operations: operations)
                guard loads[target] == nil else { continue }
                let bytes = original.image.samples.count * (operations.isEmpty ? 1 : 2)
                guard fits(pixels: pixels, bytes: bytes) else { continue }
                jobs.append(.init(target: target, bytes: bytes) { pipeline, monitor in
                    let stamp = FileStamp(at: path)
                    let loaded = try pipeline.load(path, page: page, identified: true)
                    if monitor.isCancelled { throw RecognitionError.cancelled }
                    let image = pipeline.renderer.render(operations, from: loaded.image)
                    if monitor.isCancelled { throw RecognitionError.cancelled }
                    let dpi = settings.resolution(of: loaded)
                    let recognized = try pipeline.recognize(image, resolution: dpi, rendering: operations, monitor: monitor).recognized
                    let originalRecognized = operations.isEmpty
                        ? nil : try pipeline.recognize(loaded.image, resolution: dpi, monitor: monitor).recognized
                    return Outcome(original: loaded, operations: operations, image: image, recognized: recognized,
                                   stamp: stamp, originalRecognized: originalRecognized)
                })
            }
        }
        // Only the image `next` or `page next` would show is worth keeping read ahead.
        let wanted: Set<Target> = Set(predictions.compactMap { prediction in
            switch prediction.work {
            case .load(let path): .image(path: path, page: nil, operations: [])
            case let .turnPage(path, page, operations): .image(path: path, page: page, operations: operations)
            case .render: nil
            }
        })
        loads = loads.filter { wanted.contains($0.key) }
        speculator.prepare(jobs)
    }
}
