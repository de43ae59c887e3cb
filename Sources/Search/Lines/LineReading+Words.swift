import Decisions
import Recognition

extension LineReading {
    /// A line's words as a chooser weighs them: each word's symbols with their alternatives
    /// where the reading kept them, otherwise its characters at the word's confidence.
    package init(source: String, recognized words: [RecognizedWord]) {
        self.init(source: source, words: words.map { word in
            LineReading.Word(text: word.text, confidence: word.confidence, inDictionary: word.inDictionary,
                             symbols: word.symbols.map { symbols in
                                 symbols.map { symbol in
                                     LineReading.Symbol(text: symbol.text, confidence: symbol.confidence,
                                                        alternatives: symbol.alternatives.map {
                                                            LineReading.Alternative(text: $0.text, confidence: $0.confidence)
                                                        },
                                                        word: nil)
                                 }
                             })
        })
    }
}
