import Imaging
import Session
import TextComparison

/// What the automatic choice tried and chose, as reports and `--json` show it.
public struct AutoChoice: Sendable, Encodable {
    /// One chain tried, with what its recognition scored.
    public struct Candidate: Sendable, Encodable {
        public var filters: FilterState
        public var score: Double
        public var wordCount: Int
        public var meanConfidence: Int
        /// Against the truth, when it is known; never used to choose.
        public var accuracy: Accuracy?
        /// Rendering and recognition, in seconds.
        public var seconds: Double
        /// `ReadingScore.likelyCharacters`: what it is judged by when the reference read nothing.
        public var likelyCharacters = 0.0
        /// False when it lost too much of the reference's sure words to be chosen
        /// (`ReadingAgreement.keepsTheText`).
        public var keepsTheText = true
        /// Whether this is the reading of the page's sample (`PageSample`), which only decides
        /// which chains are read whole: its score is the sample's, never set against a page's.
        public var sampled = false

        public init(filters: FilterState, score: Double, wordCount: Int, meanConfidence: Int, accuracy: Accuracy?,
                    seconds: Double, likelyCharacters: Double = 0, keepsTheText: Bool = true, sampled: Bool = false) {
            (self.filters, self.score, self.wordCount, self.meanConfidence) = (filters, score, wordCount, meanConfidence)
            (self.accuracy, self.seconds, self.likelyCharacters, self.keepsTheText) = (accuracy, seconds, likelyCharacters, keepsTheText)
            self.sampled = sampled
        }

        private enum CodingKeys: String, CodingKey {
            case script, score, likelyCharacters, wordCount, meanConfidence, accuracy, seconds, losesText, sampled
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(filters.description, forKey: .script)
            try container.encode(AutoChoice.rounded(score), forKey: .score)
            try container.encode(AutoChoice.rounded(likelyCharacters), forKey: .likelyCharacters)
            try container.encode(wordCount, forKey: .wordCount)
            try container.encode(meanConfidence, forKey: .meanConfidence)
            try container.encodeIfPresent(accuracy, forKey: .accuracy)
            try container.encode(AutoChoice.rounded(seconds), forKey: .seconds)
            if !keepsTheText { try container.encode(true, forKey: .losesText) }
            if sampled { try container.encode(true, forKey: .sampled) }
        }
    }

    public var chosen: Candidate
    public var original: Candidate
    /// Every candidate in the order they were tried (the plan's, not the engines'), the
    /// original first.
    public var candidates: [Candidate]
    /// The whole search, in seconds.
    public var seconds: Double
    /// What the candidates besides the original cost, and could cost, in recognitions of the
    /// original (`AutoPlan.cost`).
    public var work: Double
    public var budget: Double
    /// Whether the safety time limit stopped the search before its budget was spent: only
    /// then may another run choose differently.
    public var timeLimited: Bool
    /// Whether `candidates` are listed in JSON (`--explain`).
    public var explained: Bool
    /// What was done with the chosen page's lines; nil when the choice was the whole page's
    /// (`--auto-by page`).
    public var lines: LineRepairReport?
    /// What was known of the page before the search (`PageFeatures`), by name; listed with
    /// `--explain`.
    public var features: [String: Double]?
    /// How likely the page gate found a search of the whole page to pay (`--auto-by learned`
    /// with a gate), 0-1; listed with `--explain`.
    public var gate: Double?

    public init(chosen: Candidate, original: Candidate, candidates: [Candidate], seconds: Double, work: Double,
                budget: Double, timeLimited: Bool, explained: Bool) {
        (self.chosen, self.original, self.candidates, self.seconds) = (chosen, original, candidates, seconds)
        (self.work, self.budget, self.timeLimited, self.explained) = (work, budget, timeLimited, explained)
    }

    private enum CodingKeys: String, CodingKey {
        case script, score, original, tried, seconds, candidates, work, budget, timeLimited, lines, features, gate
    }

    private struct Baseline: Encodable {
        var score: Double
        var accuracy: Accuracy?
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(chosen.filters.description, forKey: .script)
        try container.encode(Self.rounded(chosen.score), forKey: .score)
        try container.encode(Baseline(score: Self.rounded(original.score), accuracy: original.accuracy), forKey: .original)
        try container.encode(candidates.count, forKey: .tried)
        try container.encode(Self.rounded(seconds), forKey: .seconds)
        try container.encode(Self.rounded(work), forKey: .work)
        try container.encode(Self.rounded(budget), forKey: .budget)
        try container.encode(timeLimited, forKey: .timeLimited)
        if explained { try container.encode(candidates, forKey: .candidates) }
        try container.encodeIfPresent(lines, forKey: .lines)
        if explained, let features { try container.encode(features.mapValues(Self.featureValue), forKey: .features) }
        if explained, let gate { try container.encode(Self.featureValue(gate), forKey: .gate) }
    }

    package static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// A feature as `--explain` lists it, to four decimals: what models are trained on, and so
    /// what they are given (`PageGate`), so that a page reads the same decision in training and
    /// in use.
    package static func featureValue(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
