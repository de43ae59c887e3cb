import Foundation

/// A logistic regression over standardised features: P = σ(bias + Σ wᵢ (xᵢ − meanᵢ) / scaleᵢ),
/// as scikit-learn's `StandardScaler` followed by `LogisticRegression` computes it.
public struct LogisticModel: Sendable, Equatable, Codable {
    public let weights: [Double]
    public let bias: Double
    public let mean: [Double]
    public let scale: [Double]

    public init(weights: [Double], bias: Double, mean: [Double], scale: [Double]) {
        self.weights = weights
        self.bias = bias
        self.mean = mean
        self.scale = scale
    }

    /// The log-odds of `sample`.
    public func logit(_ sample: [Double]) -> Double {
        var sum = bias
        for index in weights.indices {
            sum += weights[index] * (sample[index] - mean[index]) / scale[index]
        }
        return sum
    }
}

/// The logistic function, written so that neither tail overflows.
@inline(__always)
func sigmoid(_ x: Double) -> Double {
    x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x))
}
