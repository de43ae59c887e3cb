import Foundation
import TestSupport
import Testing

/// A document of a page the filters righted (turned, straightened, flattened, resized) shows
/// the page as righted, and every format's words lie over that page's ink: the PDF's text
/// layer, hOCR, ALTO, TSV and the JSON words alike.
@Suite("Documents of righted pages")
struct RightedPageDocumentTests {
    let folder: String
    let page: GreyPage

    init() async throws {
        folder = try Paths.temporaryDirectory()
        page = try await GreyPage(reading: Paths.corpus + "/phototest.tif")
    }

    /// A word and its box (left, top, right, bottom) in the pixels of the page shown.
    private struct Word {
        var text: String
        var box: (left: Int, top: Int, right: Int, bottom: Int)
    }

    private func run(_ arguments: [String]) async throws -> String {
        let result = try await Command.filterocr(arguments)
        try #require(result.status == 0, "filterocr \(arguments): \(result.standardError)")
        return result.standardOutput
    }

    private func tool(_ executable: String, _ arguments: [String]) async throws -> String {
        let result = try await Command.run(executable, arguments)
        try #require(result.status == 0, "\(executable) \(arguments): \(result.standardError)")
        return result.standardOutput
    }

    private func numbers(_ text: some StringProtocol) -> [Int] { text.split(separator: " ").compactMap { Int($0) } }

    private func matches(_ pattern: String, in text: String) throws -> [[String]] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// The PDF's page image, and its words from `pdftotext -bbox` taken from points to that
    /// image's pixels.
    private func pdfWords(_ pdf: String) async throws -> (shown: GreyPage, words: [Word]) {
        _ = try await tool("/usr/bin/pdfimages", ["-png", "-f", "1", "-l", "1", pdf, folder + "/shown"])
        let shown = try await GreyPage(reading: folder + "/shown-000.png")
        let layout = try await tool("/usr/bin/pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"])
        let size = try #require(try matches(#"<page width="([\d.]+)" height="([\d.]+)""#, in: layout).first)
        let (sx, sy) = (Double(shown.width) / (Double(size[0]) ?? 1), Double(shown.height) / (Double(size[1]) ?? 1))
        let words = try matches(#"<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#, in: layout)
            .map { fields in
                let edges = fields.prefix(4).map { Double($0) ?? 0 }
                return Word(text: unescaped(fields[4]), box: (Int(edges[0] * sx), Int(edges[1] * sy), Int(edges[2] * sx), Int(edges[3] * sy)))
            }
        return (shown, words)
    }

    /// Each format's words for `input` read as `reading` says (`--ops SCRIPT`, `--auto`), keyed
    /// by the format.
    private func documents(of input: String, reading: [String]) async throws -> (shown: GreyPage, words: [String: [Word]]) {
        let base = folder + "/out"
        for format in ["pdf", "hocr", "alto", "tsv"] {
            _ = try await run(["ocr", "--no-store", "--no-feed"] + reading + [input, "--format", format, "-o", base + "." + format])
        }
        let (shown, pdf) = try await pdfWords(base + ".pdf")
        var words = ["pdf": pdf]
        let hocr = try String(contentsOfFile: base + ".hocr", encoding: .utf8)
        let hocrPage = try #require(try matches(#"ocr_page'[^>]*bbox 0 0 (\d+) (\d+)"#, in: hocr).first)
        #expect(numbers(hocrPage.joined(separator: " ")) == [shown.width, shown.height], "hOCR's page is the page shown")
        words["hocr"] = try matches(#"ocrx_word'[^>]*title='bbox (\d+ \d+ \d+ \d+)[^>]*>([^<]*)<"#, in: hocr).map { fields in
            let box = numbers(fields[0])
            return Word(text: unescaped(fields[1]), box: (box[0], box[1], box[2], box[3]))
        }
        let alto = try String(contentsOfFile: base + ".alto", encoding: .utf8)
        words["alto"] = try matches(#"<String [^>]*HPOS="(\d+)" VPOS="(\d+)" WIDTH="(\d+)" HEIGHT="(\d+)"[^>]*CONTENT="([^"]*)""#, in: alto)
            .map { fields in
                let (left, top, width, height) = (Int(fields[0]) ?? 0, Int(fields[1]) ?? 0, Int(fields[2]) ?? 0, Int(fields[3]) ?? 0)
                return Word(text: unescaped(fields[4]), box: (left, top, left + width, top + height))
            }
        let tsv = try String(contentsOfFile: base + ".tsv", encoding: .utf8)
        words["tsv"] = tsvWords(tsv)
        let json = try await run(["ocr", "--no-store", "--no-feed", "--json"] + reading + [input])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        words["json"] = jsonWords(try #require(object["words"] as? [[String: Any]]))
        return (shown, words)
    }

    /// A word's text as markup escapes it, unescaped.
    private func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The words of a TSV document: rows of level 5, their box in columns 7 to 10.
    private func tsvWords(_ tsv: String) -> [Word] {
        var words: [Word] = []
        for line in tsv.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 12, columns[0] == "5" else { continue }
            let box: [Int] = columns[6..<10].compactMap { Int($0) }
            guard box.count == 4 else { continue }
            words.append(Word(text: columns[11], box: (box[0], box[1], box[0] + box[2], box[1] + box[3])))
        }
        return words
    }

    /// The words of `--json`: each box is left, top, width, height.
    private func jsonWords(_ objects: [[String: Any]]) -> [Word] {
        var words: [Word] = []
        for word in objects {
            guard let text = word["text"] as? String, let box = word["box"] as? [Int], box.count == 4 else { continue }
            words.append(Word(text: text, box: (box[0], box[1], box[0] + box[2], box[1] + box[3])))
        }
        return words
    }

    /// Every word of four letters or more, in every format, covers ink on the page shown.
    private func expectWordsOverInk(_ input: String, ops: String) async throws {
        try await expectWordsOverInk(try documents(of: input, reading: ["--ops", ops]), ops: ops)
    }

    private func expectWordsOverInk(_ documents: (shown: GreyPage, words: [String: [Word]]), ops: String) throws {
        let (shown, formats) = documents
        for (format, words) in formats.sorted(by: { $0.key < $1.key }) {
            let long = words.filter { $0.text.filter(\.isLetter).count >= 4 }
            #expect(long.count >= 10, "\(ops), \(format): \(long.map(\.text))")
            let blank = long.filter { word in
                shown.inkShare(left: word.box.left, top: word.box.top, right: word.box.right, bottom: word.box.bottom) < 0.05
            }
            #expect(blank.isEmpty, "\(ops), \(format): boxes over no ink for \(blank.map(\.text)) on a \(shown.width) × \(shown.height) page")
        }
    }

    @Test("A page --auto repaired line by line shows the repaired words in every format, over their ink")
    func repairedLines() async throws {
        let input = Paths.images + "/skewed_page.jpg"
        let repaired = try await documents(of: input, reading: ["--auto"])
        let json = try #require(repaired.words["json"]).map(\.text)
        let read = try await run(["ocr", "--no-store", "--no-feed", "--json", "--auto", "--auto-line-budget", "0", input])
        let readWords = try #require((try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: Any])?["words"] as? [[String: Any]])
        try #require(jsonWords(readWords).map(\.text) != json, "the page has a line the repair changes")
        for format in ["hocr", "alto", "tsv"] {
            #expect(repaired.words[format]?.map(\.text) == json, "\(format)")
        }
        // pdftotext cuts a skewed page's words in places of its own: the same letters, all of them.
        let letters = { (words: [String]) in words.joined().filter { !$0.isWhitespace }.sorted() }
        #expect(letters(try #require(repaired.words["pdf"]).map(\.text)) == letters(json))
        try expectWordsOverInk(repaired, ops: "--auto")
    }

    @Test("A photo of a sheet read through sheet shows the sheet flattened, the words over its ink")
    func flattenedSheet() async throws {
        let photo = folder + "/photo.pgm"
        try page.photographed(corners: [(170, 70), (830, 100), (880, 640), (110, 610)], width: 1000, height: 720).write(to: photo)
        try await expectWordsOverInk(photo, ops: "sheet")
    }

    @Test("A crooked page read through deskew shows the page straightened, the words over its ink")
    func straightenedPage() async throws {
        let crooked = folder + "/crooked.pgm"
        try page.tilted(by: 6).write(to: crooked)
        try await expectWordsOverInk(crooked, ops: "deskew")
    }

    @Test("A crooked page scanned sideways, turned, resized and straightened, is shown so, the words over its ink")
    func turnedResizedAndStraightened() async throws {
        let input = folder + "/sideways.pgm"
        try page.tilted(by: 6).turnedCounterClockwise().write(to: input)
        try await expectWordsOverInk(input, ops: "rotate; then scale; slider 10%; then deskew")
    }
}
