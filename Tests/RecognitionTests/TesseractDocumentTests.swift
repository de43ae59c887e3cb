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
        .map { Paths.images + "/" + $0 } + [Paths.corpus + "/phototest.tif"]

    @Test("Text, TSV, hOCR, ALTO and the searchable PDF hold the tesseract command line's words and boxes", arguments: pages)
    func sameWordsAsCommandLine(image: String) async throws {
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
            #expect(!WrittenWords.tsv(try String(contentsOfFile: folder + "/cli.tsv", encoding: .utf8)).isEmpty)
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
        #expect(!theirs.isEmpty)
        let check = try await Command.run("/usr/bin/qpdf", ["--check", pdf.path])
        #expect(check.status == 0, "\(check.standardOutput)")
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
