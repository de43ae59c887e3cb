import Core
import ResultStore
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
    /// The phases, in order (`TuneRun`): the pages that decode, checked against the budget and
    /// dealt into folds; `search`, the searches taking turns; `checkHeldOut`, each fold's recipe
    /// on the pages it held out; `recommend`, the recipe, and `release`, the engines let go;
    /// `compareAuto`, `--auto` on each page; then `report`.
    ///
    /// - Parameter stop: once raised, no recognition starts and those under way stop; the
    ///   report says what was found (`interrupted`), without an estimate if the folds had not finished.
    public func run(_ found: [TunePage], withoutTruth: Int = 0, stop: StopSignal? = nil,
                    progress: (Progress) -> Void = { _ in }) throws -> TuneReport {
        var run = try TuneRun(self, found: found, stop: stop)
        run.search(progress: progress)
        run.checkHeldOut(progress: progress)
        let recommendation = run.recommend()
        // The engines go before --auto starts its own.
        run.release()
        try run.compareAuto(stop: stop, progress: progress)
        return run.report(recommendation, withoutTruth: withoutTruth)
    }
}
