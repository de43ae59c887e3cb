import Core
import Recognition
import Reports
import TextComparison
import Threading

/// One `tune` run over a corpus: what its phases share, and one method per phase, which
/// `CorpusTuner.run` calls in this order:
///
/// 1. `init`: the pages that decode (one that cannot is said once and left out), checked
///    against the budget and dealt into folds; the reader and the searches made.
/// 2. `search`: the searches take turns, one candidate each, until every one is over.
/// 3. `checkHeldOut`: each fold's recipe read on the pages it held out.
/// 4. `recommend`: the recipe recommended, from what the reader knows; then `release` lets
///    the reader's engines go.
/// 5. `compareAuto`: `--auto` on each page, to set beside the recipe.
///
/// Then `report` is the run as `TuneReport` says it. A stop ends the phase under way, and no
/// phase after it reads: the report says what was found (`interrupted`).
struct TuneRun {
    /// A page's count under the recipe of the fold that held it out.
    typealias HeldOut = (fold: Int, recipe: TuneRecipe, count: ErrorCount)
    /// `--auto`'s choice for a page, and its count.
    typealias AutoReading = (script: String, count: ErrorCount)

    /// What `recommend` found: the recipe, the best one when the held-out pages declined it,
    /// and every page's count under the recipe.
    struct Recommendation {
        var recipe: TuneRecipe
        var declined: TuneRecipe?
        var tuned: [ErrorCount]
    }

    let tuner: CorpusTuner
    /// The pages that decode, and what was said of those that do not.
    let pages: [TunePage]
    let unreadable: [String]
    let split: TuneFolds
    /// The reader of the searches and the held-out check; nil once it is released.
    var reader: TuneReader?
    /// The search on every page, then one per fold, and the pages each reads.
    var searches: [TuneSearch]
    let pageSets: [[Int]]
    /// The original's counts and the recognitions made, kept once the reader goes.
    var originalCounts: [Int: ErrorCount] = [:]
    private var made = 0

    /// Whether a stop ended a phase; whether the budget passed a candidate over.
    var interrupted = false
    var passedOver = false
    /// Each page held out, under its fold's recipe.
    var heldOut: [Int: HeldOut] = [:]
    /// Whether every fold's recipe was read on the pages it held out.
    var crossValidated = false
    /// `--auto`'s reading of each page it read, and whether it read every one.
    var autoReadings: [Int: AutoReading] = [:]
    var autoComplete = false

    /// The pages of `found` that decode, at least two and within the tuner's budget, dealt
    /// into folds; the reader's engines stop reading once `stop` is raised.
    init(_ tuner: CorpusTuner, found: [TunePage], stop: StopSignal?) throws {
        let isCancelled: @Sendable () -> Bool = { stop?.isRaised == true }
        let (pages, unreadable) = Self.readable(found, settings: tuner.settings)
        guard pages.count >= 2 else {
            throw RunnerError(message: "tune needs at least two pages with a truth to tune on one and judge on another "
                              + "(\(pages.count) found)")
        }
        let minimum = CorpusTuner.minimumBudget(pages: pages.count)
        guard tuner.budget >= minimum else {
            throw RunnerError(message: "a budget of \(tuner.budget) recognitions cannot read \(pages.count) pages: give at "
                              + "least \(minimum) (the original and the held-out check, one each a page), e.g. --budget "
                              + "\(CorpusTuner.defaultBudgetPerPage * pages.count)")
        }
        let split = TuneFolds(names: pages.map(\.name), count: tuner.folds)
        (self.tuner, self.pages, self.unreadable, self.split) = (tuner, pages, unreadable, split)
        reader = try TuneReader(pages: pages, settings: tuner.settings, factory: tuner.factory, store: tuner.store,
                                jobs: tuner.jobs, isCancelled: isCancelled)
        searches = [TuneSearch(limits: tuner.limits)] + (0..<split.count).map { _ in TuneSearch(limits: tuner.limits) }
        pageSets = [Array(pages.indices)] + (0..<split.count).map(split.tunedOn)
    }

    /// The pages of `found` that decode, and one line for each that does not: a page that
    /// cannot be decoded is said once and left out, as batch reports it and goes on.
    private static func readable(_ found: [TunePage],
                                 settings: RecognitionSettings) -> (pages: [TunePage], unreadable: [String]) {
        let loading = Pipeline.rendering(settings)
        var unreadable: [String] = []
        let pages = found.filter { page in
            do {
                _ = try loading.load(page.input, page: page.page)
                return true
            } catch {
                unreadable.append(oneLineMessage(for: error))
                return false
            }
        }
        return (pages, unreadable)
    }

    /// The searches take turns, one candidate each, until every one is over. A candidate that
    /// would overrun the budget, keeping back one recognition a page for the held-out check,
    /// is passed over.
    mutating func search(progress: (CorpusTuner.Progress) -> Void) {
        var active = Array(searches.indices)
        searching: while !active.isEmpty {
            for lane in active {
                guard let recipe = searches[lane].next() else {
                    active.removeAll { $0 == lane }
                    continue
                }
                guard let reader else { break searching }
                let cost = reader.unknown(recipe, pages: pageSets[lane])
                if reader.recognitions + cost + pages.count > tuner.budget {
                    passedOver = true
                    continue
                }
                let stage = CorpusTuner.Progress.Stage.searching(fold: lane == 0 ? nil : lane - 1,
                                                                 stage: searches[lane].stage)
                progress(at(stage))
                guard let counts = reader.read(recipe, pages: pageSets[lane], pageRead: { progress(at(stage)) }) else {
                    interrupted = true
                    break searching
                }
                searches[lane].record(recipe, pageSets[lane].compactMap { counts[$0] }.total)
            }
        }
    }

    /// Each fold's recipe read on the pages it held out, unless a stop ended the search; the
    /// run is cross-validated when every fold's was read.
    mutating func checkHeldOut(progress: (CorpusTuner.Progress) -> Void) {
        if !interrupted {
            for fold in 0..<split.count {
                let recipe = searches[fold + 1].best?.recipe ?? .original
                progress(at(.checkingHeldOut(fold: fold)))
                guard let counts = reader?.read(recipe, pages: split.heldOut(fold)) else {
                    interrupted = true
                    break
                }
                for (page, count) in counts { heldOut[page] = (fold, recipe, count) }
            }
        }
        crossValidated = !interrupted
    }

    /// The recipe recommended: the best on every page, unless the pages as given read better.
    func recommend() -> Recommendation {
        // A recipe is recommended only where the evidence says it reads better: on the pages
        // each fold held out, its recipes must make fewer errors than the pages as given.
        let best = searches[0].best?.recipe ?? .original
        let heldOutErrors = heldOut.values.map(\.count).total.errors
        let givenErrors = heldOut.keys.compactMap { reader?.known(.original, page: $0) }.total.errors
        let declines = crossValidated && !heldOut.isEmpty && best != .original && heldOutErrors >= givenErrors
        let recipe = declines ? .original : best
        return Recommendation(recipe: recipe, declined: declines ? best : nil,
                              tuned: pages.indices.compactMap { reader?.known(recipe, page: $0) })
    }

    /// Lets the reader and its engines go, keeping the original's counts and the recognitions made.
    mutating func release() {
        for page in pageSets[0] { originalCounts[page] = reader?.known(.original, page: page) }
        made = recognitions
        reader = nil
    }

    /// `--auto` on each page, once the run is cross-validated, to set beside the recipe; a stop
    /// leaves the pages after it unread.
    mutating func compareAuto(stop: StopSignal?, progress: (CorpusTuner.Progress) -> Void) throws {
        guard let auto = tuner.auto, crossValidated else { return }
        let (readings, complete) = try compare(auto, stop: stop) { page, done in
            progress(at(.comparingAuto(page: pages[page].name, done: done, total: pages.count)))
        }
        (autoReadings, autoComplete) = (readings, complete)
        if !autoComplete { interrupted = true }
    }

    /// The run as `TuneReport` says it, recommending `recommendation`; `withoutTruth` pages
    /// were left out for want of a truth.
    func report(_ recommendation: Recommendation, withoutTruth: Int) -> TuneReport {
        let heldOutPages: [TuneReport.HeldOutPage] = pages.indices.compactMap { page in
            guard let held = heldOut[page] else { return nil }
            let autoReading = autoReadings[page]
            return TuneReport.HeldOutPage(
                page: pages[page].name, fold: held.fold + 1, recipe: held.recipe.description,
                recipeCER: TuneReport.rounded(held.count.rate),
                originalCER: TuneReport.rounded(originalCounts[page]?.rate ?? 0),
                auto: autoReading?.script, autoCER: autoReading.map { TuneReport.rounded($0.count.rate) },
                errors: held.count.errors, length: held.count.length)
        }
        return TuneReport(
            recipe: recommendation.recipe.description, declined: recommendation.declined?.description, pages: pages.count,
            pagesWithoutTruth: withoutTruth, unreadable: unreadable, budget: tuner.budget,
            recognitions: recognitions, budgetReached: passedOver, interrupted: interrupted,
            tuned: TuneReport.Rate(recommendation.tuned),
            original: TuneReport.Rate(pages.indices.compactMap { originalCounts[$0] }),
            estimate: crossValidated ? estimate() : nil,
            candidates: searches[0].tried.enumerated()
                .sorted { ($0.element.count.rate, $0.offset) < ($1.element.count.rate, $1.offset) }
                .prefix(CorpusTuner.listedCandidates)
                .map { TuneReport.Candidate(recipe: $0.element.recipe.description, cer: TuneReport.rounded($0.element.count.rate),
                                            errors: $0.element.count.errors) },
            candidatesTried: searches[0].tried.count,
            heldOut: heldOutPages,
            auto: tuner.auto.map { comparison(budget: $0.budget) })
    }

    /// Recognitions made so far.
    var recognitions: Int { reader?.recognitions ?? made }

    /// Where the run is at `stage`, for a progress line.
    private func at(_ stage: CorpusTuner.Progress.Stage) -> CorpusTuner.Progress {
        let best = searches[0].best
        return CorpusTuner.Progress(stage: stage, folds: split.count, recognitions: recognitions, budget: tuner.budget,
                                    best: best?.recipe.description, bestCER: best?.count.rate)
    }

    /// The cross-validated estimate from each page's held-out count.
    private func estimate() -> TuneReport.Estimate {
        let counts = heldOut.keys.sorted().compactMap { heldOut[$0]?.count }
        let folds = (0..<split.count).map { fold in
            let held = split.heldOut(fold).compactMap { heldOut[$0]?.count }
            let best = searches[fold + 1].best
            return TuneReport.Fold(fold: fold + 1, recipe: (best?.recipe ?? .original).description,
                                   tunedOn: split.tunedOn(fold).count, heldOut: held.count,
                                   tuningCER: TuneReport.rounded(best?.count.rate ?? 0),
                                   heldOutCER: TuneReport.rounded(held.total.rate))
        }
        let interval = TuneSpread.bootstrap(counts) ?? 0...0
        let foldRates = folds.map(\.heldOutCER)
        return TuneReport.Estimate(
            rate: TuneReport.Rate(counts),
            interval: .init(low: TuneReport.rounded(interval.lowerBound), high: TuneReport.rounded(interval.upperBound),
                            method: "95% percentile bootstrap over the \(counts.count) held-out pages "
                                + "(\(TuneSpread.resamples) resamples of the pages' error counts)"),
            folds: folds,
            foldRange: .init(low: foldRates.min() ?? 0, high: foldRates.max() ?? 0,
                             method: "lowest and highest of the \(split.count) folds' held-out micro CER"),
            foldStandardDeviation: TuneReport.rounded(TuneSpread.standardDeviation(foldRates) ?? 0))
    }

    /// `--auto` on each page in turn, its candidates on every engine; stops when cancelled.
    private func compare(_ auto: AutoSearch, stop: StopSignal?,
                         pageDone: (Int, Int) -> Void) throws -> ([Int: AutoReading], Bool) {
        let settings = tuner.settings
        var pipeline = Pipeline(settings: settings, recognizer: try Engines(count: tuner.jobs, settings: settings,
                                                                            factory: tuner.factory),
                                store: tuner.store)
        let monitor = RecognitionMonitor(following: stop)
        var readings: [Int: AutoReading] = [:]
        for (index, page) in pages.enumerated() {
            if monitor.isCancelled { return (readings, false) }
            pageDone(index, readings.count)
            do {
                let original = try pipeline.load(page.input, page: page.page)
                let chosen = try auto.run(original, pipeline: &pipeline, monitor: monitor)
                readings[index] = (chosen.report.filters.description,
                                   ErrorCount(charactersOf: chosen.report.recognized.text, truth: page.truth))
            } catch let error as PipelineError where error.isCancellation {
                return (readings, false)
            } catch {
                // A page --auto cannot read reads nothing, as a rendering the search cannot read.
                readings[index] = ("original", ErrorCount(nothingReadOf: page.truth))
            }
        }
        return (readings, !monitor.isCancelled)
    }

    /// `--auto`'s readings beside the held-out pages' recipes, on the pages both read.
    private func comparison(budget: Double) -> TuneReport.AutoComparison {
        let both = autoReadings.keys.sorted().filter { heldOut[$0] != nil }
        let recipe = both.compactMap { heldOut[$0]?.count }
        let chosen = both.compactMap { autoReadings[$0]?.count }
        let pairs = zip(recipe, chosen)
        return TuneReport.AutoComparison(
            pages: both.count, recipeCER: TuneReport.rounded(recipe.total.rate), autoCER: TuneReport.rounded(chosen.total.rate),
            recipeBetter: pairs.filter { $0.errors < $1.errors }.count, autoBetter: pairs.filter { $0.errors > $1.errors }.count,
            same: pairs.filter { $0.errors == $1.errors }.count, autoBudget: budget, complete: autoComplete)
    }
}
