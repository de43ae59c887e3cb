import Foundation
import ImageCodec
import Imaging
import Recognition
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The text formats filterocr writes from its own reading of a page hold the words the
/// `tesseract` command line writes for the same image and settings: the same text, and each
/// word with the same box. Words Tesseract reads as white space alone (rules it took for a
/// word) carry no text, and filterocr leaves them out.
@Suite("Text formats written from filterocr's reading")
struct TesseractDocumentTests {
    static let pages = ["app_screenshot.png", "book_page.png", "exam_page.tif", "form.png", "newsletter.png",
                        "phone_photo_noisy.jpg", "price_tag.bmp", "receipt.png", "skewed_page.jpg", "street_sign.jpg", "sticker_alpha.png"]
        .map { Paths.images + "/" + $0 } + [Paths.corpus + "/phototest.tif"]

    @Test("Text, TSV, hOCR and ALTO hold the tesseract command line's words and boxes", arguments: pages)
    func sameWordsAsCommandLine(image: String) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cli = try await Command.run("/usr/bin/tesseract", [image, folder + "/cli", "txt", "tsv", "hocr", "alto"],
                                        environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(cli.status == 0, "\(cli.standardError)")

        let decoded = try ImageFile.load(image)
        let recognized = try TesseractEngine().recognize(decoded.image, resolution: decoded.resolution)
        for format in [TesseractDocument.Format.txt, .tsv, .hocr, .alto] {
            let document = try TesseractDocument(format: format, outputBase: folder + "/ours")
            try document.begin(title: image)
            try document.add(page: recognized, inputName: image)
            try document.end()
            document.close()
            let ours = try String(contentsOfFile: document.path, encoding: .utf8)
            let theirs = try String(contentsOfFile: folder + "/cli." + format.fileExtension, encoding: .utf8)
            switch format {
            case .txt: #expect(ours == theirs, "the text of \(image) differs")
            case .tsv: #expect(WrittenWords.tsv(ours) == WrittenWords.tsv(theirs), "the TSV words of \(image) differ")
            default:
                let (mine, cli) = (WrittenWords.markup(ours, format: format), WrittenWords.markup(theirs, format: format))
                #expect(mine != nil, "filterocr's \(format) of \(image) is not well-formed")
                #expect(mine == cli, "the \(format) words of \(image) differ")
            }
            #expect(!WrittenWords.tsv(try String(contentsOfFile: folder + "/cli.tsv", encoding: .utf8)).isEmpty)
        }
    }

    @Test("ALTO is valid against ALTO 4.2's schema, over several pages")
    func altoValidates() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let engine = try TesseractEngine()
        let document = try TesseractDocument(format: .alto, outputBase: folder + "/pages")
        try document.begin(title: "two <pages> & more")
        for image in [Paths.images + "/form.png", Paths.images + "/receipt.png"] {
            let decoded = try ImageFile.load(image)
            try document.add(page: try engine.recognize(decoded.image, resolution: decoded.resolution), inputName: image)
        }
        try document.end()
        document.close()
        let check = try await Command.run("/usr/bin/xmllint", ["--nonet", "--noout", "--schema",
                                                               Paths.packageRoot + "/Tests/Schemas/alto-4-2.xsd", document.path])
        #expect(check.status == 0, "\(check.standardError)")
    }
}

/// The words a written document holds, each with its box as left, top, right and bottom.
enum WrittenWords {
    struct Word: Equatable, CustomStringConvertible {
        var text: String
        var box: [Int]
        var description: String { "\(text)@\(box)" }
    }

    /// A TSV's word rows (level 5) that have text.
    static func tsv(_ text: String) -> [Word] {
        text.split(separator: "\n").dropFirst().compactMap { row in
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 12, columns[0] == "5", !columns[11].allSatisfy(\.isWhitespace),
                  let box = columns[6...9].map({ Int($0) }) as? [Int] else { return nil }
            return Word(text: String(columns[11]), box: [box[0], box[1], box[0] + box[2], box[1] + box[3]])
        }
    }

    /// An hOCR's `ocrx_word` spans or an ALTO's `String` elements that have text; nil when the
    /// document is not well-formed XML.
    static func markup(_ text: String, format: TesseractDocument.Format) -> [Word]? {
        let reader = WordReader(alto: format == .alto)
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
                words.append(Word(text: content, box: [numbers[0], numbers[1], numbers[0] + numbers[2], numbers[1] + numbers[3]]))
            } else if !alto, name == "span", attributes["class"] == "ocrx_word", let title = attributes["title"] {
                let box = title.split(separator: ";")[0].split(separator: " ").dropFirst().compactMap { Int($0) }
                words.append(Word(text: "", box: box))
                inWord = true
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inWord { words[words.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "span" { inWord = false }
        }
    }
}
