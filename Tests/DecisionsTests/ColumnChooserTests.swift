import Decisions
import TextComparison
import Testing

private func reading(_ text: String, from source: String, confidence: Double = 90) -> LineReading {
    LineReading(source: source, words: text.split(separator: " ").map { LineReading.Word(text: String($0), confidence: confidence) })
}

private func text(of choice: ColumnChooser.Choice, from readings: [LineReading]) -> String {
    choice.symbols.map { readings[$0.reading].symbols[$0.index].text }.joined()
}

@Suite("A line chosen from several readings, column by column")
struct ColumnChooserTests {
    @Test("Where most readings agree, their symbols are kept, letters the page lost among them")
    func majority() throws {
        let readings = [reading("urdough loaf 2.50", from: "page", confidence: 95),
                        reading("Sourdough loaf 2.5O", from: "median"), reading("Sourdough 1oaf 2.50", from: "background")]
        let choice = try ColumnChooser().choose(readings)
        #expect(text(of: choice, from: readings) == "Sourdough loaf 2.50")
        #expect(choice.changed == 2)
        #expect(choice.gain > 0)
    }

    @Test("Readings that agree change nothing and gain nothing")
    func agreement() throws {
        let readings = ["page", "median", "background"].map { reading("TOTAL 12.50", from: $0) }
        let choice = try ColumnChooser().choose(readings)
        #expect(text(of: choice, from: readings) == "TOTAL 12.50")
        #expect(choice.changed == 0 && choice.gain == 0)
    }

    @Test("On a tie the page's own reading stays")
    func tieKeepsThePage() throws {
        let readings = [reading("c0de", from: "page"), reading("code", from: "median")]
        #expect(text(of: try ColumnChooser().choose(readings), from: readings) == "c0de")
    }

    @Test("A reading that chose another symbol still lends weight to one it found almost as likely")
    func alternativesLendWeight() throws {
        func word(_ symbol: String, _ alternatives: [(String, Double)]) -> LineReading {
            let symbols = [LineReading.Symbol(text: "a", confidence: 99, word: 0),
                           LineReading.Symbol(text: symbol, confidence: alternatives[0].1,
                                              alternatives: alternatives.map { LineReading.Alternative(text: $0.0, confidence: $0.1) },
                                              word: 0)]
            return LineReading(source: "r", words: [LineReading.Word(text: "a" + symbol, confidence: 80, symbols: symbols)])
        }
        // Two readings say "1" barely; one says "l" surely and gave "1" almost nothing.
        let readings = [word("l", [("l", 95), ("1", 5)]), word("1", [("1", 51), ("l", 49)]), word("1", [("1", 52), ("l", 48)])]
        let choice = try ColumnChooser().choose(readings)
        #expect(text(of: choice, from: readings) == "al")
    }

    @Test("Words keep where they came from: each chosen symbol names its reading and its word there")
    func provenance() throws {
        let readings = [reading("urdough loaf", from: "page"), reading("Sourdough loaf", from: "median"),
                        reading("Sourdough loaf", from: "background", confidence: 97)]
        let choice = try ColumnChooser().choose(readings)
        // The added letters come from the surest supporter; the page's own where it agrees wins no tie-break.
        #expect(choice.symbols.prefix(2).allSatisfy { $0.reading == 2 })
        #expect(choice.symbols.allSatisfy { readings[$0.reading].symbols[$0.index].word != nil || readings[$0.reading].symbols[$0.index].text == " " })
    }

    @Test("A model decides instead of the vote: one that trusts only the page keeps the page")
    func modelDecides() throws {
        let model = try ModelFile(name: "column-chooser", kind: .logistic, features: ["candidate.onPage", "support.median"],
                                  logistic: LogisticModel(weights: [4, 0], bias: -2, mean: [0, 0], scale: [1, 1]))
        let readings = [reading("c0de", from: "page"), reading("code", from: "median"), reading("code", from: "other")]
        #expect(text(of: try ColumnChooser().choose(readings), from: readings) == "code")
        #expect(text(of: try ColumnChooser(model: model).choose(readings), from: readings) == "c0de")
    }

    @Test("A model that reads a feature nobody measures is refused at the first column")
    func modelNeedsItsFeatures() throws {
        let model = try ModelFile(name: "column-chooser", kind: .logistic, features: ["candidate.unknown"],
                                  logistic: LogisticModel(weights: [1], bias: 0, mean: [0], scale: [1]))
        #expect(throws: DecisionsError.missingFeature("candidate.unknown")) {
            try ColumnChooser(model: model).choose([reading("a", from: "page"), reading("b", from: "x")])
        }
    }
}

@Suite("The column chooser's features")
struct ColumnChooserFeatureTests {
    @Test("Every candidate has the named features and a support feature for each of its sources, and no other")
    func names() throws {
        let readings = [reading("c0de", from: "page"), reading("code", from: "median"), reading("cod", from: "background")]
        let network = CharacterNetwork(readings.map(\.texts))
        for column in network.columns.indices {
            let candidates = ColumnChooser.candidates(in: network, column: column)
            for candidate in candidates {
                let vector = ColumnChooser.features(of: candidate, among: candidates, in: network, column: column, readings: readings)
                let sources = Set(candidate.supporters.map { "support." + readings[$0].source })
                #expect(Set(vector.values.keys) == Set(ColumnChooser.featureNames).union(sources))
            }
        }
    }
}
