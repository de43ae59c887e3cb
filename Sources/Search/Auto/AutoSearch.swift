import Core
import Foundation
import Imaging
import Recognition
import TextComparison
import WordFrequency

/// The automatic choice of filters (`--auto`, `best`): recognises the original and chains
/// of filters in parallel within a budget of work, and keeps the rendering whose
/// recognition scores best by `ReadingScore`, which never reads the truth.
///
/// The budget counts work, never time: each candidate costs the square root of its pixels
/// over the original's (Tesseract's time grows with the text more than with the pixels:
/// twice the side measured about twice the time), so a candidate at the original's size
/// costs 1, an image enlarged twice costs 2. Which candidates are tried is therefore fixed
/// by the page, the settings and the version, and so is the choice, however busy the machine
/// and however many engines share the work (`AutoPlan` orders them; results are kept in its
/// order, not in the order engines finish). A time limit remains only as a safety against a
/// machine so loaded that the search would never end; when it cuts the search the choice
/// says so (`timeLimited`).
/// A candidate must beat the original by a margin to be chosen, so that a clean page,
/// where the filters can only lose, keeps its recognition.
public struct AutoSearch: Sendable {
    /// The default budget, in recognitions of the original besides the original's own, when
    /// every chain is read whole. Most pages spend far less: the search ends after the first
    /// filters when none of them reads clearly better (`AutoPlan.promise`).
    public static let defaultBudget = 12.0
    /// How much better than the original's score a candidate must be, as a fraction.
    static let requiredGain = 0.02
    /// The safety: a search stops submitting candidates after this many times the time its
    /// budget should take on one engine (at least `minimumTimeLimit`), measured from the
    /// original's recognition (or the first candidate's, when the original's is stored). Far
    /// above any load seen (three busy processes on two cores slowed a search about 3x), so
    /// that it cuts only runaway searches.
    static let timeLimitFactor = 6.0
    static let minimumTimeLimit = 20.0

    /// Recognitions of the original that the candidates besides the original may cost.
    public var budget: Double
    /// Keep every candidate in the choice's JSON (`--explain`).
    public var explain: Bool
    /// The safety time limit in seconds from the search's start; nil for the default, from
    /// the original's recognition time (`timeLimitFactor`, `minimumTimeLimit`).
    public var timeLimit: Double?

    /// How chains are first read on a sample of the page (`--auto-sample`); nil to read every
    /// one whole.
    public var sampling: Sampling?

    /// - Parameter budget: nil for the default: `defaultBudget`, or with `sampling` its own.
    public init(budget: Double? = nil, explain: Bool = false, timeLimit: Double? = nil, sampling: Sampling? = nil) {
        self.budget = budget ?? sampling?.defaultBudget ?? Self.defaultBudget
        self.explain = explain
        self.timeLimit = timeLimit
        self.sampling = sampling
    }

    /// How the chains are first read on a sample of the page (`PageSample`), and how many of
    /// the best are then read whole.
    public struct Sampling: Sendable {
        /// About this share of the page's rows, in `bands` bands, and never more than `largestShare`.
        public var share = 0.15
        public var bands = 3
        public var largestShare = 0.4
        /// The chains read whole at most, of those whose samples beat the base's.
        public var finalists = 2
        /// The budget by default when chains are sampled: the samples of about a dozen chains
        /// and two of them read whole, which two engines read in about three plain
        /// recognitions' time (`docs/auto.md`).
        public var defaultBudget = 4.5

        public init(share: Double = 0.15, bands: Int = 3, largestShare: Double = 0.4, finalists: Int = 2) {
            (self.share, self.bands, self.largestShare, self.finalists) = (share, bands, largestShare, finalists)
        }

        func sample(of image: RGBImage, in space: WorkingSpace) -> PageSample? {
            PageSample.choose(in: image, space: space, share: share, count: bands, largestShare: largestShare)
        }
    }

    /// Where a search is, for a progress line.
    public struct Progress: Sendable {
        public var tried: Int
        public var best: FilterState
        public var bestScore: Double
    }

    /// A chain to read, on the whole page or on its sample.
    private struct Probe: Hashable {
        var filters: FilterState
        var sampled: Bool
    }

    private struct Rendered {
        var probe: Probe
        /// The image read: the page's rendering, or its sample.
        var image: RGBImage
        var renderSeconds: Double
        /// Whether the filters left the page as it was (nothing to read).
        var unchanged: Bool
        /// What reading the whole rendering costs, and what reading `image` costs.
        var wholeCost: Double
        var cost: Double
    }

    private struct Outcome {
        var candidate: AutoChoice.Candidate
        var recognized: RecognizedText
        var image: RGBImage
    }

    /// Searches `original` with the engines of `pool` and returns the chosen rendering's
    /// report (with `auto` set) and image.
    ///
    /// - Parameter monitor: stops every recognition of the search when cancelled; the search
    ///   then waits for its engines and throws `RecognitionError.cancelled`.
    public func run(_ original: LoadedImage, pipeline: inout Pipeline, pool: RecognizerPool,
             monitor: RecognitionMonitor? = nil, progress: (Progress) -> Void = { _ in }) throws -> PipelineResult {
        let start = ContinuousClock.now
        let resolution = pipeline.resolution(of: original)
        let space = pipeline.renderer.space
        var plan = AutoPlan(budget: budget)
        var outcomes: [Outcome] = []
        var timeLimit = self.timeLimit
        var timeLimited = false
        // What the candidates are charged against (`ReadingAgreement`) and must beat: the
        // original, then the righted page once it is chosen.
        var baselineReading: RecognizedText?
        var reference = FilterState()
        // Whether every candidate was answered from the result store, as progress counts it.
        var allStored = true
        // The bands of the page the chains are first read on, when it has text to sample.
        var sample: PageSample?
        // The budget the samples leave for reading the best of them whole: the finalists at
        // the original's size, or the dearest candidate sampled so far, whole.
        var reserve = 0.0
        // What every search reads, whatever its budget: the original whole, and the sample of
        // the page the chains start from.
        var sampleOfBase = Probe(filters: FilterState(), sampled: true)
        var alwaysRead: Set<Probe> = [Probe(filters: FilterState(), sampled: false), sampleOfBase]

        func elapsed() -> Double { (ContinuousClock.now - start).inSeconds }

        /// Whether `image`, the rendering of `filters`, is the original or the righted page it
        /// starts from: the filter found nothing to do, and reading it again would tell nothing.
        func isUnchanged(_ image: RGBImage, _ filters: FilterState) -> Bool {
            (image == original.image && filters.engine.isDefault)
                || righted.contains { $0.image == image && $0.filters != filters && $0.filters.engine == filters.engine }
        }

        /// The righted renderings, each rendered once: a candidate that starts with one's chain
        /// is rendered from it.
        var righted: [PageRighting.Base] = []
        func render(_ filters: FilterState) -> RGBImage {
            let operations = filters.operations
            guard let base = righted.filter({ operations.starts(with: $0.filters.operations) })
                .max(by: { $0.filters.operations.count < $1.filters.operations.count }) else {
                return pipeline.renderer.render(original, operations: operations)
            }
            return operations.dropFirst(base.filters.operations.count)
                .reduce(base.image) { image, operation in operation.apply(to: image, in: pipeline.renderer.space) }
        }

        /// A candidate read, not yet scored: its score depends on the reading it is charged
        /// against, which may be read beside it.
        struct Reading {
            var rendered: Rendered
            var recognized: RecognizedText
            var seconds: Double
        }

        /// The outcome of `reading`, charged against `baseline` (nil: scored on its own).
        func outcome(_ reading: Reading, against baseline: RecognizedText?) -> Outcome {
            let recognized = reading.recognized
            let sampled = reading.rendered.probe.sampled
            let countsOrder = reading.rendered.probe.filters.engine.pageSegmentation == nil
            let agreement = baseline.map { ReadingAgreement(recognized, against: $0, countsOrder: countsOrder) }
            let score = ReadingScore(recognized)
            let candidate = AutoChoice.Candidate(
                filters: reading.rendered.probe.filters, score: score.value - (agreement?.penalty ?? 0),
                wordCount: WordCounts.words(in: recognized.text).count, meanConfidence: recognized.meanConfidence,
                accuracy: sampled ? nil : original.truth.map { Accuracy(truth: $0, recognized: recognized.text) },
                seconds: reading.rendered.renderSeconds + reading.seconds, likelyCharacters: score.likelyCharacters,
                keepsTheText: agreement?.keepsTheText ?? true, sampled: sampled)
            return Outcome(candidate: candidate, recognized: recognized, image: reading.rendered.image)
        }

        /// Spends what reading `rendered` costs, if the budget has it; a sample only if the
        /// budget keeps enough to read the finalists whole, or the dearest candidate sampled.
        func admit(_ rendered: Rendered) -> Bool {
            guard rendered.probe.sampled else { return plan.admit(cost: rendered.cost) }
            let keeping = max(reserve, rendered.wholeCost, Double(sampling?.finalists ?? 0))
            guard plan.admit(cost: rendered.cost, keeping: keeping) else { return false }
            reserve = keeping
            return true
        }

        /// Reads `list` in parallel, admitting each in order while the budget lasts (all but
        /// `alwaysRead`), and returns the readings in the list's order. Once the first is
        /// submitted, `thenAlso` may add to the list: what it decides is decided while an
        /// engine reads.
        func read(_ list: [Probe], thenAlso: (() -> [Probe])? = nil) throws -> [Reading] {
            var list = list
            var next = list.startIndex
            var inFlight: [Int: Rendered] = [:]
            var finished: [Int: Reading] = [:]
            /// The next candidate, rendered while the engines read: an engine that frees up
            /// then waits for no filter.
            var ahead: (index: Int, rendered: Rendered)?
            func renderNext() -> (index: Int, rendered: Rendered)? {
                guard next < list.endIndex else { return nil }
                if let timeLimit, elapsed() >= timeLimit {
                    timeLimited = true
                    next = list.endIndex
                    return nil
                }
                let index = next
                next += 1
                let renderStart = ContinuousClock.now
                let probe = list[index]
                let page = render(probe.filters)
                let unchanged = probe.filters != FilterState() && isUnchanged(page, probe.filters)
                let wholeCost = AutoPlan.cost(of: page.pixelCount, original: original.image.pixelCount)
                let image = probe.sampled ? sample?.cut(page) ?? page : page
                return (index, Rendered(probe: probe, image: image, renderSeconds: (ContinuousClock.now - renderStart).inSeconds,
                                        unchanged: unchanged, wholeCost: wholeCost,
                                        cost: wholeCost * (probe.sampled ? sample?.textShare ?? 1 : 1)))
            }
            func submitWhileEnginesFree() {
                while inFlight.count < pool.count, let (index, rendered) = ahead ?? renderNext() {
                    ahead = nil
                    let image = rendered.image
                    guard image.width >= TesseractEngine.minimumSide, image.height >= TesseractEngine.minimumSide,
                          !rendered.unchanged else { continue }
                    if !alwaysRead.contains(rendered.probe), !plan.detected.contains(rendered.probe.filters), !admit(rendered) { continue }
                    inFlight[index] = rendered
                    pool.submit(.init(tag: index, image: image, resolution: resolution,
                                      rendering: rendered.probe.filters.operations, engine: rendered.probe.filters.engine,
                                      monitor: monitor), readBy: pipeline.reader)
                    if let more = thenAlso, index == list.startIndex {
                        list += more()
                    }
                }
                if ahead == nil, monitor?.isCancelled != true { ahead = renderNext() }
            }
            submitWhileEnginesFree()
            while !inFlight.isEmpty {
                let done = pool.next()
                guard let job = inFlight.removeValue(forKey: done.tag) else { continue }
                if monitor?.isCancelled == true {
                    // The engines are the pool's: they are handed back free.
                    for _ in inFlight { _ = pool.next() }
                    throw PipelineError(source: original.name, underlying: RecognitionError.cancelled)
                }
                switch done.result {
                case .success(let recognized):
                    allStored = allStored && done.stored
                    finished[done.tag] = Reading(rendered: job, recognized: recognized, seconds: done.seconds)
                    if !job.probe.sampled, job.probe.filters.engine.isDefault {
                        pipeline.renderer.store(recognized, image: job.image, for: original, job.probe.filters.operations)
                    }
                    // Measured on the first recognition made now: one from the result store
                    // took no recognising, and would cut the candidates that still need it.
                    if timeLimit == nil, !done.stored {
                        timeLimit = max(Self.minimumTimeLimit, Self.timeLimitFactor * (1 + budget) * max(done.seconds, 0.001))
                    }
                case .failure(let error):
                    if job.probe.filters.operations.isEmpty { throw PipelineError(source: original.name, underlying: error) }
                }
                submitWhileEnginesFree()
            }
            return finished.keys.sorted().compactMap { finished[$0] }
        }

        func reportProgress() {
            if let best = Self.choose(outcomes.map(\.candidate), over: reference) {
                progress(Progress(tried: outcomes.count, best: best.filters, bestScore: best.score))
            }
        }
        func probes(_ list: [FilterState], sampled: Bool) -> [Probe] { list.map { Probe(filters: $0, sampled: sampled) } }

        // The original is read first; while an engine reads it, the page's righting is decided
        // (inverted, cropped, turned, straightened) and its renderings go to the other engine.
        // A page that needs no righting is its own base, known before any reading: its sample,
        // and the filters its first round has whatever the original's reading says, are read
        // beside it.
        var early: [Probe] = []
        let opening = try read([Probe(filters: FilterState(), sampled: false)], thenAlso: {
            righted = PageRighting.bases(of: original.image, in: space, detector: OrientationDetection.detector)
            // The righted renderings are facts about the page: with samples, read whatever
            // the budget, which then goes to the samples and the finalists.
            if sampling != nil { alwaysRead.formUnion(probes(righted.map(\.filters), sampled: false)) }
            guard righted.isEmpty else { return probes(righted.map(\.filters), sampled: false) }
            sample = sampling.flatMap { $0.sample(of: original.image, in: space) }
            plan.detecting(AutoPlan.certainDetected(base: FilterState()))
            early = (sample == nil ? [] : [sampleOfBase])
                + probes(AutoPlan.certainFirstRound(base: FilterState(), image: original.image), sampled: sample != nil)
            return early
        })
        guard let baselineRead = opening.first, baselineRead.rendered.probe == Probe(filters: FilterState(), sampled: false) else {
            throw PipelineError(source: original.name, underlying: RunnerError(message: "no recognition of the original"))
        }
        let baseline = outcome(baselineRead, against: nil)
        outcomes.append(baseline)
        // The righted renderings are facts, not tastes, so they are scored on their own, not
        // against the original's reading (whose order of a negative page's columns, or of an
        // upside-down page, is no guide), and the best of them is the page the chains are
        // searched on and charged against, unless the original reads better.
        let rightedOutcomes = opening.dropFirst().filter { !early.contains($0.rendered.probe) }
            .map { outcome($0, against: nil) }
        outcomes += rightedOutcomes
        var base = baseline
        for outcome in rightedOutcomes where outcome.candidate.score >= base.candidate.score { base = outcome }
        baselineReading = base.recognized
        // To be chosen, though, the righted page must beat the original as any candidate must:
        // a negative page Tesseract inverts by itself can read better as it is.
        reference = Self.choose(outcomes.map(\.candidate))?.filters ?? FilterState()
        // A turn OSD is sure of is taken when the turned page reads at least as well.
        if reference == FilterState(),
           let sure = rightedOutcomes.first(where: { outcome in righted.contains { $0.isSureTurn && $0.filters == outcome.candidate.filters } }),
           AutoSearch.mayReplace(baseline.candidate, with: sure.candidate) || baseline.candidate.wordCount == 0,
           sure.candidate.score >= baseline.candidate.score {
            reference = sure.candidate.filters
        }
        if !righted.isEmpty {
            sample = sampling.flatMap { $0.sample(of: base.image, in: space) }
            sampleOfBase = Probe(filters: base.candidate.filters, sampled: true)
            alwaysRead.insert(sampleOfBase)
        }

        // The chains are read on the sample when there is one, and charged against the base's
        // sample; the best of them are then read whole.
        var sampleBaseline: Outcome?
        var sampled: [Outcome] = []
        // Read early or not, a round's candidates are scored and kept in the round's order.
        var readEarly = Dictionary(opening.dropFirst().filter { early.contains($0.rendered.probe) }
            .map { ($0.rendered.probe, $0) }, uniquingKeysWith: { first, _ in first })
        while let round = plan.nextRound(base: base.candidate.filters, image: base.image, reading: base.recognized,
                                         tried: sample == nil ? outcomes.map(\.candidate)
                                            : ([sampleBaseline].compactMap { $0 } + sampled).map(\.candidate)) {
            let wanted = (sample != nil && sampleBaseline == nil ? [sampleOfBase] : []) + probes(round, sampled: sample != nil)
            var readings = readEarly
            readEarly = [:]
            // An early candidate that rendered unchanged or failed is not read again.
            for reading in try read(wanted.filter { !early.contains($0) }) { readings[reading.rendered.probe] = reading }
            guard sample != nil else {
                outcomes += round.compactMap { readings[Probe(filters: $0, sampled: false)] }
                    .map { outcome($0, against: baselineReading) }
                reportProgress()
                continue
            }
            if sampleBaseline == nil {
                guard let reading = readings[sampleOfBase] else {
                    throw PipelineError(source: original.name, underlying: RunnerError(message: "no recognition of the page's sample"))
                }
                sampleBaseline = outcome(reading, against: nil)
            }
            sampled += round.compactMap { readings[Probe(filters: $0, sampled: true)] }
                .map { outcome($0, against: sampleBaseline?.recognized) }
        }
        if let sampleBaseline, let sampling {
            let finalists = Self.finalists(sampled.map(\.candidate), over: sampleBaseline.candidate, count: sampling.finalists)
            outcomes += try read(probes(finalists, sampled: false)).map { outcome($0, against: baselineReading) }
            reportProgress()
        }

        let candidates = outcomes.map(\.candidate)
        guard let chosen = Self.choose(candidates, over: reference),
              let outcome = outcomes.first(where: { $0.candidate.filters == chosen.filters }) else {
            throw PipelineError(source: original.name, underlying: RunnerError(message: "no recognition of the original"))
        }
        var report = pipeline.report(original, chosen.filters, outcome.recognized, rendered: outcome.image, cached: false, timings: .init(
            decode: original.decodeTime, filter: 0, ocr: Milliseconds.round(elapsed() * 1000)))
        report.timings.stored = allStored
        let tried = candidates + [sampleBaseline?.candidate].compactMap { $0 } + sampled.map(\.candidate)
        report.auto = AutoChoice(chosen: chosen, original: baseline.candidate, candidates: tried, seconds: elapsed(),
                                 work: plan.spent, budget: budget, timeLimited: timeLimited, explained: explain)
        return PipelineResult(report: report, image: outcome.image)
    }

    /// The chains to read whole, best first: of the sampled `candidates`, the `count` best
    /// that read something, keep the text, and read better than the base's sample `base` (by
    /// the characters likely right when the base's sample read nothing, as `choose` judges).
    /// Better at all, not by the margin a choice needs, and whether or not the readings are
    /// garbled: a sample holds a part of the page's text, a filter that mends the rest (a
    /// shadow, a stain) gains less on it, and a few lines read badly say less than a page. The
    /// choice between the whole readings applies every rule.
    static func finalists(_ candidates: [AutoChoice.Candidate], over base: AutoChoice.Candidate, count: Int) -> [FilterState] {
        func measure(_ candidate: AutoChoice.Candidate) -> Double { Self.measure(candidate, over: base) }
        let least = base.wordCount == 0 ? max(base.likelyCharacters, leastReading) : base.score
        let better = candidates.enumerated().filter { _, candidate in
            measure(candidate) > least && candidate.keepsTheText && candidate.wordCount > 0
        }
        // Of equal measures the one tried first.
        return better.sorted { measure($0.element) != measure($1.element) ? measure($0.element) > measure($1.element) : $0.offset < $1.offset }
            .prefix(count).map(\.element.filters)
    }

    /// The candidate to keep: the best score among those that keep the text, if it beats the
    /// reference's (the original's, or the righted page's, which reads at least as well) by the
    /// required gain; otherwise the reference. When the reference read no word at all, the
    /// candidate with the most characters likely right, if it has `leastReading` of them. Of
    /// equal scores the one tried first wins, so the choice depends only on the candidates'
    /// order, which is the plan's.
    static func choose(_ candidates: [AutoChoice.Candidate], over reference: FilterState = FilterState()) -> AutoChoice.Candidate? {
        guard let base = candidates.first(where: { $0.filters == reference })
                ?? candidates.first(where: { $0.filters.operations.isEmpty }) else { return nil }
        if base.wordCount == 0 {
            // Nothing read: any reading with enough characters likely right beats it.
            var best = base
            for candidate in candidates where candidate.likelyCharacters > max(best.likelyCharacters, leastReading) {
                best = candidate
            }
            return best
        }
        var best = base
        for candidate in candidates where mayReplace(base, with: candidate) && candidate.score > best.score {
            best = candidate
        }
        guard best.score > base.score + requiredGain * abs(base.score) else { return base }
        return best
    }

    /// Whether `candidate` may be chosen over `base`, a reading of something, on its score: it
    /// keeps the text (`ReadingAgreement.keepsTheText`) and reads something; and where `base`'s
    /// reading is more garbage than text (a score of 0 or less), its own is not.
    ///
    /// A reading of nothing is never better than one of something: its error rate is 1, and a
    /// page read badly is rarely worse; it wins on score only against a garbled reading. Between
    /// two garbled readings the score says little about the error rate: the one that reads fewer
    /// wrong words scores higher, and with them it loses the few right ones (a dithered fax page
    /// read as 390 words, mostly wrong, at CER 0.77 lost to a median that read 9 at 0.99).
    static func mayReplace(_ base: AutoChoice.Candidate, with candidate: AutoChoice.Candidate) -> Bool {
        candidate.keepsTheText && candidate.wordCount > 0 && (base.score > 0 || candidate.score > 0)
    }

    /// What `candidate` is judged by against `base`, as `choose` judges: the characters likely
    /// right when `base` read nothing, its score otherwise.
    static func measure(_ candidate: AutoChoice.Candidate, over base: AutoChoice.Candidate) -> Double {
        base.wordCount == 0 ? candidate.likelyCharacters : candidate.score
    }

    /// The characters likely read right that a reading of a page read as nothing must have to
    /// be chosen: a few words, more than specks on a blank page read as letters.
    static let leastReading = 40.0
}
