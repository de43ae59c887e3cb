public import TextComparison

/// Chooses a line's reading from several: the readings are aligned by symbol
/// (`CharacterNetwork`), and in each column the candidate (a symbol some reading has there, or
/// nothing) with the most weight is kept.
///
/// With a model, a candidate's weight is the model's probability that it is the true symbol,
/// from `features(of:in:)`. Without one it is the readings' summed probability of it, each
/// reading's alternatives counted (Calamari's vote, Reul et al. 2018): a reading that chose
/// another symbol still lends weight to a candidate it found almost as likely.
public struct ColumnChooser: Sendable {
    public let model: ModelFile?

    public init(model: ModelFile? = nil) {
        self.model = model
    }

    /// One column's candidate: its text, nil for nothing.
    public struct Candidate: Sendable, Equatable {
        public let text: String?
        /// The readings that have it there.
        public let supporters: [Int]
    }

    /// The line chosen.
    public struct Choice: Sendable, Equatable {
        /// The chosen symbols in order, each by its reading and its index there: a space
        /// separates words.
        public let symbols: [Pick]
        /// Σ over columns of the chosen candidate's weight less the weight of what the first
        /// reading has there: how much the choice is preferred to the first reading, in columns.
        public let gain: Double
        /// The columns where the choice differs from the first reading.
        public let changed: Int

        public struct Pick: Sendable, Equatable {
            public let reading: Int
            public let index: Int
            /// The chosen candidate's weight, 0-1 (a probability with a model, a share of the
            /// readings' summed probability without).
            public let weight: Double
        }
    }

    /// The line `readings` make together; the first is the reading the choice is measured
    /// against (the page's own).
    public func choose(_ readings: [LineReading]) throws(DecisionsError) -> Choice {
        let network = CharacterNetwork(readings.map(\.texts))
        var picks: [Choice.Pick] = []
        var (gain, changed) = (0.0, 0)
        for column in network.columns.indices {
            let candidates = Self.candidates(in: network, column: column)
            let weights = try candidates.map { candidate throws(DecisionsError) in
                try weight(of: candidate, among: candidates, in: network, column: column, readings: readings)
            }
            // The first reading's candidate wins a tie: a choice must be preferred to replace it.
            let first = candidates.firstIndex { $0.supporters.contains(0) } ?? 0
            var best = first
            for index in candidates.indices where weights[index] > weights[best] { best = index }
            gain += weights[best] - weights[first]
            if best != first { changed += 1 }
            let chosen = candidates[best]
            guard chosen.text != nil else { continue }
            // The supporter most sure of the symbol lends its place (word and box).
            let supporter = chosen.supporters.max { one, other in
                let (a, b) = (readings[one].symbols[network.columns[column][one]!], readings[other].symbols[network.columns[column][other]!])
                return (a.confidence, other) < (b.confidence, one)
            }!
            picks.append(Choice.Pick(reading: supporter, index: network.columns[column][supporter]!, weight: weights[best]))
        }
        return Choice(symbols: picks, gain: gain, changed: changed)
    }

    /// The distinct candidates of a column, in the order of their first supporter.
    public static func candidates(in network: CharacterNetwork<String>, column: Int) -> [Candidate] {
        var order: [String?] = []
        var supporters: [String?: [Int]] = [:]
        for (reading, symbol) in network.symbols(in: column).enumerated() {
            if supporters[symbol] == nil { order.append(symbol) }
            supporters[symbol, default: []].append(reading)
        }
        return order.map { Candidate(text: $0, supporters: supporters[$0]!) }
    }

    private func weight(of candidate: Candidate, among candidates: [Candidate], in network: CharacterNetwork<String>,
                        column: Int, readings: [LineReading]) throws(DecisionsError) -> Double {
        let features = Self.features(of: candidate, among: candidates, in: network, column: column, readings: readings)
        guard let model else { return features["candidate.probabilityShare"] ?? 0 }
        var vector = features
        // A source the model knows and no reading of this line came from supports nothing.
        for name in model.features where name.hasPrefix("support.") && vector[name] == nil { vector[name] = 0 }
        return try model.predict(vector)
    }

    /// The features every candidate has (`features(of:…)`), besides `support.SOURCE`: 1 for each
    /// source (`LineReading.source`) that has the candidate, absent for the others.
    public static let featureNames = [
        "column.readings", "column.candidates", "column.gapShare", "candidate.support", "candidate.supportShare",
        "candidate.confidenceSum", "candidate.confidenceMax", "candidate.probabilitySum", "candidate.probabilityShare",
        "candidate.onPage", "candidate.pageConfidence", "candidate.gap", "candidate.space", "candidate.digit",
        "candidate.letter", "candidate.punctuation", "candidate.inDictionary", "candidate.lineConfidence",
    ]

    /// What a model weighs a candidate by: its support (how many readings, how sure, which
    /// sources), the readings' probability of it, what kind of character it is, and whether
    /// the page's own reading has it.
    public static func features(of candidate: Candidate, among candidates: [Candidate], in network: CharacterNetwork<String>,
                                column: Int, readings: [LineReading]) -> FeatureVector {
        let count = Double(readings.count)
        let symbols = network.columns[column].enumerated().map { reading, index in index.map { readings[reading].symbols[$0] } }
        var probability = 0.0
        for symbol in symbols {
            guard let text = candidate.text else {
                probability += symbol == nil ? 1 : 0
                continue
            }
            probability += symbol?.probability(of: text) ?? 0
        }
        let supporting = candidate.supporters.compactMap { symbols[$0] }
        let confidences = supporting.map { $0.confidence / 100 }
        let character = candidate.text?.unicodeScalars.first
        var vector = FeatureVector([
            "column.readings": count,
            "column.candidates": Double(candidates.count),
            "column.gapShare": Double(symbols.filter { $0 == nil }.count) / count,
            "candidate.support": Double(candidate.supporters.count),
            "candidate.supportShare": Double(candidate.supporters.count) / count,
            "candidate.confidenceSum": confidences.reduce(0, +),
            "candidate.confidenceMax": confidences.max() ?? 0,
            "candidate.probabilitySum": probability,
            "candidate.probabilityShare": probability / count,
            "candidate.onPage": candidate.supporters.contains(0) ? 1 : 0,
            "candidate.pageConfidence": candidate.supporters.contains(0) ? (symbols[0]?.confidence ?? 100) / 100 : 0,
            "candidate.gap": candidate.text == nil ? 1 : 0,
            "candidate.space": candidate.text == " " ? 1 : 0,
            "candidate.digit": character.map { $0.properties.numericType != nil ? 1 : 0 } ?? 0,
            "candidate.letter": character.map { $0.properties.isAlphabetic ? 1 : 0 } ?? 0,
            "candidate.punctuation": character.map { !$0.properties.isAlphabetic && $0.properties.numericType == nil && $0 != " " ? 1 : 0 } ?? 0,
            "candidate.inDictionary": supporting.contains { $0.inDictionary } ? 1 : 0,
            "candidate.lineConfidence": candidate.supporters.map { readings[$0].meanConfidence / 100 }.reduce(0, +)
                / Double(max(1, candidate.supporters.count)),
        ])
        for supporter in candidate.supporters { vector["support.\(readings[supporter].source)"] = 1 }
        return vector
    }
}
