import Formats
import Foundation

/// The text lines of one page as a text format's renderer wrote them, and how a line's words
/// are written in that format: what `LineRevision` edits a page's fragment with.
///
/// The formats, as Tesseract 5 writes them:
/// - txt: one row per line, its words separated by spaces;
/// - hOCR: a line's `ocrx_word` spans, one per row, inside its `ocr_line` (or `ocr_caption`,
///   `ocr_header`, `ocr_textfloat`) span;
/// - ALTO: a `TextLine`'s `String` elements, with an `SP` between two words;
/// - TSV: a line's level-5 rows, after its level-4 row.
struct FragmentLines {
    let format: DocumentFormat

    /// One line of the fragment.
    struct Line {
        /// From the line's first word to the end of its last (in TSV, its word rows).
        var range: Range<String.Index>
        /// Its words' text, unescaped.
        var words: [String]
        /// The identifiers its words had (hOCR, ALTO), for the words written in their place.
        var identifiers: [String] = []
        /// What comes before each word's row (hOCR, ALTO: the indentation; TSV: the columns
        /// that say whose line it is).
        var indentation = ""
    }

    func lines(in text: String) -> [Line] {
        switch format {
        case .txt: textLines(text)
        case .hocr: markedLines(text, line: Self.hocrLine, word: Self.hocrWord)
        case .alto: markedLines(text, line: Self.altoLine, word: Self.altoWord)
        case .tsv: tsvLines(text)
        case .pdf: []
        }
    }

    /// `words` written as the words of `line`, to stand in `line.range`.
    func write(_ words: [RecognizedWord], replacing line: Line) -> String {
        switch format {
        case .txt:
            return words.map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.joined(separator: " ")
        case .hocr:
            return words.enumerated().map { index, word in
                let box = word.box
                return "<span class='ocrx_word' id='\(identifier(index, of: line))' "
                    + "title='bbox \(box.x) \(box.y) \(box.x + box.width) \(box.y + box.height); x_wconf \(Int(word.confidence.rounded()))'>"
                    + MarkupText.escaped(word.text) + "</span>"
            }.joined(separator: "\n" + line.indentation)
        case .alto:
            return words.enumerated().map { index, word in
                let box = word.box
                var element = "<String ID=\"\(identifier(index, of: line))\" HPOS=\"\(box.x)\" VPOS=\"\(box.y)\" "
                    + "WIDTH=\"\(box.width)\" HEIGHT=\"\(box.height)\" WC=\"\(String(format: "%.2f", word.confidence / 100))\" "
                    + "CONTENT=\"\(MarkupText.escaped(word.text))\"/>"
                if index + 1 < words.count {
                    let gap = max(0, words[index + 1].box.x - (box.x + box.width))
                    element += "<SP WIDTH=\"\(gap)\" VPOS=\"\(box.y)\" HPOS=\"\(box.x + box.width)\"/>"
                }
                return element
            }.joined(separator: "\n" + line.indentation)
        case .tsv:
            return words.enumerated().map { index, word in
                let box = word.box
                return "5\t" + line.indentation + "\t\(index + 1)\t\(box.x)\t\(box.y)\t\(box.width)\t\(box.height)\t"
                    + String(format: "%.6f", word.confidence) + "\t" + word.text
            }.joined(separator: "\n")
        case .pdf:
            return ""
        }
    }

    /// The identifier of the word at `index`: the one the line's word there had, and for words
    /// beyond those the line had, its last one's with a count after it (`word_1_17_2`).
    private func identifier(_ index: Int, of line: Line) -> String {
        if index < line.identifiers.count { return line.identifiers[index] }
        return (line.identifiers.last ?? "") + "_\(index - line.identifiers.count + 2)"
    }

    // MARK: Finding the lines

    private func textLines(_ text: String) -> [Line] {
        var lines: [Line] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let row = text[start..<end]
            if let first = row.firstIndex(where: { !$0.isWhitespace }), let last = row.lastIndex(where: { !$0.isWhitespace }) {
                lines.append(Line(range: first..<text.index(after: last), words: row.split(whereSeparator: \.isWhitespace).map(String.init)))
            }
            start = end < text.endIndex ? text.index(after: end) : end
        }
        return lines
    }

    /// A line element's opening tag, and a word element (its identifier and text in groups 1
    /// and 2), in hOCR and in ALTO.
    private static let hocrLine = try! NSRegularExpression(pattern: #"<span class='ocr_(?:line|caption|header|textfloat)'[^>]*>"#)
    private static let hocrWord = try! NSRegularExpression(pattern: #"<span class='ocrx_word' id='([^']*)'[^>]*>(.*?)</span>"#)
    private static let altoLine = try! NSRegularExpression(pattern: #"<TextLine\b[^>]*>"#)
    private static let altoWord = try! NSRegularExpression(
        pattern: #"<String ID="([^"]*)"[^>]*CONTENT="([^"]*)"[^>]*/>(?:<SP\b[^>]*/>)?"#)

    /// The lines of a markup format: after each line's opening tag, the word elements that
    /// follow it with nothing but white space between them.
    private func markedLines(_ text: String, line: NSRegularExpression, word: NSRegularExpression) -> [Line] {
        let whole = NSRange(text.startIndex..., in: text)
        var lines: [Line] = []
        for opening in line.matches(in: text, range: whole) {
            guard var position = Range(opening.range, in: text)?.upperBound else { continue }
            var found: Line?
            while true {
                let rest = text[position...]
                guard let start = rest.firstIndex(where: { !$0.isWhitespace }),
                      let match = word.firstMatch(in: text, options: .anchored, range: NSRange(start..<text.endIndex, in: text)),
                      let range = Range(match.range, in: text), let identifier = Range(match.range(at: 1), in: text),
                      let content = Range(match.range(at: 2), in: text) else { break }
                let lineStart = text[..<start].lastIndex(of: "\n").map { text.index(after: $0) } ?? start
                var line = found ?? Line(range: start..<start, words: [], indentation: String(text[lineStart..<start]))
                line.range = line.range.lowerBound..<range.upperBound
                line.words.append(Self.unescaped(String(text[content])))
                line.identifiers.append(String(text[identifier]))
                found = line
                position = range.upperBound
            }
            if let found { lines.append(found) }
        }
        return lines
    }

    private func tsvLines(_ text: String) -> [Line] {
        var lines: [Line] = []
        var current: Line?
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let columns = text[start..<end].split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count >= 12, columns[0] == "5" {
                var line = current ?? Line(range: start..<end, words: [], indentation: columns[1...4].joined(separator: "\t"))
                line.range = line.range.lowerBound..<end
                line.words.append(String(columns[11...].joined(separator: "\t")))
                current = line
            } else if let finished = current {
                lines.append(finished)
                current = nil
            }
            start = end < text.endIndex ? text.index(after: end) : end
        }
        if let current { lines.append(current) }
        return lines
    }

    // MARK: Markup text (written with `MarkupText.escaped`, which escapes as Tesseract does)

    private static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
