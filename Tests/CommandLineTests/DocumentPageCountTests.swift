import Foundation
import TestSupport
import Testing

/// A searchable PDF of a PDF has exactly the input's pages, in order, whatever the filters do to
/// a page: one they redraw (straightened, flattened) takes its own page's place.
@Suite("A document keeps its pages when a page is redrawn")
struct DocumentPageCountTests {
    /// A 3-page PDF whose middle page is turned 7°, from the corpus's phototest page.
    private func skewedMiddle(in folder: String) async throws -> String {
        let page = Paths.corpus + "/phototest.tif"
        let skewed = folder + "/skewed.png"
        try await TestDocuments.tool("/usr/bin/env", ["convert", page, "-background", "white", "-rotate", "7", "-colorspace", "Gray",
                                                skewed])
        let straight = folder + "/straight.png"
        try await TestDocuments.tool("/usr/bin/env", ["convert", page, "-colorspace", "Gray", straight])
        let pdf = folder + "/mix.pdf"
        try await TestDocuments.pdf(of: [straight, skewed, straight], at: pdf)
        return pdf
    }

    private func pageCount(_ pdf: String) async throws -> Int? {
        let info = try await Command.run("/usr/bin/pdfinfo", [pdf])
        let line = info.standardOutput.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    private func words(_ pdf: String, page: Int) async throws -> Int {
        try await Command.run("/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf, "-"]).standardOutput
            .split(whereSeparator: \.isWhitespace).count
    }

    @Test("deskew on every page: 3 pages in, 3 out, each with its text", arguments: [["--ops", "deskew"], ["--auto"]])
    func redrawnPageStandsInForItsOwn(arguments: [String]) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try await skewedMiddle(in: folder)
        let output = folder + "/out.pdf"
        let result = try await Command.filterocr(["ocr", "--no-feed", "--no-store"] + arguments + ["-o", output, input])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(try await pageCount(output) == 3)
        for page in 1...3 { #expect(try await words(output, page: page) > 20, "page \(page) has its text") }
    }

    @Test("deskew on the middle page alone: the pages left out are kept in their places")
    func pagesLeftOutStay() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try await skewedMiddle(in: folder)
        let output = folder + "/out.pdf"
        let result = try await Command.filterocr(["ocr", "--no-feed", "--no-store", "--ops", "deskew", "--pages", "2", "-o", output, input])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(try await pageCount(output) == 3)
        #expect(try await words(output, page: 1) == 0, "page 1 kept as it was, without text")
        #expect(try await words(output, page: 2) > 20, "page 2 read")
        #expect(try await words(output, page: 3) == 0, "page 3 kept as it was, without text")
    }
}
