import Decisions
import Foundation
import Testing

/// The rows a parity fixture holds beside its model, and what scikit-learn predicted for them.
private struct Parity: Decodable {
    let x: [[Double]]
    let y: [Double]
}

private struct Fixture: Decodable {
    let parity: Parity
}

private func fixture(_ name: String) throws -> (ModelFile, Parity) {
    let url = try #require(Bundle.module.url(forResource: "parity-\(name)", withExtension: "json", subdirectory: "Fixtures"))
    let data = try Data(contentsOf: url)
    return (try ModelFile.decode(data), try JSONDecoder().decode(Fixture.self, from: data).parity)
}

@Suite("Models trained by scikit-learn predict in Swift what they predicted there")
struct ModelFileTests {
    @Test("Each kind of model agrees with scikit-learn on every row of its fixture",
          arguments: ["regressor", "classifier", "logistic"])
    func agreesWithScikitLearn(kind: String) throws {
        let (model, parity) = try fixture(kind)
        #expect(parity.x.count == 100)
        for (row, expected) in zip(parity.x, parity.y) {
            let predicted = model.predict(ordered: row)
            #expect(abs(predicted - expected) <= 1e-9, "row \(row): \(predicted) against \(expected)")
        }
    }

    @Test("Features are taken by name, so a vector's order does not matter and a missing one is refused")
    func featuresByName() throws {
        let (model, parity) = try fixture("classifier")
        let row = parity.x[0]
        var vector = FeatureVector()
        for (name, value) in zip(model.features, row).reversed() { vector[name] = value }
        #expect(try model.predict(vector) == model.predict(ordered: row))
        vector["page.c"] = nil
        #expect(throws: DecisionsError.missingFeature("page.c")) { try model.predict(vector) }
        vector["page.c"] = .nan
        #expect(throws: DecisionsError.self) { try model.predict(vector) }
    }

    @Test("A sample on a threshold's float goes the way scikit-learn sends it")
    func thresholdsCompareAsFloats() throws {
        // scikit-learn splits halfway between two float32 values, so a double just above the
        // threshold may round to a float at or below it: it must go left, as in training.
        let threshold = (Double(Float(1.1)) + Double(Float(1.1).nextUp)) / 2
        let tree = DecisionTree(feature: [0, 0, 0], threshold: [threshold, 0, 0], left: [1, -1, -1],
                                right: [2, -1, -1], value: [0, -1, 1])
        let model = try ModelFile(name: "t", kind: .gbdtRegressor, features: ["x"], trees: [tree])
        #expect(model.predict(ordered: [Double(Float(1.1))]) == -1)
        #expect(model.predict(ordered: [threshold.nextUp]) == 1)
        #expect(model.predict(ordered: [Double(Float(1.1).nextUp)]) == 1)
    }

    @Test("A malformed model is refused when it is loaded, not when it predicts",
          arguments: [
            #"{"format": "filterocr-model/2", "name": "m", "kind": "logistic", "features": []}"#,
            #"{"format": "filterocr-model/1", "name": "m", "kind": "gbdt-regressor", "features": ["a"], "trees": []}"#,
            #"{"format": "filterocr-model/1", "name": "m", "kind": "gbdt-regressor", "features": ["a"], "trees": [{"feature": [0, 0], "threshold": [1, 0], "left": [0, -1], "right": [1, -1], "value": [0, 1]}]}"#,
            #"{"format": "filterocr-model/1", "name": "m", "kind": "gbdt-regressor", "features": ["a"], "trees": [{"feature": [3, 0, 0], "threshold": [1, 0, 0], "left": [1, -1, -1], "right": [2, -1, -1], "value": [0, 1, 2]}]}"#,
            #"{"format": "filterocr-model/1", "name": "m", "kind": "logistic", "features": ["a"], "logistic": {"weights": [1], "bias": 0, "mean": [0], "scale": [0]}}"#,
            #"{"format": "filterocr-model/1", "name": "m", "kind": "logistic", "features": ["a"]}"#,
            "not json",
          ])
    func refusesMalformedModels(json: String) {
        #expect(throws: DecisionsError.self) { try ModelFile.decode(Data(json.utf8)) }
    }

    @Test("A model written and read again is the same model")
    func roundTrips() throws {
        let (model, _) = try fixture("logistic")
        let again = try ModelFile.decode(try JSONEncoder().encode(model))
        #expect(again == model)
        #expect(model.thresholds["cut"] == 0.5)
    }
}
