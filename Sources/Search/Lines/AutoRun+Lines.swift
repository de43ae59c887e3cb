import Core
import Imaging
import Recognition
import Reports

extension AutoRun {
    /// By line, on a page that is not searched whole: the engine's own page segmentations its
    /// layout asks for (`LayoutHints`: rows of a label and, after a wide gap, an amount; a till
    /// receipt's strip), read whole on the base and judged as any candidate. Tesseract's
    /// automatic mode reads such a page's labels and amounts as two columns, one after the
    /// other, which no line's crop puts back together (a pharmacy receipt of the tune split:
    /// 0.262 by line without them, 0.135 with `psm 6` by page).
    package mutating func layoutCandidates(on base: Outcome) throws {
        let engines = LayoutHints(image: base.image, reading: base.recognized).engineCandidates
        let probes = engines.map { Probe.whole(base.candidate.filters.followed(by: FilterState(engine: $0))) }
            .filter { probe in !outcomes.contains { Probe.whole($0.candidate.filters) == probe } }
        outcomes += try read(probes).map { outcome($0, against: baselineReading) }
    }

    /// The lines of the chosen page, judged and repaired where unsure: each unsure line
    /// (`LineJudgement`), while the budget lasts, is cut out (`LineCrop`), read under the line
    /// renderings (`LineRenderings`) on the pool's engines, and its readings are combined with
    /// the page's word by word (`LineVote`). Sure lines, and every row of the text that is not an unsure
    /// line's, are kept byte for byte.
    ///
    /// - Returns: the reading with the lines put back, the lines changed (for documents; nil
    ///   when none was), and what was done, for the report.
    package mutating func repairLines(of page: Outcome) throws
        -> (recognized: RecognizedText, revision: LineRevision?, report: LineRepairReport) {
        guard let lines = TextLines(page.recognized) else {
            return (page.recognized, nil, LineRepairReport(lines: 0, unsure: 0, readAgain: 0, changed: 0, work: 0,
                                                           details: [], explained: search.explain))
        }
        let doubts = lines.lines.map(LineJudgement.doubt(about:))
        let renderer = pipeline.renderer
        let plan = LineRepairPlan(lines: lines, doubts: doubts, page: page.image, budget: search.lineBudget) {
            renderer.render($0.operations, from: $1)
        }
        let readings = try readCrops(plan.jobs)

        var replacements: [Int: [RecognizedWord]] = [:]
        var details: [LineRepairReport.Line] = []
        for (index, jobs) in plan.jobsByLine {
            let line = lines.lines[index]
            let votes = [LineVote.Reading(source: "page", words: line.words)]
                + jobs.map { LineVote.Reading(source: plan.jobs[$0].filters.description, words: readings[$0]) }
            let (words, took) = LineVote.combine(votes)
            if words.map(\.text) != line.words.map(\.text) { replacements[index] = words }
            details.append(.init(number: index + 1, doubt: doubts[index] ?? "",
                                 readings: votes.map { .init(rendering: $0.source, text: $0.text, meanConfidence: $0.meanConfidence) },
                                 took: took))
        }
        let report = LineRepairReport(lines: lines.lines.count, unsure: doubts.compactMap { $0 }.count,
                                      readAgain: plan.jobsByLine.count, changed: replacements.count, work: plan.cost,
                                      details: details, explained: search.explain)
        let changed = replacements.sorted { $0.key < $1.key }.map { LineRevision.Line(index: $0.key, read: lines.lines[$0.key].words, revised: $0.value) }
        let revision = LineRevision(replaced: changed, lines: lines.lines.indices.map { replacements[$0] ?? lines.lines[$0].words })
        return (lines.replacing(replacements), changed.isEmpty ? nil : revision, report)
    }

    /// Reads every crop of `jobs` on the pool's engines, and returns each one's words in the
    /// page's pixels, in the jobs' order; a crop that could not be read has no words.
    private mutating func readCrops(_ jobs: [LineRepairPlan.Job]) throws -> [[RecognizedWord]] {
        var words = [[RecognizedWord]](repeating: [], count: jobs.count)
        let batch = pool.batch(of: PageReader.Timed.self)
        // Past the search's time limit the crops are cut too: the page keeps the lines it read.
        let (reader, resolution, monitor) = (pipeline.reader, resolution, limited)
        for (tag, job) in jobs.enumerated() {
            batch.submit(tag) { engine in
                reader.timed(job.image, resolution: resolution, rendering: job.filters.operations, engine: job.filters.engine,
                             monitor: monitor, with: engine)
            }
        }
        for (tag, done) in batch.all() {
            allStored = allStored && done.stored
            if case .success(let recognized) = done.result { words[tag] = jobs[tag].inPagePixels(recognized.words) }
        }
        if self.monitor?.isCancelled == true { throw PipelineError(source: original.name, underlying: RecognitionError.cancelled) }
        return words
    }
}
