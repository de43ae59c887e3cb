import Recognition

/// A reading cut into its text lines: the lines of its layout, as Tesseract found them, or, for a
/// reading kept without one, the rows of its text (Tesseract writes one line of text per line it
/// found, its words in the order its iterator gives them). The lines are what the repair judges,
/// reads again and puts back (`replacing`), each in its own place, so a page keeps its reading
/// order, its paragraphs and its layout, in its text and in every document written from it.
package struct TextLines: Equatable {
    /// One line of the reading, with its words' boxes in the page's pixels.
    package struct Line: Equatable {
        package var words: [RecognizedWord]
        /// Which row of the reading's text it is (for a reading without a layout), or which of its
        /// layout's lines.
        package var row: Int

        package init(words: [RecognizedWord], row: Int) {
            (self.words, self.row) = (words, row)
        }

        package var text: String { words.lineText }

        /// The box around its words.
        package var box: BoundingBox {
            let left = words.map(\.box.x).min() ?? 0
            let top = words.map(\.box.y).min() ?? 0
            let right = words.map { $0.box.x + $0.box.width }.max() ?? left
            let bottom = words.map { $0.box.y + $0.box.height }.max() ?? top
            return BoundingBox(x: left, y: top, width: right - left, height: bottom - top)
        }

        /// Its characters, without the spaces between words.
        package var characterCount: Int { words.reduce(0) { $0 + $1.text.count } }
    }

    package var lines: [Line]
    private var reading: RecognizedText

    /// The lines of `reading`, or nil when its text and its words do not tell the same lines
    /// (a word with a space in it): such a reading is kept as it is.
    package init?(_ reading: RecognizedText) {
        if let layout = reading.layout {
            lines = layout.lines.enumerated().compactMap { index, line in
                line.words.isEmpty || line.words.upperBound > reading.words.count
                    ? nil : Line(words: Array(reading.words[line.words]), row: index)
            }
            guard lines.reduce(0, { $0 + $1.words.count }) == reading.words.count else { return nil }
            self.reading = reading
            return
        }
        var words = reading.words[...]
        var lines: [Line] = []
        for (index, row) in reading.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // A row's words are those whose letters spell it: a word may carry a space of its
            // own (Tesseract gives some with a leading one), so counting tokens is not enough.
            let letters = row.filter { !$0.isWhitespace }
            guard !letters.isEmpty else { continue }
            var spelt = ""
            var line: [RecognizedWord] = []
            while spelt.count < letters.count, let word = words.popFirst() {
                spelt += word.text.filter { !$0.isWhitespace }
                line.append(word)
            }
            guard spelt == letters else { return nil }
            lines.append(Line(words: line, row: index))
        }
        guard words.isEmpty else { return nil }
        (self.lines, self.reading) = (lines, reading)
    }

    /// The reading with `replacements` (by index into `lines`) put in their lines' places:
    /// each replaced row of the text is the new line's words, every other row is kept byte for
    /// byte, and the mean confidence is over the words it now has.
    package func replacing(_ replacements: [Int: [RecognizedWord]]) -> RecognizedText {
        guard !replacements.isEmpty else { return reading }
        if reading.layout != nil {
            var revised = reading.replacingWords(ofLines: Dictionary(uniqueKeysWithValues: replacements.map { (lines[$0.key].row, $0.value) }))
            revised.text = PageWriting(format: .txt).page(revised, number: 0, inputName: nil)
            revised.meanConfidence = Int(revised.words.meanConfidence.rounded())
            return revised
        }
        var rows = reading.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var kept = lines
        for (index, words) in replacements {
            rows[lines[index].row] = words.map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                .joined(separator: " ")
            kept[index].words = words
        }
        let words = kept.flatMap(\.words)
        return RecognizedText(text: rows.joined(separator: "\n"), meanConfidence: Int(words.meanConfidence.rounded()), words: words,
                              readScale: reading.readScale)
    }
}
