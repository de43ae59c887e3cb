import TextComparison

/// What `--auto` did with the lines of the page it chose, as reports and `--json` show it:
/// how many it judged, read again and changed, and with `--explain` each line read again.
public struct LineRepairReport: Sendable, Encodable, Equatable {
    /// One line read again: why, what each rendering read, and whose words the vote took.
    public struct Line: Sendable, Encodable, Equatable {
        /// The line's place among the page's lines, from 1.
        public var number: Int
        /// Why it was judged unsure (`mean confidence 61`).
        public var doubt: String
        public var readings: [Reading]
        /// The renderings whose words replaced the page's, in the order first taken; empty
        /// when the page's reading of the line was kept.
        public var took: [String]

        public init(number: Int, doubt: String, readings: [Reading], took: [String]) {
            (self.number, self.doubt, self.readings, self.took) = (number, doubt, readings, took)
        }
    }

    /// One reading of a line: the rendering (`page`, or the crop's script), its text, and its
    /// words' mean confidence.
    public struct Reading: Sendable, Encodable, Equatable {
        public var rendering: String
        public var text: String
        public var meanConfidence: Double

        public init(rendering: String, text: String, meanConfidence: Double) {
            (self.rendering, self.text, self.meanConfidence) = (rendering, text, AutoChoice.rounded(meanConfidence))
        }
    }

    /// The page's text lines, how many were unsure, how many were read again (the budget may
    /// leave some), and how many came out changed.
    public var lines: Int
    public var unsure: Int
    public var readAgain: Int
    public var changed: Int
    /// What the crops cost, in readings of the page (`LineRepair.cost`).
    public var work: Double
    /// The share of the page's ink that no word of its reading covers (`UncoveredInk`), 0-1.
    public var uncoveredInk: Double = 0
    /// Whether the lines were chosen from the readings the search made of the whole page
    /// (`--auto-by learned`) rather than read again: `readAgain` then counts the lines whose
    /// readings differed, `details` lists them, and `work` is 0.
    public var combined = false
    /// Every line read again, listed with `--explain`.
    public var details: [Line]
    public var explained: Bool
    /// The page's text with the lines put back, against the truth when it is known (the
    /// report's own accuracy in JSON; kept here for the summary line).
    public var accuracy: Accuracy?

    public init(lines: Int, unsure: Int, readAgain: Int, changed: Int, work: Double, details: [Line], explained: Bool) {
        (self.lines, self.unsure, self.readAgain, self.changed) = (lines, unsure, readAgain, changed)
        (self.work, self.details, self.explained) = (work, details, explained)
    }

    private enum CodingKeys: String, CodingKey { case lines, unsure, readAgain, changed, work, uncoveredInk, combined, details }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lines, forKey: .lines)
        try container.encode(unsure, forKey: .unsure)
        try container.encode(readAgain, forKey: .readAgain)
        try container.encode(changed, forKey: .changed)
        try container.encode(AutoChoice.rounded(work), forKey: .work)
        try container.encode(AutoChoice.rounded(uncoveredInk), forKey: .uncoveredInk)
        if combined { try container.encode(combined, forKey: .combined) }
        if explained { try container.encode(details, forKey: .details) }
    }
}
