import Foundation
import TestSupport
import Testing

/// Documents that cannot be read, or only with care: each gets one clear line, the other
/// inputs are still read, and nothing else is lost.
@Suite("Bad documents")
struct BadDocumentTests {
    let folder: String
    let pdf: String

    init() async throws {
        folder = try Paths.temporaryDirectory()
        pdf = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif"], at: pdf)
    }

    /// `batch` over the bad document and a good one: the bad one's one line, and the good one read.
    private func batch(_ document: String, _ options: [String] = []) async throws -> (status: Int32, errors: [String], read: Bool) {
        let result = try await Command.filterocr(["batch", "--no-feed"] + options + [document, Paths.corpus + "/eurotext.tif"])
        return (result.status, result.errorLines, result.standardOutput.contains("quick"))
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("An encrypted PDF says how to decrypt it")
    func encrypted() async throws {
        let locked = folder + "/locked.pdf"
        try await TestDocuments.encrypted(pdf, password: "secret", at: locked)
        let run = try await batch(locked)
        #expect(run.status == 1)
        #expect(run.errors == ["filterocr: error: \(locked): the PDF is encrypted; decrypt it first: qpdf --password=PASSWORD --decrypt IN.pdf OUT.pdf"])
        #expect(run.read)
    }

    @Test("A PDF whose cross-reference table is damaged is repaired and read")
    func damagedCrossReferences() async throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pdf)))
        // Every offset of the table points one byte off: readers must rebuild it from the objects.
        let text = String(decoding: bytes, as: UTF8.self)
        let table = try #require(text.range(of: "xref\n"))
        let start = text.utf8.distance(from: text.startIndex, to: table.upperBound)
        for index in start..<min(start + 200, bytes.count) where bytes[index] == UInt8(ascii: "1") {
            bytes[index] = UInt8(ascii: "2")
        }
        let damaged = folder + "/damaged.pdf"
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let result = try await Command.filterocr(["ocr", "--no-feed", damaged])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("12 point text"))
    }

    @Test("A PDF cut short, and one with no pages, are refused in one line")
    func noPages() async throws {
        let empty = try write("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"
                              + "trailer<</Root 1 0 R>>\n%%EOF\n", to: "empty.pdf")
        let run = try await batch(empty)
        #expect(run.status == 1)
        #expect(run.errors == ["filterocr: error: \(empty): the document has no pages"])
        #expect(run.read)

        let garbage = try write("%PDF-1.7\n" + String(repeating: "garbage ", count: 100), to: "garbage.pdf")
        let refused = try await batch(garbage)
        #expect(refused.status == 1)
        #expect(refused.errors.count == 1)
        #expect(refused.errors.first?.hasPrefix("filterocr: error: \(garbage): ") == true, "\(refused.errors)")
        #expect(refused.read)
    }

    @Test("A page larger than --max-pixels at the rendering resolution is refused before it is rendered")
    func pageTooLarge() async throws {
        let run = try await batch(pdf, ["--dpi", "3000", "--max-pixels", "5000000"])
        #expect(run.status == 1)
        #expect(run.errors == ["filterocr: error: \(pdf): page 1 would be 6400 x 4800 pixels, more than the limit of 5000000 "
                               + "(lower --dpi, or raise --max-pixels)"])
    }

    @Test("A 10,000-page PDF is read page by page: its last page alone is quick to reach")
    func tenThousandPages() async throws {
        let big = folder + "/big.pdf"
        try await TestDocuments.repeated(pdf, times: 10_000, at: big)
        let result = try await Command.filterocr(["ocr", "--no-feed", "--json", "--pages", "10000", big])
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any])
        #expect(line["page"] as? Int == 10_000)
        #expect(line["pageCount"] as? Int == 10_000)
        #expect((line["text"] as? String)?.contains("12 point text") == true)
    }

    @Test("JavaScript and form fields are never run: the page is read as drawn")
    func javaScriptAndForms() async throws {
        // The document's open action would write a file if a reader ran it (a reader that runs
        // JavaScript would also show the field's value, which has no appearance drawn).
        let marker = folder + "/ran"
        let document = try write("""
            %PDF-1.4
            1 0 obj<</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[4 0 R]>>/OpenAction<</S/JavaScript/JS(this.exportDataObject({cName: "\(marker)", nLaunch: 2}); app.alert('ran'))>>>>endobj
            2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
            3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 100]/Annots[4 0 R]/Contents 5 0 R/Resources<</Font<</F1<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>>>>>>>endobj
            4 0 obj<</Type/Annot/Subtype/Widget/FT/Tx/T(name)/V(FIELDVALUE)/Rect[0 0 300 30]/P 3 0 R>>endobj
            5 0 obj<</Length 44>>stream
            BT /F1 24 Tf 20 50 Td (Hello reader) Tj ET
            endstream endobj
            trailer<</Root 1 0 R>>
            %%EOF

            """, to: "scripted.pdf")
        // The page shows its text, which is left as it is by default: --force-ocr reads it.
        let result = try await Command.filterocr(["ocr", "--no-feed", "--force-ocr", document])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Hello reader"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
