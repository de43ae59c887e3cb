import Foundation

/// A model as `bench/train66.py` writes it: what it predicts, from which features, and how it
/// was trained and what it reached, so that the data shipped in the repository says where it
/// came from.
///
/// ```json
/// {"format": "filterocr-model/1", "name": "page-gate", "kind": "gbdt-classifier",
///  "features": ["page.words", …], "base": -1.2, "trees": [{"feature": […], …}],
///  "thresholds": {"gate": 0.35}, "trained": {…}, "figures": {…}}
/// ```
public struct ModelFile: Sendable, Equatable, Codable {
    /// The one format this version reads.
    public static let format = "filterocr-model/1"

    /// What the model's output means.
    public enum Kind: String, Sendable, Codable {
        /// A sum of trees: a predicted quantity (a gain in characters or in CER).
        case gbdtRegressor = "gbdt-regressor"
        /// A sum of trees read as log-odds: a probability.
        case gbdtClassifier = "gbdt-classifier"
        /// A logistic regression: a probability.
        case logistic
    }

    public let format: String
    /// The decision it makes (`page-gate`, `column-chooser`, …).
    public let name: String
    public let kind: Kind
    /// The features it reads, in the order its trees and weights index them.
    public let features: [String]
    /// The trees' starting value (the mean, or the prior log-odds); 0 for a logistic model.
    public let base: Double
    public let trees: [DecisionTree]
    public let logistic: LogisticModel?
    /// Cut-offs set on the validation split (`gate`, `tau`, `budget`, …).
    public let thresholds: [String: Double]
    /// How it was trained: the script, the corpus manifest's digest, the split sizes. Free-form.
    public let trained: [String: String]

    /// A model checked whole: one that exists predicts without failing on any vector that holds
    /// its features.
    public init(name: String, kind: Kind, features: [String], base: Double = 0, trees: [DecisionTree] = [],
                logistic: LogisticModel? = nil, thresholds: [String: Double] = [:],
                trained: [String: String] = [:]) throws(DecisionsError) {
        self.format = Self.format
        self.name = name
        self.kind = kind
        self.features = features
        self.base = base
        self.trees = trees
        self.logistic = logistic
        self.thresholds = thresholds
        self.trained = trained
        try validate()
    }

    private enum CodingKeys: String, CodingKey {
        case format, name, kind, features, base, trees, logistic, thresholds, trained
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .kind)
        features = try container.decode([String].self, forKey: .features)
        base = try container.decodeIfPresent(Double.self, forKey: .base) ?? 0
        trees = try container.decodeIfPresent([DecisionTree].self, forKey: .trees) ?? []
        logistic = try container.decodeIfPresent(LogisticModel.self, forKey: .logistic)
        thresholds = try container.decodeIfPresent([String: Double].self, forKey: .thresholds) ?? [:]
        trained = try container.decodeIfPresent([String: String].self, forKey: .trained) ?? [:]
        try validate()
    }

    /// The model in `data`.
    public static func decode(_ data: Data) throws(DecisionsError) -> ModelFile {
        do {
            return try JSONDecoder().decode(ModelFile.self, from: data)
        } catch let error as DecisionsError {
            throw error
        } catch {
            throw .unreadable(String(describing: error))
        }
    }

    func validate() throws(DecisionsError) {
        guard format == Self.format else { throw .unsupportedFormat(format) }
        switch kind {
        case .gbdtRegressor, .gbdtClassifier:
            guard !trees.isEmpty else { throw .unreadable("a tree model with no trees") }
            for (index, tree) in trees.enumerated() {
                try tree.validate(featureCount: features.count, index: index)
            }
        case .logistic:
            guard let logistic,
                  [logistic.weights.count, logistic.mean.count, logistic.scale.count].allSatisfy({ $0 == features.count })
            else { throw .unreadable("a logistic model needs one weight, mean and scale per feature") }
            guard logistic.scale.allSatisfy({ $0 > 0 }) else { throw .unreadable("a logistic model's scales must be positive") }
        }
    }

    /// What the model predicts for `vector`: a quantity for a regressor, a probability otherwise.
    public func predict(_ vector: FeatureVector) throws(DecisionsError) -> Double {
        predict(ordered: try vector.ordered(features))
    }

    /// What the model predicts for a sample already in `features`' order.
    public func predict(ordered sample: [Double]) -> Double {
        switch kind {
        case .gbdtRegressor:
            return treeSum(sample)
        case .gbdtClassifier:
            return sigmoid(treeSum(sample))
        case .logistic:
            // `validate` admits no logistic model without its weights.
            return logistic.map { sigmoid($0.logit(sample)) } ?? .nan
        }
    }

    private func treeSum(_ sample: [Double]) -> Double {
        var sum = base
        for tree in trees { sum += tree.value(for: sample) }
        return sum
    }
}
