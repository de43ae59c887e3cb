/// One reading of a line, symbol by symbol, with what the recogniser said of each: the input of
/// `ColumnChooser`. Words are separated by one space symbol, which belongs to no word.
public struct LineReading: Sendable, Equatable {
    /// What made it: `page` for the page's own reading, otherwise the rendering read (`median`,
    /// `background`, …). Models weigh a source's support by this name.
    public var source: String
    public var symbols: [Symbol]
    /// The mean of its words' confidences, 0-100.
    public var meanConfidence: Double

    public struct Symbol: Sendable, Equatable {
        public var text: String
        /// 0-100.
        public var confidence: Double
        /// What else the recogniser took it for, its own reading among them, each 0-100; empty
        /// when the reading was not asked for them.
        public var alternatives: [Alternative]
        /// The index of its word in the reading's words; nil for the space between two words.
        public var word: Int?
        /// Whether the language's dictionary knows its word.
        public var inDictionary: Bool

        public init(text: String, confidence: Double, alternatives: [Alternative] = [], word: Int?, inDictionary: Bool = false) {
            (self.text, self.confidence, self.alternatives, self.word, self.inDictionary) =
                (text, confidence, alternatives, word, inDictionary)
        }

        /// How likely the recogniser found `candidate` here, its alternatives' confidences made
        /// to sum to 1; a symbol read without alternatives is sure of itself.
        public func probability(of candidate: String) -> Double {
            guard !alternatives.isEmpty else { return candidate == text ? 1 : 0 }
            let total = alternatives.reduce(0) { $0 + max(0, $1.confidence) }
            guard total > 0 else { return candidate == text ? 1 : 0 }
            return alternatives.reduce(0) { $0 + ($1.text == candidate ? max(0, $1.confidence) : 0) } / total
        }
    }

    public struct Alternative: Sendable, Equatable {
        public var text: String
        public var confidence: Double

        public init(text: String, confidence: Double) {
            (self.text, self.confidence) = (text, confidence)
        }
    }

    public struct Word: Sendable, Equatable {
        public var text: String
        public var confidence: Double
        public var inDictionary: Bool
        /// The word's symbols with their alternatives; nil when it was read without them, its
        /// characters then each taking the word's confidence.
        public var symbols: [Symbol]?

        public init(text: String, confidence: Double, inDictionary: Bool = false, symbols: [Symbol]? = nil) {
            (self.text, self.confidence, self.inDictionary, self.symbols) = (text, confidence, inDictionary, symbols)
        }
    }

    public init(source: String, symbols: [Symbol], meanConfidence: Double) {
        (self.source, self.symbols, self.meanConfidence) = (source, symbols, meanConfidence)
    }

    /// The reading of `words`, in order, one space between each two.
    public init(source: String, words: [Word]) {
        var symbols: [Symbol] = []
        for (index, word) in words.enumerated() {
            if index > 0 { symbols.append(Symbol(text: " ", confidence: 100, word: nil)) }
            let own = word.symbols.map { $0.map { symbol in
                var symbol = symbol
                (symbol.word, symbol.inDictionary) = (index, word.inDictionary)
                return symbol
            } } ?? word.text.map { Symbol(text: String($0), confidence: word.confidence, word: index, inDictionary: word.inDictionary) }
            symbols.append(contentsOf: own)
        }
        let mean = words.isEmpty ? 0 : words.reduce(0) { $0 + $1.confidence } / Double(words.count)
        self.init(source: source, symbols: symbols, meanConfidence: mean)
    }

    /// The symbols' texts, in order: what is aligned.
    public var texts: [String] { symbols.map(\.text) }
}
