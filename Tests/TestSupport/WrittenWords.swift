import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The words a written document holds, each with its box as left, top, right and bottom: what
/// filterocr's documents must share with the `tesseract` command line's, whose bytes differ
/// (filterocr writes ALTO 4, two-decimal TSV confidences, and leaves out words of white space).
public enum WrittenWords {
    public struct Word: Equatable, CustomStringConvertible, Sendable {
        public var text: String
        public var box: [Int]
        /// An hOCR word's own `lang`, written where it is not its paragraph's.
        public var language: String? = nil
        /// The word's confidence as a whole number: TSV's `conf` and hOCR's `x_wconf` cut off,
        /// ALTO's `WC` × 100.
        public var confidence: Int? = nil
        public var description: String {
            "\(text)@\(box)" + (language.map { "[\($0)]" } ?? "") + (confidence.map { "~\($0)" } ?? "")
        }
    }

    /// The words of a document in Tesseract's `format` (`tsv`, `hocr`, `alto`) that have text; nil
    /// for markup that is not well-formed XML.
    public static func of(_ text: String, format: String) -> [Word]? {
        format == "tsv" ? tsv(text) : markup(text, alto: format == "alto")
    }

    /// A TSV's word rows (level 5) that have text.
    public static func tsv(_ text: String) -> [Word] {
        text.split(separator: "\n").dropFirst().compactMap { row in
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 12, columns[0] == "5", !columns[11].allSatisfy(\.isWhitespace) else { return nil }
            let box = columns[6...9].compactMap { Int($0) }
            guard box.count == 4 else { return nil }
            return Word(text: String(columns[11]), box: [box[0], box[1], box[0] + box[2], box[1] + box[3]],
                        confidence: Double(columns[10]).map { Int($0) })
        }
    }

    /// An hOCR's `ocrx_word` spans or an ALTO's `String` elements that have text; nil when the
    /// document is not well-formed XML.
    public static func markup(_ text: String, alto: Bool) -> [Word]? {
        let reader = WordReader(alto: alto)
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        guard parser.parse() else { return nil }
        return reader.words.filter { !$0.text.allSatisfy(\.isWhitespace) }
    }

    private final class WordReader: NSObject, XMLParserDelegate {
        let alto: Bool
        var words: [Word] = []
        private var inWord = false

        init(alto: Bool) { self.alto = alto }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if alto, name == "String", let content = attributes["CONTENT"] {
                let numbers = ["HPOS", "VPOS", "WIDTH", "HEIGHT"].compactMap { attributes[$0].flatMap { Int($0) } }
                guard numbers.count == 4 else { return }
                words.append(Word(text: content, box: [numbers[0], numbers[1], numbers[0] + numbers[2], numbers[1] + numbers[3]],
                                  confidence: attributes["WC"].flatMap(Self.percent)))
            } else if !alto, name == "span", attributes["class"] == "ocrx_word", let title = attributes["title"] {
                let properties = title.split(separator: ";").map { $0.split(separator: " ") }
                let box = properties[0].dropFirst().compactMap { Int($0) }
                let confidence = properties.first { $0.first == "x_wconf" }.flatMap { $0.dropFirst().first.flatMap { Int($0) } }
                words.append(Word(text: "", box: box, language: attributes["lang"], confidence: confidence))
                inWord = true
            }
        }

        /// ALTO's `WC` as a whole percent: Tesseract writes "0." and the percent ("0.5" for 5),
        /// filterocr the fraction ("0.05").
        static func percent(_ value: String) -> Int? {
            if value.hasPrefix("0."), let digits = Int(value.dropFirst(2)), value.count != 4 || digits >= 10 { return digits }
            return Double(value).map { Int(($0 * 100).rounded()) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inWord { words[words.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "span" { inWord = false }
        }
    }

    /// A searchable PDF's words as `pdftotext -bbox` extracts them, each with its box in points
    /// (left, top, right, bottom, on the page as displayed).
    public static func pdf(_ path: String) async throws -> [(text: String, box: [Double])] {
        let xhtml = try await Command.run("/usr/bin/pdftotext", ["-bbox", path, "-"]).standardOutput
        let pattern = try NSRegularExpression(pattern: #"<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#)
        return pattern.matches(in: xhtml, range: NSRange(xhtml.startIndex..., in: xhtml)).map { match in
            let field = { (index: Int) in String(xhtml[Range(match.range(at: index), in: xhtml)!]) }
            return (field(5), (1...4).map { Double(field($0)) ?? -1 })
        }
    }
}
