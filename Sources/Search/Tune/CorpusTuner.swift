import Core
import Foundation
import Imaging
import Recognition
import Reports
import ResultStore
import TextComparison
import Threading

/// Finds one recipe for a corpus (`filterocr tune`): the chain of filters and strengths whose
/// recognitions have the fewest character errors over the pages that have a truth, with an
/// estimate of the rate it reads at on pages it was not tuned on.
///
/// The pages are dealt into folds (`TuneFolds`). One search (`TuneSearch`) runs on every page,
/// giving the recipe, and one per fold on the other folds' pages, giving the recipe that fold's
/// pages are read with; the estimate is the micro rate of every page read with the recipe tuned
/// without it, so no page's own errors chose the recipe it is judged by. The searches take turns,
/// one candidate each, the search on every page first: their first rounds are the same, and a
/// recipe read on every page costs the others nothing. The budget counts recognitions (a count
/// known before, or a rendering read before, costs none), and keeps back one per page for the
/// folds' recipes on their held-out pages; a candidate that would overrun it is passed over.
public struct CorpusTuner: Sendable {
    public static let defaultFolds = 3
    /// Recognitions per page by default: on 2 cores a 20-page set of scans about the size of
    /// a letter page at 100-150 dpi takes a few minutes, and the search reaches its chains.
    public static let defaultBudgetPerPage = 40
    /// How many candidates the report lists.
    public static let listedCandidates = 10

    public var settings: RecognitionSettings
    public var factory: RecognizerFactory
    /// The result store before the engines; nil for none.
    public var store: ResultStore?
    public var jobs: Int
    /// Recognitions the search and the held-out check may cost.
    public var budget: Int
    public var folds: Int
    public var limits: TuneSearch.Limits
    /// The automatic choice each page's recipe is compared with; nil to skip it.
    public var auto: AutoSearch?

    public init(settings: RecognitionSettings, factory: @escaping RecognizerFactory = RecognitionSettings.tesseract,
                store: ResultStore? = nil, jobs: Int, budget: Int, folds: Int = CorpusTuner.defaultFolds, limits: TuneSearch.Limits = .init(),
                auto: AutoSearch? = AutoSearch()) {
        self.settings = settings
        self.factory = factory
        self.store = store
        self.jobs = max(1, jobs)
        self.budget = budget
        self.folds = folds
        self.limits = limits
        self.auto = auto
    }

    /// The smallest budget for `pages` pages: the original on each, and the held-out check.
    public static func minimumBudget(pages: Int) -> Int { 2 * pages }

    /// Where a run is, for a progress line.
    public struct Progress: Sendable {
        public enum Stage: Sendable {
            /// Searching: `fold` nil for the search on every page.
            case searching(fold: Int?, stage: TuneSearch.Stage)
            case checkingHeldOut(fold: Int)
            case comparingAuto(page: String, done: Int, total: Int)
        }

        public var stage: Stage
        public var folds: Int
        public var recognitions: Int
        public var budget: Int
        /// The best recipe on every page so far, and its micro rate there.
        public var best: String?
        public var bestCER: Double?
    }

    /// Tunes on `pages` (at least two) and reports. `withoutTruth` names the pages left out.
    ///
    /// - Parameter stop: once raised, no recognition starts and those under way stop; the
    ///   report says what was found (`interrupted`), without an estimate if the folds had not finished.
    public func run(_ found: [TunePage], withoutTruth: Int = 0, stop: StopSignal? = nil,
                    progress: (Progress) -> Void = { _ in }) throws -> TuneReport {
        let isCancelled: @Sendable () -> Bool = { stop?.isRaised == true }
        // A page that cannot be decoded is said once and left out, as batch reports it and goes on.
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
        guard pages.count >= 2 else {
            throw RunnerError(message: "tune needs at least two pages with a truth to tune on one and judge on another "
                              + "(\(pages.count) found)")
        }
        let minimum = Self.minimumBudget(pages: pages.count)
        guard budget >= minimum else {
            throw RunnerError(message: "a budget of \(budget) recognitions cannot read \(pages.count) pages: give at least "
                              + "\(minimum) (the original and the held-out check, one each a page), e.g. --budget "
                              + "\(Self.defaultBudgetPerPage * pages.count)")
        }
        let split = TuneFolds(names: pages.map(\.name), count: folds)
        let all = Array(pages.indices)
        var run = Run(reader: try TuneReader(pages: pages, settings: settings, factory: factory, store: store, jobs: jobs,
                                             isCancelled: isCancelled),
                      searches: [TuneSearch(limits: limits)] + (0..<split.count).map { _ in TuneSearch(limits: limits) },
                      pageSets: [all] + (0..<split.count).map(split.tunedOn))
        func report(_ stage: Progress.Stage) {
            let best = run.searches[0].best
            progress(Progress(stage: stage, folds: split.count, recognitions: run.recognitions, budget: budget,
                              best: best?.recipe.description, bestCER: best?.count.rate))
        }

        // The searches take turns, one candidate each, until every one is over.
        var active = Array(run.searches.indices)
        var interrupted = false
        var passedOver = false
        searching: while !active.isEmpty {
            for lane in active {
                guard let recipe = run.searches[lane].next() else {
                    active.removeAll { $0 == lane }
                    continue
                }
                guard let reader = run.reader else { break searching }
                let cost = reader.unknown(recipe, pages: run.pageSets[lane])
                if reader.recognitions + cost + pages.count > budget {
                    passedOver = true
                    continue
                }
                let stage = Progress.Stage.searching(fold: lane == 0 ? nil : lane - 1, stage: run.searches[lane].stage)
                report(stage)
                guard let counts = reader.read(recipe, pages: run.pageSets[lane], pageRead: { report(stage) }) else {
                    interrupted = true
                    break searching
                }
                run.searches[lane].record(recipe, run.pageSets[lane].compactMap { counts[$0] }.total)
            }
        }

        // Each fold's recipe on its held-out pages.
        var heldOut: [Int: (fold: Int, recipe: TuneRecipe, count: ErrorCount)] = [:]
        if !interrupted {
            for fold in 0..<split.count {
                let recipe = run.searches[fold + 1].best?.recipe ?? .original
                report(.checkingHeldOut(fold: fold))
                guard let counts = run.reader?.read(recipe, pages: split.heldOut(fold)) else {
                    interrupted = true
                    break
                }
                for (page, count) in counts { heldOut[page] = (fold, recipe, count) }
            }
        }
        let crossValidated = !interrupted
        // A recipe is recommended only where the evidence says it reads better: on the pages
        // each fold held out, its recipes must make fewer errors than the pages as given.
        let best = run.searches[0].best?.recipe ?? .original
        let heldOutErrors = heldOut.values.map(\.count).total.errors
        let givenErrors = heldOut.keys.compactMap { run.reader?.known(.original, page: $0) }.total.errors
        let declines = crossValidated && !heldOut.isEmpty && best != .original && heldOutErrors >= givenErrors
        let recipe = declines ? .original : best
        let tuned = all.compactMap { run.reader?.known(recipe, page: $0) }
        let searches = run.searches
        // The engines go before --auto starts its own.
        run.release()
        let original = all.compactMap { run.originalCounts[$0] }
        let recognitions = run.recognitions

        var autoReadings: [Int: (script: String, count: ErrorCount)] = [:]
        var autoComplete = false
        if let auto, crossValidated {
            (autoReadings, autoComplete) = try compare(auto, on: pages, stop: stop) { page, done in
                report(.comparingAuto(page: pages[page].name, done: done, total: pages.count))
            }
            if !autoComplete { interrupted = true }
        }

        let heldOutPages: [TuneReport.HeldOutPage] = all.compactMap { page in
            guard let held = heldOut[page] else { return nil }
            let autoReading = autoReadings[page]
            return TuneReport.HeldOutPage(
                page: pages[page].name, fold: held.fold + 1, recipe: held.recipe.description,
                recipeCER: TuneReport.rounded(held.count.rate),
                originalCER: TuneReport.rounded(run.originalCounts[page]?.rate ?? 0),
                auto: autoReading?.script, autoCER: autoReading.map { TuneReport.rounded($0.count.rate) },
                errors: held.count.errors, length: held.count.length)
        }
        return TuneReport(
            recipe: recipe.description, declined: declines ? best.description : nil, pages: pages.count, pagesWithoutTruth: withoutTruth, unreadable: unreadable, budget: budget,
            recognitions: recognitions, budgetReached: passedOver, interrupted: interrupted,
            tuned: TuneReport.Rate(tuned), original: TuneReport.Rate(original),
            estimate: crossValidated ? estimate(heldOut, split: split, searches: searches) : nil,
            candidates: searches[0].tried.enumerated()
                .sorted { ($0.element.count.rate, $0.offset) < ($1.element.count.rate, $1.offset) }
                .prefix(Self.listedCandidates)
                .map { TuneReport.Candidate(recipe: $0.element.recipe.description, cer: TuneReport.rounded($0.element.count.rate),
                                            errors: $0.element.count.errors) },
            candidatesTried: searches[0].tried.count,
            heldOut: heldOutPages,
            auto: auto.map { comparison(autoReadings, heldOut: heldOut, budget: $0.budget, complete: autoComplete) })
    }

    /// The reader and the searches' state while the search runs.
    private struct Run {
        var reader: TuneReader?
        var searches: [TuneSearch]
        var pageSets: [[Int]]
        /// The original's counts and the recognitions made, kept once the reader goes.
        var originalCounts: [Int: ErrorCount] = [:]
        private var made = 0

        init(reader: TuneReader, searches: [TuneSearch], pageSets: [[Int]]) {
            (self.reader, self.searches, self.pageSets) = (reader, searches, pageSets)
        }

        var recognitions: Int { reader?.recognitions ?? made }

        mutating func release() {
            for page in pageSets[0] { originalCounts[page] = reader?.known(.original, page: page) }
            made = recognitions
            reader = nil
        }
    }

    /// The cross-validated estimate from each page's held-out count.
    private func estimate(_ heldOut: [Int: (fold: Int, recipe: TuneRecipe, count: ErrorCount)], split: TuneFolds,
                          searches: [TuneSearch]) -> TuneReport.Estimate {
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
    private func compare(_ auto: AutoSearch, on pages: [TunePage], stop: StopSignal?,
                         pageDone: (Int, Int) -> Void) throws -> ([Int: (script: String, count: ErrorCount)], Bool) {
        var pipeline = Pipeline(settings: settings, recognizer: try Engines(count: jobs, settings: settings, factory: factory),
                                store: store)
        let monitor = RecognitionMonitor(following: stop)
        var readings: [Int: (script: String, count: ErrorCount)] = [:]
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

    private func comparison(_ readings: [Int: (script: String, count: ErrorCount)],
                            heldOut: [Int: (fold: Int, recipe: TuneRecipe, count: ErrorCount)], budget: Double,
                            complete: Bool) -> TuneReport.AutoComparison {
        let both = readings.keys.sorted().filter { heldOut[$0] != nil }
        let recipe = both.compactMap { heldOut[$0]?.count }
        let chosen = both.compactMap { readings[$0]?.count }
        let pairs = zip(recipe, chosen)
        return TuneReport.AutoComparison(
            pages: both.count, recipeCER: TuneReport.rounded(recipe.total.rate), autoCER: TuneReport.rounded(chosen.total.rate),
            recipeBetter: pairs.filter { $0.errors < $1.errors }.count, autoBetter: pairs.filter { $0.errors > $1.errors }.count,
            same: pairs.filter { $0.errors == $1.errors }.count, autoBudget: budget, complete: complete)
    }
}
