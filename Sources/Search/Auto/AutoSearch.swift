import Core
import Decisions
import Imaging
import Recognition
import Reports

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
/// where the filters can only lose, keeps its recognition: the whole rule is
/// `AutoChoiceRule`'s, and a search's phases are `AutoRun`'s.
public struct AutoSearch: Sendable {
    /// The default budget, in recognitions of the original besides the original's own, when
    /// every chain is read whole. Most pages spend far less: the search ends after the first
    /// filters when none of them reads clearly better (`AutoChoiceRule.promises`).
    public static let defaultBudget = 12.0
    /// The safety: a search stops submitting candidates after this many times the time its
    /// budget should take on one engine (at least `minimumTimeLimit`), measured from the
    /// original's recognition (or the first candidate's, when the original's is stored). Far
    /// above any load seen (three busy processes on two cores slowed a search about 3x), so
    /// that it cuts only runaway searches.
    static let timeLimitFactor = 6.0
    static let minimumTimeLimit = 20.0
    /// The limit is at most this many seconds, or `pageTimeFactor` times the original's reading
    /// when that is longer: a page whose candidates Tesseract's layout analysis takes minutes
    /// over (a speckled page, enlarged or smoothed) ends there, with the readings it has.
    static let pageTimeLimit = 45.0
    static let pageTimeFactor = 8.0

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

    /// What the search chooses (`--auto-by`).
    public enum Unit: String, Sendable, CaseIterable {
        /// The page is righted and read once; the filter chains are searched only when the page
        /// as a whole reads badly (`LineJudgement.pageNeedsSearch`); then the unsure lines of
        /// the page chosen are read again as crops and combined line by line (`repairLines`).
        case line
        /// One rendering for the whole page, among every chain the budget reads.
        case page
        /// As by page, then each line of the chosen page is chosen symbol by symbol from every
        /// reading of the page the search made in the same geometry (`AutoRun.chooseLines`).
        case learned

        public var summary: String {
            switch self {
            case .line: "read the righted page once, search filters only when the page reads badly, then read unsure lines again as crops"
            case .page: "choose one rendering for the whole page among every chain the budget reads"
            case .learned: "as page, then choose each line's characters from every reading of the page the search made"
            }
        }
    }
    public var unit: Unit
    /// Readings of the page that the crops of unsure lines may cost (`LineRenderings.cost`).
    public var lineBudget: Double
    public static let defaultLineBudget = 1.0

    /// By learned decisions, whether a page is searched whole (`PageGate`, the shipped model's);
    /// nil to search every page, as by page.
    package var gate: PageGate?

    /// Whether every page is searched whole whatever its first reading says: then the first
    /// round's candidates are read beside the original (`AutoRun.righting`).
    var searchesEveryPage: Bool { unit == .page || (unit == .learned && gate == nil) }

    /// What of the page every chain tried must keep (`--auto-keep`), so that the words read lie
    /// over the page as given (a text layer laid over another program's page); nil for
    /// nothing: the page may be turned, cropped, straightened and resized.
    public var keeping: Keeping?

    /// What a chain must leave of the page as given.
    public enum Keeping: String, Sendable, CaseIterable {
        /// Its content where it is: no turn, crop, straightening or unwarping.
        case place
        /// Its content where it is and its size: nor scaling either.
        case size

        public var summary: String {
            switch self {
            case .place: "no chain that turns, crops, straightens or unwarps the page"
            case .size: "no chain that moves the page's content or scales the page"
            }
        }

        /// Whether `state`'s chain keeps this of the page.
        public func allows(_ state: FilterState) -> Bool {
            state.operations.allSatisfy { operation in
                switch operation.kind.placement {
                case .inPlace: true
                case .resized: self == .place
                case .moved: false
                }
            }
        }
    }

    /// - Parameter budget: nil for the default: `defaultBudget`, or with `sampling` its own.
    public init(budget: Double? = nil, explain: Bool = false, timeLimit: Double? = nil, sampling: Sampling? = nil,
                unit: Unit = .line, lineBudget: Double = defaultLineBudget, keeping: Keeping? = nil) {
        self.budget = budget ?? sampling?.defaultBudget ?? Self.defaultBudget
        self.explain = explain
        self.timeLimit = timeLimit
        self.sampling = sampling
        self.unit = unit
        self.lineBudget = lineBudget
        self.keeping = keeping
        self.gate = unit == .learned ? PageGate(model: ShippedModels.pageGate) : nil
    }

    /// Where a search is, for a progress line.
    public struct Progress: Sendable {
        public var tried: Int
        public var best: FilterState
        public var bestScore: Double
        /// The renderings engines are reading now, in the order they were listed.
        public var reading: [FilterState] = []
    }

    /// Searches `original` on `engines`, or on the pool `pipeline` reads with, and returns the
    /// chosen rendering's report (with `auto` set) and image. The pipeline's renderer keeps the
    /// whole readings (the REPL's `best` then answers every candidate at once).
    ///
    /// - Parameter monitor: stops every recognition of the search when cancelled; the search
    ///   then throws `RecognitionError.cancelled` at once, its engines finishing unseen.
    public func run(_ original: LoadedImage, pipeline: inout Pipeline, engines: (any EngineSet)? = nil,
                    monitor: RecognitionMonitor? = nil, progress: (Progress) -> Void = { _ in }) throws -> PipelineResult {
        guard let pool = engines ?? pipeline.engines else {
            throw PipelineError(source: original.name, underlying: RunnerError(message: "a search needs a pool of engines"))
        }
        return try withoutActuallyEscaping(progress) { progress in
            try run(original, pipeline: &pipeline, pool: pool, monitor: monitor, progress: progress)
        }
    }

    private func run(_ original: LoadedImage, pipeline: inout Pipeline, pool: any EngineSet, monitor: RecognitionMonitor?,
                     progress: @escaping (Progress) -> Void) throws -> PipelineResult {
        var run = AutoRun(self, original: original, pipeline: pipeline, pool: pool, monitor: monitor, announce: progress)
        defer { pipeline = run.pipeline }
        let baseline = try run.baseline()
        let base = run.searchBase(over: baseline)
        // By line, only a page too poorly read to judge line by line is searched whole; by learned
        // decisions, a page the gate expects the search to pay on.
        let ink = unit == .line ? UncoveredInk(image: base.image, reading: base.recognized) : nil
        let features = explain || gate != nil ? PageFeatures(image: base.image, reading: base.recognized, ink: ink) : nil
        let decision = try unit == .learned ? gate.flatMap { gate in try features.map { try gate.decide($0) } } : nil
        let searched = switch unit {
        case .page: true
        case .line: ink.map { LineJudgement.pageNeedsSearch(base.recognized, image: base.image, ink: $0) } ?? true
        case .learned: decision?.searches ?? true
        }
        if searched {
            run.samples(of: base)
            try run.rounds(on: base, progress: progress)
            try run.finalists(progress: progress)
        } else {
            try run.layoutCandidates(on: base)
        }

        let (chosen, outcome) = try run.choice()
        var recognized = outcome.recognized
        var lines: LineRepairReport?
        var revision: LineRevision?
        switch unit {
        case .line: (recognized, revision, lines) = try run.repairLines(of: outcome)
        case .learned: (recognized, revision, lines) = try run.chooseLines(of: outcome)
        case .page: break
        }
        var report = run.pipeline.report(original, chosen.filters, recognized, rendered: outcome.image, cached: false,
                                         timings: .init(decode: original.decodeTime, filter: 0, ocr: Milliseconds.round(run.elapsed * 1000)))
        report.timings.stored = run.allStored
        report.auto = AutoChoice(chosen: chosen, original: baseline.candidate, candidates: run.tried, seconds: run.elapsed,
                                 work: run.plan.spent, budget: budget, timeLimited: run.timeLimited, explained: explain)
        if explain {
            report.auto?.features = features?.values
            report.auto?.gate = decision?.probability
        }
        lines?.accuracy = report.accuracy
        lines?.uncoveredInk = ink?.share ?? 0
        report.auto?.lines = lines
        var result = PipelineResult(report: report, image: outcome.image)
        result.revision = revision
        return result
    }
}
