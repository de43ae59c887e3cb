import Core
import FileSystem
import Foundation
import Imaging
import Recognition
import Reports
import ResultStore
import TextComparison

/// Runs a sweep: one thread renders the points in order through a shared render cache (a
/// compounding chain filters only its last step), `jobs` engines recognise them in
/// parallel, and this thread receives the rows in strength order as they complete
/// (`Engines.map`).
public final class SweepRunner: Sendable {
    private struct Work: Sendable {
        var image: RGBImage
        var state: FilterState
    }

    private let settings: RecognitionSettings
    private let factory: RecognizerFactory
    private let store: ResultStore?
    private let jobs: Int
    private let truth: TruthSource

    public init(settings: RecognitionSettings, factory: @escaping RecognizerFactory = RecognitionSettings.tesseract,
                store: ResultStore? = nil, jobs: Int, truth: TruthSource = .sidecar) {
        self.settings = settings
        self.factory = factory
        self.store = store
        self.jobs = max(1, jobs)
        self.truth = truth
    }

    /// The sweep of `filter` over its default strengths for the image at `path`. A blur's range
    /// depends on the size of the text, so the original is read first to measure it.
    public func standardPlan(for filter: FilterKind, image path: String, page: Int? = nil) throws -> SweepPlan {
        guard filter == .blur else { return SweepPlan(standardFor: filter) }
        var pipeline = try Pipeline.make(settings, factory: factory, store: store, truth: truth)
        let original = try pipeline.load(path, page: page)
        let recognized = try pipeline.run(original, state: FilterState()).report.recognized
        return SweepPlan(standardFor: filter, textHeight: SweepPlan.textHeight(of: recognized))
    }

    /// Sweeps `image` (page `page` of a document) through `plan`, handing each row (or why its point failed) to
    /// `deliver` in order; stops starting points once `isCancelled`.
    /// - Returns: whether every point was run.
    public func run(image path: String, page: Int? = nil, plan: SweepPlan,
                    isCancelled: @escaping @Sendable () -> Bool = { false },
                    deliver: (Result<SweepRow, RunnerError>, _ done: Int, _ total: Int) -> Void) throws -> Bool {
        let settings = settings
        // The points are rendered in order on one thread, through one render cache, and read on the engines.
        let original = try Pipeline.rendering(settings, truth: truth).load(path, page: page, identified: true)
        let states = plan.states
        let jobs = min(self.jobs, states.count)
        let resolution = settings.resolution(of: original)
        var done = 0
        let engines = try Engines(count: jobs, settings: settings, factory: factory, start: store == nil ? .now : .lazily)
        let reading = Pipeline.template(settings, store: store)
        engines.map(window: jobs * 2, produce: { emit in
            var rendering = Pipeline.rendering(settings, cacheBudget: 1 << 30)
            for state in states {
                if isCancelled() { break }
                emit(Work(image: rendering.renderer.render(original, operations: state.operations), state: state))
            }
        }, transform: { engine, _, item in
            let result: Result<RecognizedText, RunnerError>
            do {
                result = .success(try reading.reading(with: engine).recognize(item.image, resolution: resolution,
                                                               rendering: item.state.operations,
                                                               engine: item.state.engine).recognized)
            } catch {
                result = .failure(RunnerError(message: oneLineMessage(for: error)))
            }
            return (result, item.state)
        }, deliver: { (result: Result<RecognizedText, RunnerError>, state: FilterState) in
            done += 1
            let row = result.map { recognized in
                SweepRow(state: state, plan: plan, text: recognized.text, meanConfidence: recognized.meanConfidence,
                         accuracy: original.truth.map { Accuracy(truth: $0, recognized: recognized.text) })
            }
            deliver(row, done, states.count)
        })
        return done == states.count
    }
}
