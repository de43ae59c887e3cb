import Foundation
import Imaging
import Recognition
import TextComparison
import WordFrequency

/// The automatic choice of filters (`--auto`, `best`): recognises the original and chains
/// of filters in parallel within a time budget, and keeps the rendering whose recognition
/// scores best by `ReadingScore`, which never reads the truth.
///
/// The budget is a multiple of the time the original's recognition took, so it adapts to
/// the image and the machine: a candidate starts only if it is expected to finish in time
/// (its expected time grows with the square root of its pixels, as an enlarged image takes
/// longer to read).
/// A candidate must beat the original by a margin to be chosen, so that a clean page,
/// where the filters can only lose, keeps its recognition.
public struct AutoSearch: Sendable {
    /// The default budget, in recognitions of the original as timed during the search (two
    /// engines at once each run slower than one alone): with the process's start and the
    /// image's decoding, `--auto` stays within six plain recognitions.
    public static let defaultBudget = 5.0
    /// How much better than the original's score a candidate must be, as a fraction.
    static let requiredGain = 0.02
    /// How many candidates finish before the best so far is extended.
    static let extendAfter = 6

    public var budget: Double
    /// Keep every candidate in the choice's JSON (`--explain`).
    public var explain: Bool

    public init(budget: Double = AutoSearch.defaultBudget, explain: Bool = false) {
        self.budget = budget
        self.explain = explain
    }

    /// Where a search is, for a progress line.
    public struct Progress: Sendable {
        public var tried: Int
        public var best: FilterState
        public var bestScore: Double
    }

    private struct InFlight {
        var filters: FilterState
        var image: RGBImage
        var renderSeconds: Double
    }

    /// Searches `original` with the engines of `pool` and returns the chosen rendering's
    /// report (with `auto` set) and image.
    ///
    /// - Parameter monitor: stops every recognition of the search when cancelled; the search
    ///   then waits for its engines and throws `RecognitionError.cancelled`.
    func run(_ original: LoadedImage, pipeline: inout Pipeline, pool: RecognizerPool,
             monitor: RecognitionMonitor? = nil, progress: (Progress) -> Void = { _ in }) throws -> PipelineResult {
        let start = ContinuousClock.now
        let resolution = pipeline.resolution(of: original)
        var pending: [FilterState] = [FilterState()] + AutoCandidates.firstRound(for: original.image, reading: nil).prefix(1)
        var seen = Set(pending)
        var inFlight: [Int: InFlight] = [:]
        var nextTag = 0
        var candidates: [AutoChoice.Candidate] = []
        var recognitions: [FilterState: (RecognizedText, RGBImage)] = [:]
        var originalSeconds: Double?
        var extended = false

        func elapsed() -> Double { (ContinuousClock.now - start).inSeconds }
        func submitWhileEnginesFree() {
            while inFlight.count < pool.count, !pending.isEmpty {
                if let originalSeconds, elapsed() >= budget * originalSeconds { pending.removeAll() }
                guard !pending.isEmpty else { break }
                let filters = pending.removeFirst()
                let renderStart = ContinuousClock.now
                let image = pipeline.renderer.render(original, operations: filters.operations)
                let renderSeconds = (ContinuousClock.now - renderStart).inSeconds
                if let originalSeconds {
                    // Tesseract's time grows with the text more than with the pixels: twice the
                    // side (four times the pixels) measured about twice the time.
                    let expected = originalSeconds * (Double(image.pixelCount) / Double(original.image.pixelCount)).squareRoot()
                    guard elapsed() + expected <= budget * originalSeconds else { continue }
                }
                guard image.width >= TesseractEngine.minimumSide, image.height >= TesseractEngine.minimumSide else { continue }
                inFlight[nextTag] = InFlight(filters: filters, image: image, renderSeconds: renderSeconds)
                pool.submit(.init(tag: nextTag, image: image, resolution: resolution, monitor: monitor))
                nextTag += 1
            }
        }

        submitWhileEnginesFree()
        while !inFlight.isEmpty {
            let finished = pool.next()
            guard let job = inFlight.removeValue(forKey: finished.tag) else { continue }
            if monitor?.isCancelled == true {
                // The engines are the pool's: they are handed back free.
                for _ in inFlight { _ = pool.next() }
                throw PipelineError(source: original.name, underlying: RecognitionError.cancelled)
            }
            switch finished.result {
            case .success(let recognized):
                let score = ReadingScore(recognized)
                candidates.append(AutoChoice.Candidate(
                    filters: job.filters, score: score.value, wordCount: WordCounts.words(in: recognized.text).count,
                    meanConfidence: recognized.meanConfidence,
                    accuracy: original.truth.map { Accuracy(truth: $0, recognized: recognized.text) },
                    seconds: job.renderSeconds + finished.seconds))
                recognitions[job.filters] = (recognized, job.image)
                pipeline.renderer.store(recognized, image: job.image, for: original, job.filters.operations)
                if job.filters.operations.isEmpty {
                    originalSeconds = max(finished.seconds, 0.001)
                    for filters in AutoCandidates.firstRound(for: original.image, reading: recognized) where !seen.contains(filters) {
                        pending.append(filters)
                        seen.insert(filters)
                    }
                }
            case .failure(let error):
                if job.filters.operations.isEmpty { throw PipelineError(source: original.name, underlying: error) }
            }
            if let best = Self.choose(candidates) {
                progress(Progress(tried: candidates.count, best: best.filters, bestScore: best.score))
            }
            // Once the most promising single filters are in (or all are), the best so far is
            // extended before the less promising ones are tried: a good chain usually starts
            // with a good filter.
            if !extended, originalSeconds != nil, candidates.count >= Self.extendAfter || pending.isEmpty,
               let best = candidates.max(by: { $0.score < $1.score }) {
                extended = true
                let extensions = AutoCandidates.extensions(of: best.filters).filter { !seen.contains($0) }
                pending.insert(contentsOf: extensions, at: 0)
                seen.formUnion(extensions)
            }
            submitWhileEnginesFree()
        }

        guard let chosen = Self.choose(candidates), let baseline = candidates.first(where: { $0.filters.operations.isEmpty }),
              let (recognized, image) = recognitions[chosen.filters] else {
            throw PipelineError(source: original.name, underlying: RunnerError(message: "no recognition of the original"))
        }
        var report = pipeline.report(original, chosen.filters, recognized, rendered: image, cached: false, timings: .init(
            decode: original.decodeTime, filter: 0, ocr: Milliseconds.round(elapsed() * 1000)))
        let listed = [baseline] + candidates.filter { !$0.filters.operations.isEmpty }
        report.auto = AutoChoice(chosen: chosen, original: baseline, candidates: listed, seconds: elapsed(), explained: explain)
        return PipelineResult(report: report, image: image)
    }

    /// The candidate to keep: the best score, if it beats the original's by the required
    /// gain; otherwise the original.
    static func choose(_ candidates: [AutoChoice.Candidate]) -> AutoChoice.Candidate? {
        guard let original = candidates.first(where: { $0.filters.operations.isEmpty }) else { return nil }
        guard let best = candidates.max(by: { $0.score < $1.score }),
              best.score > original.score + requiredGain * abs(original.score) else { return original }
        return best
    }
}
