import Imaging
import Recognition

/// Whether a line of a reading is sure, from what Tesseract says of it: a pure rule, so that
/// the same reading always sends the same lines to be read again.
///
/// Tesseract's word confidences are the best evidence a single reading has: on the
/// development set's tune split, lines whose every word is read at 70 or more and whose mean
/// is 88 or more were nearly all right, and re-reading them changed nothing but the cost.
/// Characters that are rarely right in print (a stray `|`, curly quotes inside a line, `©`)
/// are what noise reads as, so a line with one is unsure whatever its confidences.
package enum LineJudgement {
    /// The lowest mean confidence of a sure line.
    static let sureMean = 88.0
    /// The lowest confidence of any word of a sure line.
    static let sureLowest = 70.0
    /// Characters noise and specks read as far more often than print has them.
    static let rarelyRight: Set<Character> = ["|", "¦", "‘", "“", "”", "©", "®", "¢", "«", "»", "~", "{", "}", "¥", "§", "¬"]

    /// Below this many words, a page is searched whole: too little was read to judge by line.
    static let fewestWords = 20
    /// A page whose unsure lines hold this share of its characters is searched whole: on the
    /// development set's tune split, such pages (a fax, heavy noise, a copier's stains) read
    /// far better under a rendering of the whole page, and their crops cost as much as the page.
    static let mostlyUnsure = 0.6
    /// A page where this share of the ink, and at least this many word-high cells of it, lies
    /// where no word was read (`UncoveredInk`) is searched whole: the reading missed text that
    /// no line's crop brings back. On the tune split a share of 0.3 also took in pages whose
    /// shadows or photographed ground read as ink, searched for nothing; at 0.5 the pages it
    /// adds are those a search mends (a chart slide whose labels the reading missed).
    static let mostlyUncovered = 0.5
    static let leastUncoveredCells = 40

    /// Whether the filter chains are searched on the page as a whole (`AutoSearch.Unit.line`):
    /// it read too little to judge line by line, most of it is unsure, or its print is faded
    /// (Tesseract's global threshold then drops whole lines, which no line's crop can bring back).
    package static func pageNeedsSearch(_ reading: RecognizedText, image: RGBImage, ink: UncoveredInk) -> Bool {
        guard reading.words.count >= fewestWords, let lines = TextLines(reading) else { return true }
        let characters = lines.lines.reduce(0) { $0 + $1.characterCount }
        let unsure = lines.lines.filter { doubt(about: $0) != nil }.reduce(0) { $0 + $1.characterCount }
        return Double(unsure) >= mostlyUnsure * Double(max(1, characters)) || AutoCandidates.looksFaded(image)
            || (ink.uncoveredCells >= leastUncoveredCells && ink.share >= mostlyUncovered)
    }

    /// Why a line is unsure, as `--explain` says it; nil for a sure line.
    package static func doubt(about line: TextLines.Line) -> String? {
        guard let lowest = line.words.map(\.confidence).min() else { return nil }
        let mean = line.words.meanConfidence
        if mean < sureMean { return "mean confidence \(Int(mean.rounded()))" }
        if lowest < sureLowest { return "a word at confidence \(Int(lowest.rounded()))" }
        if let character = line.words.lazy.flatMap(\.text).first(where: rarelyRight.contains) {
            return "reads \(character)"
        }
        return nil
    }
}
