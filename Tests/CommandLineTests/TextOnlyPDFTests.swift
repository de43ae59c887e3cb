import Foundation
import TestSupport
import Testing

/// `--format pdf --text-only`: Tesseract's PDF of the invisible text alone, to lay over pages
/// kept elsewhere (OCRmyPDF's plugin hands it to OCRmyPDF as its engine's text layer).
@Suite("Text-only PDFs")
struct TextOnlyPDFTests {
    let folder: String
    let page = Paths.corpus + "/phototest.tif"

    init() throws {
        folder = try Paths.temporaryDirectory()
    }

    private func tool(_ executable: String, _ arguments: [String]) async throws -> String {
        let result = try await Command.run(executable, arguments)
        #expect(result.status == 0, "\(executable) \(arguments): \(result.standardError)")
        return result.standardOutput
    }

    private func pageSizes(_ path: String) async throws -> [Substring] {
        try await tool("/usr/bin/pdfinfo", ["-f", "1", "-l", "99", path]).split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains("size:") }
    }

    @Test("An image's page holds no image, and the text and page size of Tesseract's own text-only PDF")
    func imagePage() async throws {
        let output = folder + "/layer.pdf"
        let result = try await Command.filterocr(["ocr", "--no-feed", "--format", "pdf", "--text-only", "-o", output, page])
        #expect(result.status == 0, "\(result.standardError)")
        let base = folder + "/tesseract"
        try await TestDocuments.tool("/usr/bin/tesseract", [page, base, "-c", "textonly_pdf=1", "pdf"],
                               environment: ["OMP_THREAD_LIMIT": "1"])
        // `pdfimages -list` prints its two header lines and no image.
        #expect(try await tool("/usr/bin/pdfimages", ["-list", output]).split(separator: "\n").count == 2)
        let text = try await tool("/usr/bin/pdftotext", [output, "-"])
        #expect(text.contains("12 point text"), "\(text)")
        #expect(await text == (try tool("/usr/bin/pdftotext", [base + ".pdf", "-"])))
        #expect(try await pageSizes(output) == pageSizes(base + ".pdf"))
        _ = try await tool("/usr/bin/qpdf", ["--check", output])
    }

    @Test("With --auto, the layer holds the repaired lines' words, still with no image, at the size of the page read")
    func repairedLines() async throws {
        let skewed = Paths.images + "/skewed_page.jpg"
        let (repaired, read) = (folder + "/repaired.pdf", folder + "/read.pdf")
        for (output, budget) in [(repaired, "1"), (read, "0")] {
            let result = try await Command.filterocr(["ocr", "--no-feed", "--no-store", "--auto", "--auto-line-budget", budget,
                                                "--format", "pdf", "--text-only", "-o", output, skewed])
            #expect(result.status == 0, "\(result.standardError)")
        }
        let json = try await Command.filterocr(["ocr", "--no-feed", "--no-store", "--auto", "--json", skewed])
        let text = try #require((try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])?["text"] as? String)
        let letters = { (text: String) in text.filter { !$0.isWhitespace }.sorted() }
        let layer = try await tool("/usr/bin/pdftotext", [repaired, "-"])
        #expect(letters(layer) == letters(text))
        #expect(await letters(layer) != letters(try tool("/usr/bin/pdftotext", [read, "-"])), "the repair changed a line")
        #expect(try await tool("/usr/bin/pdfimages", ["-list", repaired]).split(separator: "\n").count == 2)
        #expect(try await pageSizes(repaired) == pageSizes(read))
        _ = try await tool("/usr/bin/qpdf", ["--check", repaired])
    }

    @Test("A PDF's pages are read from their rendering: a text page for each, with no image")
    func pdfPages() async throws {
        let pdf = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [page, Paths.corpus + "/eurotext.tif"], at: pdf)
        let output = folder + "/layers.pdf"
        let result = try await Command.filterocr(["batch", "--no-feed", "-j", "2", "--format", "pdf", "--text-only", "-o", output, pdf])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try await tool("/usr/bin/pdfimages", ["-list", output]).split(separator: "\n").count == 2)
        #expect(try await tool("/usr/bin/pdfinfo", [output]).contains("Pages:           2"))
        #expect(try await tool("/usr/bin/pdftotext", ["-f", "2", "-l", "2", output, "-"]).contains("Fuchs"))
    }

    @Test("--text-only with another format is refused, saying what it is for")
    func otherFormatRefused() async throws {
        let result = try await Command.filterocr(["ocr", "--no-feed", "--format", "hocr", "--text-only", page])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--text-only is for --format pdf"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
