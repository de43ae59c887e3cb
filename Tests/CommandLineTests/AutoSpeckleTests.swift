import Foundation
import TestSupport
import Testing

@Suite("filterocr ocr --auto on speckled pages")
struct AutoSpeckleTests {
    @Test("On a page covered in photocopy specks, the choice reads no worse by the truth than the original",
          arguments: [("newsletter.png", 3), ("book_page.png", 2), ("phototest.tif", 1)])
    func noWorseThanOriginal(page: String, shrink: Int) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = page == "phototest.tif" ? Paths.corpus + "/" + page : Paths.images + "/" + page
        var grey = try await GreyPage(reading: source)
        if shrink > 1 { grey = grey.shrunk(by: shrink) }
        // About one pixel in a hundred darkened, in dots of 1-3 px: bench/degrade.py's specks.
        let specked = folder + "/specked.pgm"
        try grey.speckled(count: grey.width * grey.height / 300, seed: 23).write(to: specked)
        let truth = (source as NSString).deletingPathExtension + ".txt"

        let result = try await Command.filterocr(["ocr", "--auto", "--explain", "--json", "--no-feed", "--truth", truth, specked])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let choice = try #require(report["auto"] as? [String: Any])
        let candidates = try #require(choice["candidates"] as? [[String: Any]])
        #expect(candidates.first?["script"] as? String == "original", "the original is always a candidate")
        func cer(_ object: Any?) -> Double? {
            ((object as? [String: Any])?["accuracy"] as? [String: Any])?["characterErrorRate"] as? Double
        }
        let original = try #require(cer(choice["original"]))
        let chosen = try #require(cer(report))
        #expect(chosen <= original + 0.02, "\(choice["script"] ?? "?"): CER \(original) → \(chosen)")
    }
}
