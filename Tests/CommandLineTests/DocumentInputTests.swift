import Foundation
import TestSupport
import Testing

/// `ocr` and `batch` on documents made here from the corpus: a scanned PDF of phototest and
/// eurotext, and the same pages as a multi-page TIFF.
@Suite("Documents in, page by page")
struct DocumentInputTests {
    /// Words only phototest's page has, and words only eurotext's has.
    static let phototestWords = "12 point text"
    static let eurotextWords = "quick"

    let folder: String
    let pdf: String

    init() async throws {
        folder = try Paths.temporaryDirectory()
        pdf = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: pdf)
    }

    private func jsonLines(_ result: CommandResult) throws -> [[String: Any]] {
        try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("ocr reads every page of a PDF in order, each under its own header")
    func everyPageInOrder() async throws {
        let result = try await Command.filterocr(["ocr", "--no-feed", pdf])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        let first = try #require(output.range(of: "==> \(pdf) page 1 <=="))
        let second = try #require(output.range(of: "==> \(pdf) page 2 <=="))
        #expect(first.upperBound < second.lowerBound)
        #expect(output[first.upperBound..<second.lowerBound].contains(Self.phototestWords))
        #expect(output[second.upperBound...].contains(Self.eurotextWords))
    }

    @Test("batch -j 2 gives a JSON line per page with its number, in order, the text equal to tesseract's on the page")
    func batchPagesInParallel() async throws {
        let result = try await Command.filterocr(["batch", "--no-feed", "-j", "2", pdf, pdf])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try jsonLines(result)
        #expect(lines.map { $0["page"] as? Int } == [1, 2, 1, 2])
        #expect(lines.allSatisfy { $0["pageCount"] as? Int == 2 && $0["image"] as? String == pdf })
        // The page rendered at its scan's own resolution is the scanned image, pixel for pixel.
        let tesseract = try await Command.tesseract(Paths.corpus + "/eurotext.tif")
        #expect((lines[1]["text"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
                == tesseract.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((lines[1]["settings"] as? [String: Any])?["dpi"] as? Int == 300)
    }

    @Test("--pages picks pages; pages past the end are left out, and a selection of none of the pages fails in one line")
    func pageSelection() async throws {
        let second = try jsonLines(try await Command.filterocr(["ocr", "--no-feed", "--json", "--pages", "2", pdf]))
        #expect(second.count == 1)
        #expect(second.first?["page"] as? Int == 2)
        #expect((second.first?["text"] as? String)?.contains(Self.eurotextWords) == true)

        let pastTheEnd = try await Command.filterocr(["ocr", "--no-feed", "--pages", "1,3-5", pdf])
        #expect(pastTheEnd.status == 0, "\(pastTheEnd.standardError)")
        #expect(pastTheEnd.standardOutput.contains(Self.phototestWords))
        #expect(pastTheEnd.standardError.isEmpty)

        let none = try await Command.filterocr(["ocr", "--no-feed", "--pages", "3-5", pdf])
        #expect(none.status == 1)
        #expect(none.standardOutput.isEmpty)
        #expect(none.errorLines == ["filterocr: error: \(pdf): there is no page 3: the document has 2 pages"])

        let malformed = try await Command.filterocr(["ocr", "--no-feed", "--pages", "2-1", pdf])
        #expect(malformed.status == 2)
        #expect(malformed.standardError.contains("--pages takes page numbers from 1 and ranges, e.g. --pages 1,3-5"))
    }

    @Test("An image is a document of one page: --pages 1 reads it, --pages 5 fails it as it fails a one-page PDF")
    func imageAsOnePage() async throws {
        let image = Paths.corpus + "/phototest.tif", onePage = folder + "/one.pdf"
        try await TestDocuments.pdf(of: [image], at: onePage)
        let first = try await Command.filterocr(["ocr", "--no-feed", "--pages", "1-3", image])
        #expect(first.status == 0 && first.standardOutput.contains(Self.phototestWords), "\(first.standardError)")
        for input in [image, onePage] {
            let fifth = try await Command.filterocr(["ocr", "--no-feed", "--no-store", "--pages", "5", input])
            #expect(fifth.status == 1 && fifth.standardOutput.isEmpty)
            #expect(fifth.errorLines == ["filterocr: error: \(input): there is no page 5: the document has 1 page"])
        }
        let batch = try await Command.filterocr(["batch", "--no-feed", "--no-store", "--pages", "2", image])
        #expect(batch.status == 1 && batch.standardOutput.contains("there is no page 2"), "\(batch.standardOutput)")
    }

    @Test("A multi-page TIFF's pages are all read, not only its first")
    func multipageTIFF() async throws {
        let tiff = folder + "/pages.tif"
        try await TestDocuments.multipageTIFF(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: tiff)
        let lines = try jsonLines(try await Command.filterocr(["batch", "--no-feed", tiff]))
        #expect(lines.map { $0["page"] as? Int } == [1, 2])
        #expect((lines.last?["text"] as? String)?.contains(Self.eurotextWords) == true)
    }

    @Test("A page's truth is NAME-pN.txt beside the document, or in a --truth folder")
    func truthPerPage() async throws {
        let truth = try String(contentsOfFile: Paths.corpus + "/eurotext.txt", encoding: .utf8)
        try truth.write(toFile: folder + "/scan-p2.txt", atomically: true, encoding: .utf8)
        let lines = try jsonLines(try await Command.filterocr(["batch", "--no-feed", pdf]))
        #expect(lines.first?["accuracy"] == nil, "page 1 has no truth")
        let accuracy = try #require(lines.last?["accuracy"] as? [String: Any])
        #expect(try #require(accuracy["characterErrorRate"] as? Double) < 0.05)

        let truths = folder + "/truths"
        try FileManager.default.createDirectory(atPath: truths, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder + "/scan-p2.txt", toPath: truths + "/scan-p2.txt")
        let fromFolder = try jsonLines(try await Command.filterocr(["batch", "--no-feed", "--truth", truths, pdf]))
        #expect(fromFolder.last?["accuracy"] != nil)
        #expect(fromFolder.first?["accuracy"] == nil)
    }

    @Test("A page with a text layer is said so; --skip-text leaves it alone")
    func pagesWithText() async throws {
        let layered = folder + "/layered.pdf"
        try await TestDocuments.withTextLayer(image: Paths.corpus + "/phototest.tif", at: layered)
        let recognised = try await Command.filterocr(["ocr", "--no-feed", layered])
        #expect(recognised.status == 0)
        #expect(recognised.standardOutput.contains(Self.phototestWords))
        #expect(recognised.standardError.contains("has an earlier OCR layer; recognised again"), "\(recognised.standardError)")
        let json = try jsonLines(try await Command.filterocr(["ocr", "--no-feed", "--json", layered]))
        #expect(json.first?["textLayer"] as? String == "invisible")

        let skipped = try await Command.filterocr(["ocr", "--no-feed", "--json", "--skip-text", layered, pdf])
        #expect(skipped.status == 0)
        let lines = try jsonLines(skipped)
        #expect(lines.count == 3)
        #expect(lines.first?["skipped"] as? String == "has an earlier OCR layer; left as it is (--skip-text)")
        #expect(lines.first?["textLayer"] as? String == "invisible")
        #expect(lines.first?["text"] == nil)
        #expect(lines.dropFirst().allSatisfy { $0["text"] != nil }, "pages without text are read")
    }

    @Test("A PDF on standard input is refused in one line that says to give its path")
    func pdfOnStandardInput() async throws {
        let result = try await Command.filterocr(["ocr", "--no-feed", "-"], inputPath: pdf)
        #expect(result.status == 1)
        #expect(result.errorLines == ["filterocr: error: -: is a PDF, whose pages are read from a file: give its path "
                                      + "(filterocr ocr scan.pdf) instead of standard input"])
    }
}
