import Dispatch
import FileSystem
import Foundation
import Imaging
import Recognition
import TextComparison
import WordFrequency

/// Runs a sweep: one thread renders the points in order through a shared render cache (a
/// compounding chain filters only its last step), `jobs` engines recognise them in
/// parallel, and this thread receives the rows in strength order as they complete.
public final class SweepRunner: Sendable {
    private struct Work: Sendable {
        var index: Int
        var image: RGBImage
        var state: FilterState
    }

    private enum Event: Sendable {
        case finished(Int, Result<RecognizedText, RunnerError>, FilterState)
        case renderingEnded(count: Int)
    }

    private let settings: RecognitionSettings
    private let factory: RecognizerFactory
    private let jobs: Int
    private let truth: TruthSource

    public init(settings: RecognitionSettings, factory: @escaping RecognizerFactory = RecognitionSettings.tesseract,
                jobs: Int, truth: TruthSource = .sidecar) {
        self.settings = settings
        self.factory = factory
        self.jobs = max(1, jobs)
        self.truth = truth
    }

    /// Sweeps `image` through `plan`, handing each row (or why its point failed) to
    /// `deliver` in order; stops starting points once `isCancelled`.
    /// - Returns: whether every point was run.
    public func run(image path: String, plan: SweepPlan, isCancelled: @escaping @Sendable () -> Bool = { false },
                    deliver: (Result<SweepRow, RunnerError>, _ done: Int, _ total: Int) -> Void) throws -> Bool {
        let original = try ImageLoader(decoder: settings.decoder, truth: truth).load(path, identified: true)
        let states = plan.states
        let jobs = min(self.jobs, states.count)
        let work = WorkQueue<Work>()
        let events = WorkQueue<Event>()
        let window = DispatchSemaphore(value: jobs * 2)
        let started = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        let resolution = settings.resolution ?? original.decoded.resolution
        for _ in 0..<jobs {
            let worker = Thread { [factory, settings] in
                let recognizer: any Recognizer
                do {
                    recognizer = try factory(settings)
                } catch {
                    failure.withLock { $0 = $0 ?? oneLineMessage(for: error) }
                    started.signal()
                    return
                }
                started.signal()
                while let item = work.pop() {
                    let result: Result<RecognizedText, RunnerError>
                    do {
                        result = .success(try LibraryDiagnostics.silenced { try recognizer.recognize(item.image, resolution: resolution) })
                    } catch {
                        result = .failure(RunnerError(message: oneLineMessage(for: error)))
                    }
                    events.push(.finished(item.index, result, item.state))
                }
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        for _ in 0..<jobs { started.wait() }
        if let message = failure.withLock({ $0 }) {
            work.close(consumers: jobs)
            throw RunnerError(message: message)
        }
        let space = settings.space
        let renderer = Thread {
            var renderer = Renderer(space: space, cacheBudget: 1 << 30)
            var issued = 0
            for (index, state) in states.enumerated() {
                if isCancelled() { break }
                window.wait()
                work.push(Work(index: index, image: renderer.render(original, operations: state.operations), state: state))
                issued += 1
            }
            events.push(.renderingEnded(count: issued))
            work.close(consumers: jobs)
        }
        renderer.stackSize = 8 << 20
        renderer.start()

        var order = ReorderBuffer<(Result<RecognizedText, RunnerError>, FilterState)>()
        var done = 0
        while !order.isComplete, let event = events.pop() {
            switch event {
            case .renderingEnded(let count):
                order.inputEnded(after: count)
            case let .finished(index, result, state):
                for (ready, readyState) in order.arrived(index, (result, state)) {
                    done += 1
                    deliver(ready.map { row(for: $0, state: readyState, truth: original.truth, plan: plan) }, done, states.count)
                    window.signal()
                }
            }
        }
        return order.next == states.count
    }

    private func row(for recognized: RecognizedText, state: FilterState, truth: String?, plan: SweepPlan) -> SweepRow {
        let last = state.operations.last
        let strength: Double = switch plan.kind {
        case .strengths: last?.intensity ?? 0
        case .compound: Double(state.operations.count - 1)
        }
        let accuracy = truth.map { Accuracy(truth: $0, recognized: recognized.text) }
        return SweepRow(
            strength: strength,
            parameter: last.map { $0.kind == .blur ? $0.sigma : $0.threshold } ?? 0,
            parameterName: plan.filter == .blur ? "sigma" : "threshold",
            operations: state.operationNames,
            wordCount: WordCounts.words(in: recognized.text).count,
            meanConfidence: recognized.meanConfidence,
            accuracy: accuracy.map { .init(characterErrorRate: $0.characterErrorRate, wordErrorRate: $0.wordErrorRate,
                                            wordRecall: $0.wordRecall) },
            text: recognized.text)
    }
}
