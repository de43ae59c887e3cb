import Imaging
import Recognition
import TextComparison
import WordFrequency

/// The points of a sweep: one filter at several strengths, each on the original (as the
/// slider does), or the additive chain of one step (as 25% and 75% do).
public struct SweepPlan: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Each point is the filter at that intensity on the original.
        case strengths([Double])
        /// Point k is the filter chosen, then k steps of this intensity (0...steps).
        case compound(step: Double, steps: Int)
    }

    public let filter: FilterKind
    public let kind: Kind

    public init(filter: FilterKind, kind: Kind) {
        self.filter = filter
        self.kind = kind
    }

    /// The sweep `sweep FILTER` runs when no strengths are given: the default strengths.
    ///
    /// - Parameter textHeight: the text's height in pixels, which sets how far a blur must go
    ///   for the text to disappear (see `textHeight(of:)`); nil for a page's usual text.
    public init(standardFor filter: FilterKind, textHeight: Double? = nil) {
        self.init(filter: filter, kind: .strengths(Self.defaultStrengths(for: filter, textHeight: textHeight)))
    }

    /// A range that shows the interesting part of the curve, as each filter's entry gives it:
    /// for blur up to where text of `textHeight` is gone, for binarize the whole threshold
    /// range a page's ink can be in, for the window filters each radius up to 3 px.
    public static func defaultStrengths(for filter: FilterKind, textHeight: Double? = nil) -> [Double] {
        filter.defaultStrengths(textHeight: textHeight)
    }

    /// The height of the text in `recognized`: the median height of the word boxes Tesseract
    /// is fairly sure of; nil when it read none.
    public static func textHeight(of recognized: RecognizedText) -> Double? {
        let heights = recognized.words.filter { $0.confidence >= 50 && $0.text.count >= 2 }.map(\.box.height).sorted()
        return heights.isEmpty ? nil : Double(heights[heights.count / 2])
    }

    /// The filter state of each point, in order.
    public var states: [FilterState] {
        switch kind {
        case .strengths(let values):
            return values.map { value in
                // Choosing the filter then setting the slider cannot be refused.
                (try? FilterState().applying(.select(filter)).applying(.slider(value))) ?? FilterState()
            }
        case let .compound(step, steps):
            var state = (try? FilterState().applying(.select(filter))) ?? FilterState()
            var states = [state]
            for _ in 0..<max(0, steps) {
                state = (try? state.applying(.step(step))) ?? state
                states.append(state)
            }
            return states
        }
    }
}

/// One point of a sweep: the strength, the filter's own parameter and what was read.
public struct SweepRow: Sendable, Encodable {
    /// The intensity (0.25 is 25%); for a compound sweep, the number of steps.
    public var strength: Double
    /// σ in pixels for blur, the threshold for binarize (of the last operation).
    public var parameter: Double
    public var parameterName: String
    public var operations: [String]
    public var wordCount: Int
    public var meanConfidence: Int
    public var accuracy: Accuracy?
    public var text: String

    /// The row for the point `state` of `plan`, which read `text`.
    public init(state: FilterState, plan: SweepPlan, text: String, meanConfidence: Int, accuracy: Accuracy?) {
        let last = state.operations.last
        strength = switch plan.kind {
        case .strengths: last?.intensity ?? 0
        case .compound: Double(state.operations.count - 1)
        }
        parameter = last?.parameter.value ?? 0
        parameterName = plan.filter.parameter(at: 0).name
        operations = state.operationNames
        wordCount = WordCounts.words(in: text).count
        self.meanConfidence = meanConfidence
        self.accuracy = accuracy
        self.text = text
    }
}

/// A sweep's rows and its best point: the lowest CER when the truth is known, otherwise the
/// most words read.
public struct SweepSummary: Sendable, Encodable {
    public var filter: FilterKind
    /// The strengths swept, for a chart of the rows.
    public var plan: SweepPlan
    public var image: String
    public var rows: [SweepRow]
    public var best: Best?

    public struct Best: Sendable, Encodable {
        /// `lowest CER` or `most words`.
        public var criterion: String
        public var row: SweepRow
    }

    private enum CodingKeys: String, CodingKey {
        case filter, image, rows, best
    }

    public init(plan: SweepPlan, image: String, rows: [SweepRow]) {
        self.plan = plan
        filter = plan.filter
        self.image = image
        self.rows = rows
        if rows.allSatisfy({ $0.accuracy != nil }),
           let row = rows.min(by: { ($0.accuracy?.characterErrorRate ?? 1) < ($1.accuracy?.characterErrorRate ?? 1) }) {
            best = Best(criterion: "lowest CER", row: row)
        } else if let row = rows.max(by: { ($0.wordCount, $0.meanConfidence) < ($1.wordCount, $1.meanConfidence) }) {
            best = Best(criterion: "most words", row: row)
        }
    }
}
