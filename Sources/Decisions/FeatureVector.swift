/// Named measurements of one page, line or column, in the order a model reads them.
///
/// Features are looked up by name, never by position, so that a model trained on one list of
/// features refuses a vector that lacks one of them instead of reading another in its place.
public struct FeatureVector: Sendable, Equatable {
    /// The values by name.
    public private(set) var values: [String: Double]

    public init(_ values: [String: Double] = [:]) {
        self.values = values
    }

    public subscript(name: String) -> Double? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// This vector and `other`'s values, `other` winning where both name a feature.
    public func merging(_ other: FeatureVector) -> FeatureVector {
        FeatureVector(values.merging(other.values) { _, theirs in theirs })
    }

    /// The values of `names`, in that order.
    public func ordered(_ names: [String]) throws(DecisionsError) -> [Double] {
        try names.map { name throws(DecisionsError) in
            guard let value = values[name] else { throw .missingFeature(name) }
            guard value.isFinite else { throw .notFinite(name, value) }
            return value
        }
    }
}
