import Foundation
import TestSupport
import Testing

/// `--auto` rights a page before it searches: turned, white on black, or on a scanner's black
/// bed, the page is read about as well as the upright clean page is (real Tesseract, real OSD).
@Suite("filterocr ocr --auto on pages as they arrive")
struct AutoRightingTests {
    /// The chosen script and the CER of the choice and of the page as given.
    private func auto(_ image: String, truth: String) async throws -> (script: String, chosen: Double, original: Double, tried: [String]) {
        let result = try await Command.filterocr(["ocr", "--auto", "--explain", "--json", "--no-feed", "--truth", truth, image])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let choice = try #require(report["auto"] as? [String: Any])
        func cer(_ object: Any?) -> Double? {
            ((object as? [String: Any])?["accuracy"] as? [String: Any])?["characterErrorRate"] as? Double
        }
        let tried = try #require(choice["candidates"] as? [[String: Any]]).compactMap { $0["script"] as? String }
        return (try #require(choice["script"] as? String), try #require(cer(report)), try #require(cer(choice["original"])), tried)
    }

    /// The upright page's own CER, the mark every righted copy is held to.
    private func upright(_ page: String, truth: String) async throws -> Double {
        let result = try await Command.filterocr(["ocr", "--json", "--no-feed", "--truth", truth, page])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require((report["accuracy"] as? [String: Any])?["characterErrorRate"] as? Double)
    }

    @Test("A page turned by a quarter, a half or three quarters is read as the upright page is",
          arguments: ["rotate", "rotate; 25%", "rotate; slider 75%"])
    func turned(turn: String) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = Paths.corpus + "/phototest.tif", truth = Paths.corpus + "/phototest.txt"
        let turned = folder + "/turned.png"
        #expect(try await Command.filterocr(["filter", page, "--ops", turn, "-o", turned]).status == 0)
        let mark = try await upright(page, truth: truth)
        let (script, chosen, original, _) = try await auto(turned, truth: truth)
        #expect(chosen <= mark + 0.02, "\(script): CER \(original) turned → \(chosen), upright \(mark)")
    }

    @Test("A sideways page in a PDF is turned, and reads as the upright page does")
    func sidewaysInPDF() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = Paths.corpus + "/eurotext.tif", truth = Paths.corpus + "/eurotext.txt"
        let sideways = folder + "/sideways.png", document = folder + "/scan.pdf"
        #expect(try await Command.filterocr(["filter", page, "--ops", "rotate", "-o", sideways]).status == 0)
        try await TestDocuments.pdf(of: [sideways], at: document)
        let mark = try await upright(page, truth: truth)
        let (script, chosen, original, _) = try await auto(document, truth: truth)
        #expect(script.contains("rotate"), "\(script) kept the page sideways")
        #expect(chosen <= mark + 0.02, "\(script): CER \(original) sideways → \(chosen), upright \(mark)")
    }

    @Test("White text on black is read as the page is")
    func inverted() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = Paths.corpus + "/phototest.tif", truth = Paths.corpus + "/phototest.txt"
        let negative = folder + "/negative.png"
        #expect(try await Command.filterocr(["filter", page, "--ops", "invert", "-o", negative]).status == 0)
        let mark = try await upright(page, truth: truth)
        let (script, chosen, original, _) = try await auto(negative, truth: truth)
        #expect(chosen <= mark + 0.02, "\(script): CER \(original) inverted → \(chosen), upright \(mark)")
    }

    @Test("A page on a scanner's black bed is tried cropped, and reads as the page does")
    func framed() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let truth = Paths.images + "/newsletter.txt"
        let page = try await GreyPage(reading: Paths.images + "/newsletter.png").shrunk(by: 2)
        let (plain, framed) = (folder + "/page.pgm", folder + "/framed.pgm")
        try page.write(to: plain)
        try page.framed(margin: 60).write(to: framed)
        let mark = try await upright(plain, truth: truth)
        let (script, chosen, original, tried) = try await auto(framed, truth: truth)
        #expect(tried.contains("borders"), "the black bed is cropped before the search: \(tried)")
        #expect(chosen <= mark + 0.02, "\(script): CER \(original) framed → \(chosen), unframed \(mark)")
    }
}
