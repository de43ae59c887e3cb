import Core
import Imaging
import Recognition
import Reports

/// One `--auto` search of one page: what its phases share, and one method per phase, which
/// `AutoSearch.run` calls in this order:
///
/// 1. `baseline`: the original, read first; while an engine reads it, `righting` decides the
///    page's righted renderings, which the other engines read beside it.
/// 2. `searchBase`: the righted renderings scored, and the page the chains are searched on and
///    charged against chosen (`AutoChoiceRule.searchBase`, `AutoChoiceRule.reference`).
/// 3. `samples`: with `--auto-sample`, the bands of that page the chains are first read on.
/// 4. `rounds`: the plan's rounds of candidates (`AutoPlan`).
/// 5. `finalists`: with samples, the best sampled chains read whole.
///
/// Then `choice` is the whole reading `AutoChoiceRule.choose` keeps. Every candidate is read in
/// parallel by `read`, and kept in the order it was listed, whichever engine finishes first.
package struct AutoRun {
    let search: AutoSearch
    let original: LoadedImage
    /// The search's pipeline: its renderer renders the candidates and keeps the whole readings
    /// (the REPL's `best` then answers every candidate at once).
    var pipeline: Pipeline
    /// The engines every candidate and line is read on, through batches of its own.
    let pool: any EngineSet
    /// Stops every recognition of the search when cancelled.
    let monitor: RecognitionMonitor?
    /// Watches the candidates' recognitions (all but the original's): stopped with `monitor`,
    /// and past the safety time limit, at Tesseract's next word, so that a candidate Tesseract
    /// takes minutes over ends the search at its limit instead of minutes later.
    let limited: RecognitionMonitor
    let start = ContinuousClock.now
    let resolution: Int?

    /// Which candidates are read, and what they have cost.
    var plan: AutoPlan
    /// Every whole reading, in the order tried, the original first.
    package internal(set) var outcomes: [Outcome] = []
    /// The reading of the base's sample, and every chain's sample in the order tried.
    package internal(set) var sampleBaseline: Outcome?
    package internal(set) var sampled: [Outcome] = []
    /// The safety time limit, from the search's start: the search's own, or measured on the
    /// first recognition made (`AutoSearch.timeLimitFactor`); and whether it cut the search.
    var timeLimit: Double?
    package internal(set) var timeLimited = false
    /// Whether every candidate was answered from the result store, as the report's timings say.
    package internal(set) var allStored = true

    /// The righted renderings, each rendered once: a candidate that starts with one's chain
    /// is rendered from it.
    package internal(set) var righted: [PageRighting.Base] = []
    /// What the candidates are charged against (`ReadingAgreement`): the original's reading,
    /// then the righted page's once it is the base.
    var baselineReading: RecognizedText?
    /// What the candidates must beat to be chosen: the original, or the righted page once it
    /// beats the original (`AutoChoiceRule.reference`).
    package internal(set) var reference = FilterState()

    /// The bands of the page the chains are first read on, when it has text to sample.
    package internal(set) var sample: PageSample?
    /// The base's sample, which the chains' samples are charged against.
    package internal(set) var sampleOfBase = Probe.sampled(FilterState())
    /// The budget the samples leave for reading the best of them whole: the finalists at the
    /// original's size, or the dearest candidate sampled so far, whole.
    var reserve = 0.0
    /// What every search reads, whatever its budget: the original whole, the sample of the
    /// page the chains start from, and with samples the righted renderings.
    package internal(set) var alwaysRead: Set<Probe>

    /// On a page that needs no righting, the first round's candidates read beside the original
    /// before its reading was known, and their readings, which the first round keeps in its order.
    package internal(set) var early: [Probe] = []
    var readEarly: [Probe: Reading] = [:]
    /// The righted renderings' readings, made beside the original's.
    var rightedReadings: [Reading] = []

    /// Told what the engines are reading, each time a candidate goes to one.
    let announce: (AutoSearch.Progress) -> Void

    package init(_ search: AutoSearch, original: LoadedImage, pipeline: Pipeline, pool: any EngineSet, monitor: RecognitionMonitor?,
                 announce: @escaping (AutoSearch.Progress) -> Void = { _ in }) {
        (self.search, self.original, self.pipeline, self.pool, self.monitor) = (search, original, pipeline, pool, monitor)
        self.announce = announce
        resolution = pipeline.resolution(of: original)
        plan = AutoPlan(budget: search.budget)
        timeLimit = search.timeLimit
        limited = monitor?.part() ?? RecognitionMonitor()
        if let timeLimit { limited.end(by: start + .seconds(timeLimit)) }
        alwaysRead = [.whole(FilterState()), sampleOfBase]
    }

    /// The original's reading, read first. While an engine reads it, the page's righting is
    /// decided (`righting`) and its renderings go to the other engines; a page that needs none
    /// has its sample and the first round's candidates that do not depend on the original's
    /// reading read beside it.
    package mutating func baseline() throws -> Outcome {
        let opening = try read([.whole(FilterState())], thenAlso: { $0.righting() })
        guard let first = opening.first, first.rendered.probe == .whole(FilterState()) else {
            throw failure("no recognition of the original")
        }
        let beside = opening.dropFirst()
        rightedReadings = beside.filter { !early.contains($0.rendered.probe) }
        readEarly = Dictionary(beside.filter { early.contains($0.rendered.probe) }.map { ($0.rendered.probe, $0) },
                               uniquingKeysWith: { first, _ in first })
        let baseline = outcome(first, against: nil)
        outcomes.append(baseline)
        return baseline
    }

    /// What to read beside the original, decided while an engine reads it: the righted
    /// renderings (`PageRighting`: inverted, cropped, cut out of its ground, dewarped, turned,
    /// straightened), or, on a page that needs none, which is its own base known before any
    /// reading, its sample and the first round's candidates that the original's reading cannot
    /// change.
    package mutating func righting() -> [Probe] {
        righted = PageRighting.bases(of: original.image, using: pipeline.renderer,
                                     detector: pipeline.renderer.context.orientation)
        let rightedProbes = righted.map { Probe.whole($0.filters) }
        // The righted renderings are facts about the page: with samples, read whatever the
        // budget, which then goes to the samples and the finalists.
        if search.sampling != nil { alwaysRead.formUnion(rightedProbes) }
        // By line, and by a gate, a page that needs no righting is read alone: the chains are
        // searched only if its reading says so, and are then read in their rounds.
        guard righted.isEmpty, search.searchesEveryPage else { return rightedProbes }
        sample = search.sampling.flatMap { $0.sample(of: original.image, in: pipeline.renderer.space) }
        plan.detecting(AutoPlan.certainDetected(base: FilterState()))
        early = (sample == nil ? [] : [sampleOfBase])
            + AutoPlan.certainFirstRound(base: FilterState(), image: original.image).map { Probe(filters: $0, sampled: sample != nil) }
        return early
    }

    /// The page the chains are searched on: the righted renderings are scored on their own,
    /// and the best of them is the base if it reads at least as well as the original
    /// (`AutoChoiceRule.searchBase`); the reference they must beat is then settled
    /// (`AutoChoiceRule.reference`).
    package mutating func searchBase(over baseline: Outcome) -> Outcome {
        let rightedOutcomes = rightedReadings.map { outcome($0, against: nil) }
        outcomes += rightedOutcomes
        let base = AutoChoiceRule.searchBase(rightedOutcomes.map(\.candidate), over: baseline.candidate)
            .map { rightedOutcomes[$0] } ?? baseline
        baselineReading = base.recognized
        let sureTurn = rightedOutcomes.first { outcome in
            righted.contains { $0.isSureTurn && $0.filters == outcome.candidate.filters }
        }
        reference = AutoChoiceRule.reference(outcomes.map(\.candidate), original: baseline.candidate, sureTurn: sureTurn?.candidate)
        return base
    }

    /// The bands of the righted `base` the chains are first read on, with samples. A page that
    /// needs no righting is its own base, and its sample was cut beside the original's reading.
    package mutating func samples(of base: Outcome) {
        guard !righted.isEmpty else { return }
        sample = search.sampling.flatMap { $0.sample(of: base.image, in: pipeline.renderer.space) }
        sampleOfBase = .sampled(base.candidate.filters)
        alwaysRead.insert(sampleOfBase)
    }

    /// The plan's rounds of candidates on `base`, each decided from the ones before it: read
    /// whole, or on the sample when there is one and charged against the base's sample.
    package mutating func rounds(on base: Outcome, progress: (AutoSearch.Progress) -> Void) throws {
        while let round = nextRound(on: base) {
            let wanted = (sample != nil && sampleBaseline == nil ? [sampleOfBase] : [])
                + round.map { Probe(filters: $0, sampled: sample != nil) }
            // Read early or not, a round's candidates are scored and kept in the round's order;
            // an early candidate that rendered unchanged or failed is not read again.
            var readings = readEarly
            readEarly = [:]
            for reading in try read(wanted.filter { !early.contains($0) }) { readings[reading.rendered.probe] = reading }
            guard sample != nil else {
                // A candidate the budget passed over, or that left the page as it was, has no reading.
                outcomes += round.compactMap { readings[.whole($0)] }.map { outcome($0, against: baselineReading) }
                reportProgress(progress)
                continue
            }
            if sampleBaseline == nil {
                guard let reading = readings[sampleOfBase] else { throw failure("no recognition of the page's sample") }
                sampleBaseline = outcome(reading, against: nil)
            }
            sampled += round.compactMap { readings[.sampled($0)] }.map { outcome($0, against: sampleBaseline?.recognized) }
        }
    }

    /// With samples, the best sampled chains (`AutoChoiceRule.finalists`) read whole; only
    /// whole readings are chosen between, so the text and the boxes are the whole page's.
    package mutating func finalists(progress: (AutoSearch.Progress) -> Void) throws {
        guard let sampleBaseline, let sampling = search.sampling else { return }
        let finalists = AutoChoiceRule.finalists(sampled.map(\.candidate), over: sampleBaseline.candidate, count: sampling.finalists)
        outcomes += try read(finalists.map(Probe.whole)).map { outcome($0, against: baselineReading) }
        reportProgress(progress)
    }

    /// The candidate `AutoChoiceRule.choose` keeps among the whole readings, and its reading.
    package func choice() throws -> (chosen: AutoChoice.Candidate, outcome: Outcome) {
        guard let chosen = AutoChoiceRule.choose(outcomes.map(\.candidate), over: reference),
              let outcome = outcomes.first(where: { $0.candidate.filters == chosen.filters }) else {
            throw failure("no recognition of the original")
        }
        return (chosen, outcome)
    }

    /// Every candidate tried, as `--explain` lists them: the whole readings in the order tried,
    /// then the samples.
    package var tried: [AutoChoice.Candidate] {
        outcomes.map(\.candidate) + [sampleBaseline?.candidate].compactMap { $0 } + sampled.map(\.candidate)
    }

    /// Seconds since the search started.
    var elapsed: Double { (ContinuousClock.now - start).inSeconds }

    /// The next round of the plan on `base`, decided from the readings so far: the whole ones,
    /// or with samples the samples'.
    private mutating func nextRound(on base: Outcome) -> [FilterState]? {
        let tried = sample == nil ? outcomes.map(\.candidate) : ([sampleBaseline].compactMap { $0 } + sampled).map(\.candidate)
        return plan.nextRound(base: base.candidate.filters, image: base.image, reading: base.recognized, tried: tried)
    }

    private func reportProgress(_ progress: (AutoSearch.Progress) -> Void) {
        if let best = AutoChoiceRule.choose(outcomes.map(\.candidate), over: reference) {
            progress(AutoSearch.Progress(tried: outcomes.count, best: best.filters, bestScore: best.score))
        }
    }

    /// Tells `announce` which renderings the engines are reading now, with the best so far.
    func announceReading(_ filters: [FilterState]) {
        let best = AutoChoiceRule.choose(outcomes.map(\.candidate), over: reference)
        announce(AutoSearch.Progress(tried: outcomes.count, best: best?.filters ?? FilterState(), bestScore: best?.score ?? 0,
                                     reading: filters))
    }

    func failure(_ message: String) -> PipelineError {
        PipelineError(source: original.name, underlying: RunnerError(message: message))
    }
}
