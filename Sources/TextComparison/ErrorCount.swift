/// The raw counts behind one error rate (characters or words; `ErrorCounts` holds both): the
/// edit distance and the truth's length, which add up across pages, so that a corpus's rate is exact (the sum of the errors over the sum of
/// the lengths, "micro") rather than an average of rounded rates.
public struct ErrorCount: Sendable, Hashable, Codable {
    /// The edit distance between the truth and the recognition.
    public var errors: Int
    /// The truth's length, in the same units.
    public var length: Int

    public static let zero = ErrorCount(errors: 0, length: 0)

    public init(errors: Int, length: Int) {
        self.errors = errors
        self.length = length
    }

    /// The characters of `recognized` against `truth`, normalised as `Accuracy` does (NFC,
    /// white-space runs folded to one space, the ends trimmed), counted in Unicode scalars.
    public init(charactersOf recognized: String, truth: String) {
        let expected = Accuracy.normalized(truth).unicodeScalars.map(\.value)
        let actual = Accuracy.normalized(recognized).unicodeScalars.map(\.value)
        self.init(errors: EditDistance.between(expected, actual), length: expected.count)
    }

    /// A recognition that read nothing: every character of the truth is an error.
    public init(nothingReadOf truth: String) {
        self.init(charactersOf: "", truth: truth)
    }

    /// `errors / length`, an empty truth counting as one character, as `Accuracy` counts it.
    public var rate: Double { Accuracy.exactRate(errors, of: length) }

    public static func + (lhs: ErrorCount, rhs: ErrorCount) -> ErrorCount {
        ErrorCount(errors: lhs.errors + rhs.errors, length: lhs.length + rhs.length)
    }

    public static func += (lhs: inout ErrorCount, rhs: ErrorCount) { lhs = lhs + rhs }
}

extension Sequence where Element == ErrorCount {
    /// The counts summed: their `rate` is the micro rate.
    public var total: ErrorCount { reduce(.zero, +) }

    /// The mean of the rates of each count (the macro rate); nil for none.
    public var macroRate: Double? {
        var (sum, count) = (0.0, 0)
        for item in self {
            sum += item.rate
            count += 1
        }
        return count == 0 ? nil : sum / Double(count)
    }
}
