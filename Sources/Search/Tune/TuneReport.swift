import Core
import TextComparison

/// What `filterocr tune` found: the recipe (tuned on every page), the error rate it can be
/// expected to read at on pages it was not tuned on (cross-validated, with its spread), the
/// candidates, and each page read with the recipe tuned without it beside `--auto`'s choice.
/// Every rate is a character error rate; "micro" is the sum of the pages' edit distances over
/// the sum of their truths' lengths, "macro" the mean of the pages' own rates.
public struct TuneReport: Sendable, Codable, Equatable {
    public static let currentSchema = 1

    public var schemaVersion = TuneReport.currentSchema
    /// The recipe as an `--ops` script, tuned on every page; `original` (leave the pages as they
    /// are) when no recipe read better than that on pages it was not tuned on.
    public var recipe: String
    /// The best recipe on every page, when it was declined: cross-validated, it read the pages
    /// it was not tuned on no better than as given (`estimate` against `originalHeldOut`).
    public var declined: String? = nil
    /// Pages with a truth, which the rates count; pages without one count in none.
    public var pages: Int
    public var pagesWithoutTruth: Int
    /// Why each page that could not be read was left out.
    public var unreadable: [String]
    /// Recognitions the search and the held-out check could cost, and did.
    public var budget: Int
    public var recognitions: Int
    /// Whether the budget passed over some candidates (a larger one might find a better recipe).
    public var budgetReached: Bool
    /// Whether Ctrl-C (or another signal) stopped the run: what it had found is reported.
    public var interrupted: Bool
    /// The recipe's and the original's rates on every page: what the recipe was tuned on, so
    /// an optimistic figure; the estimate is the one to expect.
    public var tuned: Rate
    public var original: Rate
    /// The rate on pages each read with the recipe tuned without them; nil when the run was
    /// stopped before the folds finished.
    public var estimate: Estimate?
    /// The best candidates on every page, best first.
    public var candidates: [Candidate]
    public var candidatesTried: Int
    /// Each page, read with the recipe of the fold that held it out.
    public var heldOut: [HeldOutPage]
    /// The recipe against `--auto` on the same held-out pages; nil with `--no-auto`.
    public var auto: AutoComparison?

    /// A corpus rate, with the counts it comes from.
    public struct Rate: Sendable, Codable, Equatable {
        public var cer: Double
        public var macroCER: Double
        public var errors: Int
        public var length: Int

        public init(_ pages: [ErrorCount]) {
            let total = pages.total
            (errors, length) = (total.errors, total.length)
            cer = TuneReport.rounded(total.rate)
            macroCER = TuneReport.rounded(pages.macroRate ?? 0)
        }
    }

    /// The cross-validated estimate and its spread.
    public struct Estimate: Sendable, Codable, Equatable {
        /// Micro and macro, over every page read by the recipe tuned without it.
        public var rate: Rate
        /// The interval of the micro rate by a bootstrap over the held-out pages.
        public var interval: Interval
        public var folds: [Fold]
        /// The lowest and highest of the folds' held-out micro rates, and their standard deviation.
        public var foldRange: Interval
        public var foldStandardDeviation: Double
    }

    public struct Interval: Sendable, Codable, Equatable {
        public var low: Double
        public var high: Double
        /// How it was computed, as the output says it.
        public var method: String
    }

    /// One fold: tuned on the other folds' pages, read on its own.
    public struct Fold: Sendable, Codable, Equatable {
        public var fold: Int
        public var recipe: String
        public var tunedOn: Int
        public var heldOut: Int
        /// The fold's recipe on the pages it was tuned on, and on its held-out pages.
        public var tuningCER: Double
        public var heldOutCER: Double
    }

    public struct Candidate: Sendable, Codable, Equatable {
        public var recipe: String
        public var cer: Double
        public var errors: Int
    }

    /// One page read with the recipe tuned without it, and by `--auto`.
    public struct HeldOutPage: Sendable, Codable, Equatable {
        public var page: String
        public var fold: Int
        public var recipe: String
        public var recipeCER: Double
        public var originalCER: Double
        /// `--auto`'s choice for the page and its rate, when compared.
        public var auto: String?
        public var autoCER: Double?
        public var errors: Int
        public var length: Int
    }

    /// The recipe and `--auto` on the pages both read.
    public struct AutoComparison: Sendable, Codable, Equatable {
        public var pages: Int
        /// Micro rates over those pages.
        public var recipeCER: Double
        public var autoCER: Double
        /// Pages where each read with fewer errors, and where they read alike.
        public var recipeBetter: Int
        public var autoBetter: Int
        public var same: Int
        /// `--auto`'s budget, in recognitions of the page.
        public var autoBudget: Double
        /// Whether every page was compared (not when the run was stopped).
        public var complete: Bool
    }

    /// Six decimals, as `Accuracy` gives its rates.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
