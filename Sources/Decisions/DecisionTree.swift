/// One regression tree as scikit-learn stores it: parallel arrays indexed by node, node 0 the
/// root, a leaf marked by `left == -1`.
///
/// A sample goes left when its feature is at most the node's threshold. scikit-learn compares
/// the feature as a 32-bit float (it converts samples to `float32` before walking its trees)
/// against the threshold as a 64-bit one; `value(for:)` does the same, so that a value lying
/// between a threshold and its nearest `Float` goes the way it goes in training.
public struct DecisionTree: Sendable, Equatable, Codable {
    /// The index into the model's features that each inner node tests (unused at leaves).
    public let feature: [Int]
    public let threshold: [Double]
    public let left: [Int]
    public let right: [Int]
    /// Each leaf's output, already scaled by the ensemble's learning rate.
    public let value: [Double]

    public init(feature: [Int], threshold: [Double], left: [Int], right: [Int], value: [Double]) {
        self.feature = feature
        self.threshold = threshold
        self.left = left
        self.right = right
        self.value = value
    }

    /// Checks that the arrays agree and that every walk ends at a leaf: children point forward
    /// (scikit-learn numbers a node's children after it), so no walk loops.
    func validate(featureCount: Int, index: Int) throws(DecisionsError) {
        let count = feature.count
        guard count > 0, [threshold.count, left.count, right.count, value.count].allSatisfy({ $0 == count }) else {
            throw .malformedTree(index, "its arrays differ in length or are empty")
        }
        for node in 0..<count where left[node] != -1 {
            guard left[node] > node, left[node] < count, right[node] > node, right[node] < count else {
                throw .malformedTree(index, "node \(node) has a child outside the tree")
            }
            guard (0..<featureCount).contains(feature[node]) else {
                throw .malformedTree(index, "node \(node) tests feature \(feature[node]) of \(featureCount)")
            }
        }
    }

    /// The leaf value `sample` reaches.
    public func value(for sample: [Double]) -> Double {
        var node = 0
        while left[node] != -1 {
            let measured = Double(Float(sample[feature[node]]))
            node = measured <= threshold[node] ? left[node] : right[node]
        }
        return value[node]
    }
}
