import ArgumentParser

/// A whole-number option's value, read with a reason when it is not one (ArgumentParser
/// alone says "Missing value" for a negative number and "invalid" for one that overflows).
enum WholeNumberOption {
    /// Reads `--option N` as a number in `range`, or says what to type.
    static func parser<Value: FixedWidthInteger & Sendable>(_ option: String, in range: ClosedRange<Value>,
                                                            example: Value) -> @Sendable (String) throws -> Value {
        { text in
            guard let value = Value(text), range.contains(value) else {
                throw ValidationError("\(option) takes \(range.lowerBound) to \(range.upperBound) (a whole number), "
                                      + "e.g. \(option) \(example)")
            }
            return value
        }
    }
}
