import Foundation
import TestSupport
import Testing

/// A document's pages come out as they are read, in order: the first page's text does not wait
/// for the pages after it.
@Suite("Pages as they are read")
struct DocumentStreamingTests {
    @Test("The first page's JSON line comes while the document's later, larger pages are still being read")
    func firstPageFirst() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/pages.pdf"
        let later = Array(repeating: Paths.images + "/newsletter.png", count: 5)
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif"] + later, at: pdf)
        let run = try await BackgroundProcess(Paths.filterocr, ["ocr", "--no-feed", "--no-store", "--json", "-j", "2", pdf])
        defer { run.terminate() }
        let first = await run.waitForLines(1, timeout: 300)
        let linesThen = run.outputLines.count
        let stillReading = run.isRunning
        #expect(first.first?.contains("\"page\":1") == true, "\(first)")
        #expect(first.first?.contains("quick brown") == true)
        #expect(stillReading && linesThen < 6, "the first page came with \(linesThen) of 6 pages, the run still going: \(stillReading)")
        #expect(await run.waitForExit(timeout: 600))
        #expect(run.terminationStatus == 0)
        let pages = run.outputLines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["page"] as? Int
        }
        #expect(pages == Array(1...6))
    }
}
