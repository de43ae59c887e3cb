import Decisions
import Reports

/// Whether `--auto-by learned` searches a page whole or reads only what its layout asks for: a
/// model of the page's features before any search (`PageFeatures`), trained by bench/gate66.py on
/// the development corpus's train split to predict whether the search's choice reads the page
/// better than its righted reading by more than 0.005 CER, with the threshold set on the
/// validation split (the fewest searches within 0.002 of searching every page).
package struct PageGate: Sendable {
    package let model: ModelFile
    /// The least probability at which the page is searched.
    package let threshold: Double

    /// The gate of `model`; nil for a model without the `gate` threshold.
    package init?(model: ModelFile) {
        guard let threshold = model.thresholds["gate"] else { return nil }
        (self.model, self.threshold) = (model, threshold)
    }

    /// How likely a search of the page's whole is to pay, from `features` as `--explain` lists
    /// them (the model was trained on those values).
    package func probability(_ features: PageFeatures) throws(DecisionsError) -> Double {
        try model.predict(FeatureVector(features.values.mapValues(AutoChoice.featureValue)))
    }

    /// Whether the page of `features` is searched whole, and how likely the search is to pay.
    package func decide(_ features: PageFeatures) throws(DecisionsError) -> (probability: Double, searches: Bool) {
        let probability = try probability(features)
        return (probability, probability >= threshold)
    }
}
