import Foundation
import ImageCodec
import Imaging
import Recognition
import TestSupport
import Testing

/// The formats filterocr writes from its own reading of a page hold the words the `tesseract`
/// command line writes for the same image and settings: the same text, and each word with the
/// same box (in a searchable PDF, where text extraction finds it). Words Tesseract reads as
/// white space alone (rules it took for a word) carry no text, and filterocr leaves them out.
@Suite("Documents written from filterocr's reading")
struct TesseractDocumentTests {
    static let pages = ["app_screenshot.png", "book_page.png", "exam_page.tif", "form.png", "newsletter.png",
                        "phone_photo_noisy.jpg", "price_tag.bmp", "receipt.png", "skewed_page.jpg", "street_sign.jpg", "sticker_alpha.png"]
        .map { Paths.images + "/" + $0 } + [Paths.corpus + "/phototest.tif"] + regressionPages

    /// The development set's regression pages (`devcorpus/regression`): degraded and clean
    /// pages of every kind the set has, read plainly.
    static let regressionPages: [String] = {
        let folder = Paths.packageRoot + "/devcorpus/regression"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasSuffix(".txt") && !$0.hasSuffix(".tsv") }.sorted().map { folder + "/" + $0 }
    }()

    @Test("Text, TSV, hOCR, ALTO and the searchable PDF hold the tesseract command line's words and boxes", arguments: pages)
    func sameWordsAsCommandLine(image: String) async throws {
        #expect(Self.regressionPages.count == 15, "the regression pages are there")
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cli = try await Command.run("/usr/bin/tesseract", [image, folder + "/cli", "txt", "tsv", "hocr", "alto", "pdf"],
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
                let (mine, cli) = (WrittenWords.markup(ours, alto: format == .alto), WrittenWords.markup(theirs, alto: format == .alto))
                #expect(mine != nil, "filterocr's \(format) of \(image) is not well-formed")
                #expect(mine == cli, "the \(format) words of \(image) differ")
            }
            #expect(!WrittenWords.tsv(try String(contentsOfFile: folder + "/cli.tsv", encoding: .utf8)).isEmpty
                    || Self.regressionPages.contains(image), "words on \(image)")
        }

        // The searchable PDF: each word where text extraction finds it in Tesseract's, within a point.
        let pdf = try TesseractDocument(format: .pdf, outputBase: folder + "/ours")
        try pdf.begin(title: image)
        try pdf.add(page: recognized, inputName: image, showing: PageImage(image: decoded.image, file: image))
        try pdf.end()
        pdf.close()
        let (mine, theirs) = (try await WrittenWords.pdf(pdf.path), try await WrittenWords.pdf(folder + "/cli.pdf"))
        #expect(mine.map(\.text) == theirs.map(\.text), "the PDF words of \(image) differ")
        let off = zip(mine, theirs).filter { pair in zip(pair.0.box, pair.1.box).contains { abs($0 - $1) > 1 } }
        #expect(off.isEmpty, "words of \(image) more than a point from Tesseract's: \(off.prefix(3))")
        #expect(!theirs.isEmpty || Self.regressionPages.contains(image), "words on \(image)")
        let check = try await Command.run("/usr/bin/qpdf", ["--check", pdf.path])
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test("Read in three languages, each hOCR word carries the language it was read in where Tesseract's does")
    func wordLanguagesAsCommandLine() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let image = Paths.corpus + "/eurotext.tif"
        let cli = try await Command.run("/usr/bin/tesseract", [image, folder + "/cli", "-l", "eng+deu+fra", "hocr"],
                                        environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(cli.status == 0, "\(cli.standardError)")
        let decoded = try ImageFile.load(image)
        let recognized = try TesseractEngine(language: "eng+deu+fra").recognize(decoded.image, resolution: decoded.resolution)
        let document = try TesseractDocument(format: .hocr, outputBase: folder + "/ours")
        try document.begin(title: image)
        try document.add(page: recognized, inputName: image)
        try document.end()
        document.close()
        let mine = WrittenWords.markup(try String(contentsOfFile: document.path, encoding: .utf8), alto: false)
        let theirs = WrittenWords.markup(try String(contentsOfFile: folder + "/cli.hocr", encoding: .utf8), alto: false)
        #expect(mine == theirs, "the hOCR words of \(image), with their languages, differ")
        #expect((theirs ?? []).contains { $0.language == "deu" }, "the page has words read in German")
    }

    @Test("Asked for, each word keeps its characters and the LSTM's alternatives for each; the reading is the same")
    func symbolChoices() throws {
        let decoded = try ImageFile.load(Paths.corpus + "/phototest.tif")
        let engine = try TesseractEngine()
        let plain = try engine.recognize(decoded.image, resolution: decoded.resolution)
        let chosen = try engine.recognize(decoded.image, resolution: decoded.resolution, engine: EngineSettings(),
                                          monitor: nil, symbolChoices: true)
        #expect(chosen.text == plain.text)
        #expect(plain.words.allSatisfy { $0.symbols == nil })
        #expect(chosen.words.map(\.text) == plain.words.map(\.text))
        for word in chosen.words {
            let symbols = try #require(word.symbols, "\(word.text)")
            #expect(symbols.map(\.text).joined() == word.text)
            for symbol in symbols {
                #expect((0...100).contains(symbol.confidence), "\(symbol)")
                #expect(symbol.alternatives.allSatisfy { (0...100).contains($0.confidence) }, "\(symbol)")
            }
        }
        // Some character had more than one candidate, and the best of them is what was read.
        let weighed = chosen.words.flatMap { $0.symbols ?? [] }.filter { $0.alternatives.count > 1 }
        #expect(!weighed.isEmpty)
        #expect(weighed.allSatisfy { symbol in symbol.alternatives.max { $0.confidence < $1.confidence }?.text == symbol.text },
                "\(weighed.prefix(3))")
        // The engine reads as before once it is done.
        #expect(try engine.recognize(decoded.image, resolution: decoded.resolution) == plain)
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
