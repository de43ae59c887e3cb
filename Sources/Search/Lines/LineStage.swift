import Decisions
import Recognition

/// How `--auto-by learned` chooses a line from several readings of it: the readings aligned
/// symbol by symbol and each column's symbol chosen (`ColumnChooser`); the line takes the choice
/// only when it is preferred to the chosen page's own reading by at least `threshold`, summed
/// over its columns; the new words are boxed around the words their symbols came from.
package enum LineStage {
    /// The chooser bench/train66.py trained on the development corpus's train split, and the
    /// least summed preference that lets a line change, set on its validation split.
    package static let chooser = ColumnChooser(model: ShippedModels.columnChooser)
    package static let threshold = ShippedModels.columnChooser.thresholds["line"] ?? 1.0

    /// The words `choice` makes of `readings` (each reading's words, the chosen page's first):
    /// the chosen symbols cut at spaces, each word boxed around the words its symbols came from
    /// (every reading is of the same page in the same geometry, so their boxes agree), its
    /// confidence the mean of its symbols' weights; a word read whole by one reading keeps what
    /// the engine said of it.
    package static func words(of choice: ColumnChooser.Choice, from readings: [[RecognizedWord]],
                              lines: [LineReading]) -> [RecognizedWord] {
        var words: [RecognizedWord] = []
        var symbols: [ColumnChooser.Choice.Pick] = []
        func close() {
            defer { symbols = [] }
            let text = symbols.map { lines[$0.reading].symbols[$0.index].text }.joined()
            guard !text.isEmpty else { return }
            let sources = symbols.compactMap { pick in lines[pick.reading].symbols[pick.index].word.map { readings[pick.reading][$0] } }
            guard let first = sources.first else { return }
            let box = sources.dropFirst().reduce(first.box) { $0.union($1.box) }
            let confidence = symbols.reduce(0) { $0 + $1.weight } / Double(symbols.count) * 100
            let whole = sources.allSatisfy { $0 == first } && first.text == text
            words.append(RecognizedWord(text: text, confidence: whole ? first.confidence : confidence, box: box,
                                        inDictionary: whole && first.inDictionary))
        }
        for pick in choice.symbols {
            if lines[pick.reading].symbols[pick.index].word == nil { close() } else { symbols.append(pick) }
        }
        close()
        return words
    }
}
