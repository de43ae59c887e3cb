import Decisions
import Testing

/// The models compiled into the binary are whole, of the kind their stage uses, and read only
/// what that stage measures.
@Suite("The shipped models")
struct ShippedModelsTests {
    @Test("The column chooser is a classifier over the chooser's features and the sources' support, with its line threshold")
    func columnChooser() {
        let model = ShippedModels.columnChooser
        #expect(model.name == "column-chooser")
        #expect(model.kind != .gbdtRegressor, "it weighs candidates by a probability")
        let unknown = model.features.filter { !ColumnChooser.featureNames.contains($0) && !$0.hasPrefix("support.") }
        #expect(unknown.isEmpty, "features no column has: \(unknown)")
        #expect(model.thresholds["line"].map { $0 >= 0 } == true)
        #expect(model.trained["script"] == "bench/train66.py")
    }

    @Test("The page gate is a classifier with a threshold between 0 and 1")
    func pageGate() {
        let model = ShippedModels.pageGate
        #expect(model.name == "page-gate" && model.kind == .gbdtClassifier)
        #expect(model.thresholds["gate"].map { (0...1.01).contains($0) } == true)
        #expect(model.trained["script"] == "bench/gate66.py")
    }

    @Test("Each model's probabilities stay between 0 and 1 wherever its trees split")
    func probabilities() {
        for model in [ShippedModels.columnChooser, ShippedModels.pageGate] {
            let splits = model.trees.flatMap { $0.threshold }
            for value in [-1e9, 0, 1e9] + splits {
                let p = model.predict(ordered: Array(repeating: value, count: model.features.count))
                #expect((0...1).contains(p), "\(model.name) at \(value): \(p)")
            }
        }
    }
}
