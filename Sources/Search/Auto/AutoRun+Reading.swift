import Core
import Imaging
import Recognition
import Reports
import TextComparison
import WordFrequency

extension AutoRun {
    /// How long past the time limit the search waits for the candidates under way, which
    /// Tesseract drops at its next word.
    static let cancellationGrace = Duration.seconds(2)

    /// A chain to read, on the whole page or on its sample.
    package struct Probe: Hashable {
        package var filters: FilterState
        package var sampled: Bool

        package static func whole(_ filters: FilterState) -> Probe { Probe(filters: filters, sampled: false) }
        package static func sampled(_ filters: FilterState) -> Probe { Probe(filters: filters, sampled: true) }
    }

    /// A probe rendered, ready for an engine.
    struct Rendered {
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

    /// A candidate read, not yet scored: its score depends on the reading it is charged
    /// against, which may be read beside it.
    struct Reading {
        var rendered: Rendered
        var recognized: RecognizedText
        var seconds: Double
    }

    /// A candidate read and scored.
    package struct Outcome {
        package var candidate: AutoChoice.Candidate
        package var recognized: RecognizedText
        package var image: RGBImage
    }

    /// Reads `list` in parallel on the pool's engines (a batch of its own), admitting each in order while the
    /// budget lasts (all but `alwaysRead` and what a detector asked for), and returns the
    /// readings in the list's order. Once the first is submitted, `thenAlso` may add to the
    /// list: what it decides is decided while an engine reads. The next candidate is rendered
    /// while the engines read, so an engine that frees up waits for no filter.
    mutating func read(_ list: [Probe], thenAlso: ((inout AutoRun) -> [Probe])? = nil) throws -> [Reading] {
        // A chain that would not keep what the search must keep of the page is never read.
        let keeping = search.keeping
        let kept = { (probes: [Probe]) in probes.filter { keeping?.allows($0.filters) ?? true } }
        var list = kept(list)
        var next = list.startIndex
        var inFlight: [Int: Rendered] = [:]
        var finished: [Int: Reading] = [:]
        var ahead: (index: Int, rendered: Rendered)?
        let batch = pool.batch(of: PageReader.Timed.self)
        func renderNext() -> (index: Int, rendered: Rendered)? {
            guard next < list.endIndex else { return nil }
            if let timeLimit, elapsed >= timeLimit {
                timeLimited = true
                next = list.endIndex
                return nil
            }
            defer { next += 1 }
            return (next, rendered(list[next]))
        }
        func submitWhileEnginesFree() {
            while inFlight.count < pool.count, let (index, rendered) = ahead ?? renderNext() {
                ahead = nil
                guard admitted(rendered) else { continue }
                inFlight[index] = rendered
                // The original is read whatever the time; the candidates until the limit.
                let watcher = rendered.probe == .whole(FilterState()) ? monitor : limited
                let (reader, resolution, monitor, image, filters) = (pipeline.reader, resolution, watcher, rendered.image,
                                                                     rendered.probe.filters)
                batch.submit(index) { engine in
                    reader.timed(image, resolution: resolution, rendering: filters.operations, engine: filters.engine,
                                 monitor: monitor, with: engine)
                }
                if let thenAlso, index == list.startIndex {
                    list += kept(thenAlso(&self))
                }
            }
            announceReading(inFlight.sorted { $0.key < $1.key }.map(\.value.probe.filters))
            if ahead == nil, monitor?.isCancelled != true { ahead = renderNext() }
        }
        submitWhileEnginesFree()
        while true {
            // Past the time limit the candidates still read are left to their engines, which
            // drop them at Tesseract's next word; its layout analysis asks no one, and took
            // minutes on some pages.
            let deadline = timeLimit.map { start + .seconds($0) + Self.cancellationGrace }
            guard let (tag, done) = batch.next(before: inFlight.values.contains { $0.probe == .whole(FilterState()) } ? nil : deadline) else {
                if batch.inFlight > 0 { timeLimited = true }
                break
            }
            guard let job = inFlight.removeValue(forKey: tag) else { continue }
            // The readings still in flight finish on their engines unseen.
            if monitor?.isCancelled == true { throw PipelineError(source: original.name, underlying: RecognitionError.cancelled) }
            switch done.result {
            case .success(let recognized):
                finished[tag] = Reading(rendered: job, recognized: recognized, seconds: done.seconds)
                keep(recognized, of: job, stored: done.stored, seconds: done.seconds)
            case .failure(let error):
                if job.probe.filters.operations.isEmpty { throw PipelineError(source: original.name, underlying: error) }
                if let timeLimit, elapsed >= timeLimit { timeLimited = true }
            }
            submitWhileEnginesFree()
        }
        return finished.sorted { $0.key < $1.key }.map(\.value)
    }

    /// `reading` scored as a candidate (`AutoChoiceRule.weigh`), charged against `baseline`
    /// (nil: scored on its own).
    func outcome(_ reading: Reading, against baseline: RecognizedText?) -> Outcome {
        let recognized = reading.recognized
        let probe = reading.rendered.probe
        let weight = AutoChoiceRule.weigh(recognized, readWith: probe.filters.engine, against: baseline)
        let candidate = AutoChoice.Candidate(
            filters: probe.filters, score: weight.score,
            wordCount: WordCounts.words(in: recognized.text).count, meanConfidence: recognized.meanConfidence,
            accuracy: probe.sampled ? nil : original.truth.map { Accuracy(truth: $0, recognized: recognized.text) },
            seconds: reading.rendered.renderSeconds + reading.seconds, likelyCharacters: weight.likelyCharacters,
            keepsTheText: weight.keepsTheText, sampled: probe.sampled)
        return Outcome(candidate: candidate, recognized: recognized, image: reading.rendered.image)
    }

    /// `probe` rendered, with what reading it costs.
    private mutating func rendered(_ probe: Probe) -> Rendered {
        let renderStart = ContinuousClock.now
        let page = render(probe.filters)
        let unchanged = probe.filters != FilterState() && isUnchanged(page, probe.filters)
        let wholeCost = AutoPlan.cost(of: page.pixelCount, original: original.image.pixelCount)
        let image = probe.sampled ? sample?.cut(page) ?? page : page
        return Rendered(probe: probe, image: image, renderSeconds: (ContinuousClock.now - renderStart).inSeconds,
                        unchanged: unchanged, wholeCost: wholeCost,
                        cost: wholeCost * (probe.sampled ? sample?.textShare ?? 1 : 1))
    }

    /// The page rendered with `filters`: from the most righted rendering its chain starts
    /// with, which is rendered once, or else from the original, through the renderer's cache.
    private mutating func render(_ filters: FilterState) -> RGBImage {
        let operations = filters.operations
        guard let base = righted.filter({ operations.starts(with: $0.filters.operations) })
            .max(by: { $0.filters.operations.count < $1.filters.operations.count }) else {
            return pipeline.renderer.render(original, operations: operations)
        }
        return pipeline.renderer.render(operations.dropFirst(base.filters.operations.count), from: base.image)
    }

    /// Whether `image`, the rendering of `filters`, is the original or the righted page it
    /// starts from: the filter found nothing to do, and reading it again would tell nothing.
    private func isUnchanged(_ image: RGBImage, _ filters: FilterState) -> Bool {
        (image == original.image && filters.engine.isDefault)
            || righted.contains { $0.image == image && $0.filters != filters && $0.filters.engine == filters.engine }
    }

    /// Whether `rendered` goes to an engine: it is large enough to read and changed the page,
    /// and it is read whatever the budget, or the budget has what it costs (`admit`).
    private mutating func admitted(_ rendered: Rendered) -> Bool {
        let image = rendered.image
        guard image.width >= TesseractEngine.minimumSide, image.height >= TesseractEngine.minimumSide,
              !rendered.unchanged else { return false }
        return alwaysRead.contains(rendered.probe) || plan.detected.contains(rendered.probe.filters) || admit(rendered)
    }

    /// Spends what reading `rendered` costs, if the budget has it; a sample only if the
    /// budget keeps enough to read the finalists whole, or the dearest candidate sampled.
    private mutating func admit(_ rendered: Rendered) -> Bool {
        guard rendered.probe.sampled else { return plan.admit(cost: rendered.cost) }
        let keeping = max(reserve, rendered.wholeCost, Double(search.sampling?.finalists ?? 0))
        guard plan.admit(cost: rendered.cost, keeping: keeping) else { return false }
        reserve = keeping
        return true
    }

    /// Keeps what a reading tells the search: whether it came from the result store, the
    /// whole page's reading in the renderer's cache, and the time limit from the first
    /// recognition made now (one from the result store took no recognising, and would cut
    /// the candidates that still need it).
    private mutating func keep(_ recognized: RecognizedText, of job: Rendered, stored: Bool, seconds: Double) {
        allStored = allStored && stored
        if !job.probe.sampled, job.probe.filters.engine.isDefault {
            pipeline.renderer.store(recognized, image: job.image, for: original, job.probe.filters.operations)
        }
        if timeLimit == nil, !stored {
            let searchLimit = max(AutoSearch.minimumTimeLimit, AutoSearch.timeLimitFactor * (1 + search.budget) * max(seconds, 0.001))
            let limit = min(searchLimit, max(AutoSearch.pageTimeLimit, AutoSearch.pageTimeFactor * seconds))
            timeLimit = limit
            limited.end(by: start + .seconds(limit))
        }
    }
}
