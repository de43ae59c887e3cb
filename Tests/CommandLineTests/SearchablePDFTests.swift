import Foundation
import TestSupport
import Testing

/// A searchable PDF of a PDF keeps the PDF: its own pages, images unchanged, the recognised
/// text laid over them.
@Suite("Searchable PDFs of PDFs")
struct SearchablePDFTests {
    let folder: String
    let pdf: String
    let pages = [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"]

    init() async throws {
        folder = try Paths.temporaryDirectory()
        pdf = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: pages, at: pdf)
    }

    private func tool(_ executable: String, _ arguments: [String]) async throws -> String {
        let result = try await Command.run(executable, arguments)
        #expect(result.status == 0, "\(executable) \(arguments): \(result.standardError)")
        return result.standardOutput
    }

    /// `pdfimages -list` without the object numbers, which any rewrite may change, nor the
    /// stored sizes, which `--optimize` makes smaller where a lossless re-encoding is (the
    /// pixels are compared in OCRmyPDFWordsTests).
    private func images(_ path: String) async throws -> [[Substring]] {
        try await tool("/usr/bin/pdfimages", ["-list", path]).split(separator: "\n").dropFirst(2).map { line in
            let columns = line.split(separator: " ")
            return Array(columns.prefix(10) + columns.dropFirst(12).prefix(2))
        }
    }

    private func size(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    @Test("The output has the input's images unchanged, the recognised text, and the input's size plus 10% plus the text")
    func keepsThePages() async throws {
        let output = folder + "/searchable.pdf"
        let result = try await Command.filterocr(["batch", "--no-feed", "-j", "2", "--format", "pdf", "-o", output, pdf])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try await images(output) == images(pdf))
        #expect(try await images(pdf).count == 2)
        let text = try await tool("/usr/bin/pdftotext", [output, "-"])
        #expect(text.contains("12 point text") && text.contains("quick"), "\(text)")
        // The text: Tesseract's own text-only PDF of the same pages.
        var textLayers = 0
        for (index, page) in pages.enumerated() {
            let base = folder + "/layer\(index)"
            try await TestDocuments.tool("/usr/bin/tesseract", [page, base, "-c", "textonly_pdf=1", "pdf"],
                                   environment: ["OMP_THREAD_LIMIT": "1"])
            textLayers += try size(base + ".pdf")
        }
        let (input, searchable) = (try size(pdf), try size(output))
        #expect(searchable <= input + input / 10 + textLayers, "\(searchable) bytes from \(input) and \(textLayers) of text")
        _ = try await tool("/usr/bin/qpdf", ["--check", output])
    }

    @Test("A page's earlier OCR layer is replaced, not added to; --skip-text keeps it as it was")
    func earlierLayerReplaced() async throws {
        // phototest's scan under an earlier, wrong OCR layer: eurotext's words, invisible.
        let scan = folder + "/phototest.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif"], at: scan)
        let wrongLayer = folder + "/wrong"
        try await TestDocuments.tool("/usr/bin/tesseract", [Paths.corpus + "/eurotext.tif", wrongLayer, "-c", "textonly_pdf=1", "pdf"],
                               environment: ["OMP_THREAD_LIMIT": "1"])
        let layered = folder + "/layered.pdf"
        try await TestDocuments.tool("/usr/bin/qpdf", [scan, "--overlay", wrongLayer + ".pdf", "--", layered])
        #expect(try await tool("/usr/bin/pdftotext", [layered, "-"]).contains("Fuchs"))

        let output = folder + "/again.pdf"
        let result = try await Command.filterocr(["ocr", "--no-feed", "--format", "pdf", "-o", output, layered])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try await tool("/usr/bin/pdftotext", [output, "-"])
        #expect(text.contains("12 point text"), "\(text)")
        #expect(!text.contains("Fuchs"), "the earlier layer is gone: \(text)")
        #expect(try await images(output) == images(layered))

        let kept = folder + "/kept.pdf"
        let skipped = try await Command.filterocr(["ocr", "--no-feed", "--skip-text", "--format", "pdf", "-o", kept, layered, pdf])
        #expect(skipped.status == 0, "\(skipped.standardError)")
        #expect(try await tool("/usr/bin/pdfinfo", [kept]).contains("Pages:           3"))
        let keptText = try await tool("/usr/bin/pdftotext", ["-f", "1", "-l", "1", kept, "-"])
        #expect(keptText.contains("Fuchs") && !keptText.contains("12 point text"), "the page as it was: \(keptText)")
    }

    @Test("Images and PDF pages make one PDF in input order")
    func imagesAndPDFsTogether() async throws {
        let output = folder + "/both.pdf"
        let result = try await Command.filterocr(["batch", "--no-feed", "--format", "pdf", "-o", output,
                                            Paths.images + "/receipt.png", pdf])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try await tool("/usr/bin/pdfinfo", [output]).contains("Pages:           3"))
        let last = try await tool("/usr/bin/pdftotext", ["-f", "3", "-l", "3", output, "-"])
        #expect(last.contains("quick"), "\(last)")
        let first = try await tool("/usr/bin/pdftotext", ["-f", "1", "-l", "1", output, "-"])
        #expect(!first.contains("quick") && !first.isEmpty, "\(first)")
    }

    @Test("On a full disk the old PDF keeps its bytes and the error names it")
    func fullDisk() async throws {
        let old = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let outcome = try await FullDisk.run([Paths.filterocr, "batch", "--no-feed", "--format", "pdf", "-o", "old.pdf", pdf],
                                       files: ["old.pdf": old])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("old.pdf: no space left on device"), "\(outcome.standardError)")
        #expect(outcome.files["old.pdf"] == old)
        #expect(outcome.files.keys.sorted() == ["old.pdf"])
    }

    /// Each word of `pdftotext -bbox` with its box (points, on the page as displayed).
    private func wordBoxes(_ path: String) async throws -> [(word: String, box: [Double])] {
        let xhtml = try await tool("/usr/bin/pdftotext", ["-bbox", path, "-"])
        let pattern = try NSRegularExpression(pattern: #"<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#)
        return pattern.matches(in: xhtml, range: NSRange(xhtml.startIndex..., in: xhtml)).map { match in
            let field = { (index: Int) in String(xhtml[Range(match.range(at: index), in: xhtml)!]) }
            return (field(5), (1...4).map { Double(field($0)) ?? -1 })
        }
    }

    @Test("A page --auto turned and cropped is shown so, its text over its words, its content unchanged",
          arguments: ["rotate; 25%", "rotate; slider 75%"])
    func rightedPageShownAsRecognised(turn: String) async throws {
        // Upside down and turned a quarter anticlockwise: turned a quarter clockwise (text
        // running downwards), phototest reads as well as it is and `--auto` keeps it so.
        // phototest turned, in a PDF, against the upright page's own searchable PDF.
        let (turnedImage, turned, upright) = (folder + "/turned.png", folder + "/turned.pdf", folder + "/upright.pdf")
        #expect(try await Command.filterocr(["filter", pages[0], "--ops", turn, "-o", turnedImage]).status == 0)
        try await TestDocuments.pdf(of: [turnedImage], at: turned)
        try await TestDocuments.pdf(of: [pages[0]], at: upright)
        let (righted, reference) = (folder + "/righted.pdf", folder + "/reference.pdf")
        let auto = try await Command.filterocr(["ocr", "--auto", "--no-feed", "--format", "pdf", "-o", righted, turned])
        #expect(auto.status == 0, "\(auto.standardError)")
        #expect(auto.standardError.contains("rotate"), "the page was righted: \(auto.standardError)")
        #expect(try await Command.filterocr(["ocr", "--no-feed", "--format", "pdf", "-o", reference, upright]).status == 0)
        #expect(try await images(righted) == images(turned))
        // The words read once on each page are in the same places, within two points. (The
        // choice may filter the righted page, so a word or two may read differently.)
        let (shown, expected) = await (try wordBoxes(righted), try wordBoxes(reference))
        func once(_ words: [(word: String, box: [Double])]) -> [String: [Double]] {
            Dictionary(grouping: words, by: \.word).compactMapValues { $0.count == 1 ? $0[0].box : nil }
        }
        let (shownOnce, expectedOnce) = (once(shown), once(expected))
        let common = expectedOnce.keys.filter { shownOnce[$0] != nil }
        #expect(common.count * 10 >= expectedOnce.count * 8, "\(common.count) of \(expectedOnce.count) words in common")
        for word in common {
            let off = zip(shownOnce[word]!, expectedOnce[word]!).map { abs($0 - $1) }.max() ?? 0
            #expect(off < 2, "\(word): \(shownOnce[word]!) against \(expectedOnce[word]!)")
        }
    }
}
