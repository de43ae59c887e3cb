import Foundation
import TestSupport
import Testing

/// `--sidecar` for a PDF page that failed: the searchable PDF keeps it as it was, and the
/// sidecar says so, as it does for any page left as it is.
@Suite("The sidecar of a PDF page that failed")
struct SidecarFailedPageTests {
    @Test("A page over --max-pixels stays in the searchable PDF as it was, and the sidecar marks it, not an empty page")
    func pageOverPixelLimit() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/three.pdf"
        // 1.6 million pixels, 4.2 million, 1.6 million: the limit between them fails the second page.
        let small = Paths.images + "/app_screenshot.png"
        try await TestDocuments.pdf(of: [small, Paths.images + "/book_page.png", small], at: pdf)
        let run = try await Command.filterocr(["ocr", pdf, "--max-pixels", "3000000", "-o", folder + "/out.pdf",
                                         "--sidecar", folder + "/side.txt", "--no-feed", "--no-store"])
        #expect(run.standardError.contains("page 2"), "the failed page is said: \(run.standardError)")
        let info = try await Command.run("/usr/bin/pdfinfo", [folder + "/out.pdf"]).standardOutput
        #expect(info.contains(/Pages: +3\n/), "the page is kept: \(info)")
        let pages = try String(contentsOfFile: folder + "/side.txt", encoding: .utf8).components(separatedBy: "\u{0C}")
        #expect(pages.count == 3)
        let second = try #require(pages.dropFirst().first)
        #expect(second == "[OCR skipped on page 2]", "marked as a page left as it is: \(pages)")
        #expect(pages.first?.hasPrefix("[OCR skipped") == false && pages.last?.hasPrefix("[OCR skipped") == false,
                "the pages read have their text: \(pages)")
    }
}
