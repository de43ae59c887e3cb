import Foundation
import TestSupport
import Testing

/// A page read at a smaller scale (`--text-size`) keeps its words where they are on the page,
/// in every format, and the result store keeps the two readings apart.
@Suite("Text size")
struct TextSizeTests {
    /// A 300-dpi greyscale book page whose letters `fit` reads at half size.
    let page = Paths.images + "/book_page.png"
    let folder: String

    init() throws {
        folder = try Paths.temporaryDirectory()
    }

    /// What `ocr` writes for `page` in `format` (nothing for a PDF, left in the folder), with
    /// `--text-size sizing`, and the scale it read at.
    private func ocr(_ sizing: String, format: String, store: String? = nil) async throws -> (output: String, readScale: Double?) {
        let output = folder + "/\(sizing).\(format)"
        let storeOptions = store.map { ["--store", $0] } ?? ["--no-store"]
        let result = try await Command.filterocr(["ocr", "--no-feed", "--text-size", sizing, "--format", format, "-o", output, page]
                                           + storeOptions)
        #expect(result.status == 0, "\(result.standardError)")
        let json = try await Command.filterocr(["ocr", "--no-feed", "--text-size", sizing, "--json", page] + storeOptions)
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let written = format == "pdf" ? "" : try String(contentsOfFile: output, encoding: .utf8)
        return (written, report?["readScale"] as? Double)
    }

    /// hOCR word boxes in points (300 dpi), in reading order.
    private func hocrWords(_ hocr: String) throws -> [(text: String, box: [Double])] {
        let pattern = try NSRegularExpression(pattern: #"title='bbox (\d+) (\d+) (\d+) (\d+); x_wconf \d+'>([^<]*)<"#)
        return pattern.matches(in: hocr, range: NSRange(hocr.startIndex..., in: hocr)).map { match in
            let text = String(hocr[Range(match.range(at: 5), in: hocr)!])
            let box = (1...4).map { Double(hocr[Range(match.range(at: $0), in: hocr)!])! * 72 / 300 }
            return (text, box)
        }
    }

    /// The words both readings read alike, at the same place in the reading order, and the
    /// largest distance between their boxes' edges (`edges` indexes [left, top, right, bottom]).
    private func largestShift(_ scaled: [(text: String, box: [Double])], _ whole: [(text: String, box: [Double])],
                              edges: [Int] = [0, 1, 2, 3]) -> (matched: Int, shift: Double) {
        var (matched, shift) = (0, 0.0)
        for (a, b) in zip(scaled, whole) where a.text == b.text {
            matched += 1
            shift = max(shift, edges.map { abs(a.box[$0] - b.box[$0]) }.max() ?? 0)
        }
        return (matched, shift)
    }

    @Test("hOCR of a page read at half size: every word's box within 2 pt of where the page read whole puts it")
    func hocrBoxes() async throws {
        let (scaledHOCR, scale) = try await ocr("fit", format: "hocr")
        let (wholeHOCR, wholeScale) = try await ocr("off", format: "hocr")
        #expect(scale == 0.5)
        #expect(wholeScale == nil)
        #expect(scaledHOCR.contains("bbox 0 0 1650 2550"), "the page keeps its size")
        let (scaled, whole) = (try hocrWords(scaledHOCR), try hocrWords(wholeHOCR))
        let (matched, shift) = largestShift(scaled, whole)
        #expect(matched >= whole.count * 9 / 10, "\(matched) of \(whole.count) words read alike")
        #expect(shift <= 2, "a word's box moved \(shift) pt")
    }

    /// `pdftotext -bbox` words, in points, in reading order.
    private func pdfWords(_ path: String) async throws -> [(text: String, box: [Double])] {
        let xhtml = try await Command.run("/usr/bin/pdftotext", ["-bbox", path, "-"]).standardOutput
        let pattern = try NSRegularExpression(
            pattern: #"<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#)
        return pattern.matches(in: xhtml, range: NSRange(xhtml.startIndex..., in: xhtml)).map { match in
            (String(xhtml[Range(match.range(at: 5), in: xhtml)!]),
             (1...4).map { Double(xhtml[Range(match.range(at: $0), in: xhtml)!])! })
        }
    }

    @Test("A searchable PDF of a page read at half size: the page and its image whole, each word within 2 pt")
    func pdfTextLayer() async throws {
        _ = try await ocr("fit", format: "pdf")
        _ = try await ocr("off", format: "pdf")
        let (scaledPDF, wholePDF) = (folder + "/fit.pdf", folder + "/off.pdf")
        let info = try await Command.run("/usr/bin/pdfinfo", [scaledPDF]).standardOutput
        #expect(info.contains("Page size:       396 x 612 pts"), "\(info)")
        let images = try await Command.run("/usr/bin/pdfimages", ["-list", scaledPDF]).standardOutput
        #expect(images.contains(" 1650  2550 "), "the page's image at its full size:\n\(images)")
        // The left and right ends and the baseline side; the top of a word in a PDF is where its
        // font's ascent reaches, which follows the size Tesseract gives the line's font.
        let whole = try await pdfWords(wholePDF)
        let (matched, shift) = await largestShift(try pdfWords(scaledPDF), whole, edges: [0, 2, 3])
        #expect(matched >= whole.count * 3 / 4, "\(matched) of \(whole.count) words read alike")
        #expect(shift <= 2, "a word moved \(shift) pt")
    }

    @Test("A 12 MP JPEG photo of large letters, decoded at half size for auto: its words in the photo's pixels, as reading the whole photo shrunk puts them")
    func reducedPhoto() async throws {
        let photo = Paths.images + "/document_photo_12mp.jpg"
        func report(_ sizing: String) async throws -> [String: Any] {
            let result = try await Command.filterocr(["ocr", "--no-feed", "--no-store", "--json", "--text-size", sizing, photo])
            #expect(result.status == 0, "\(result.standardError)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        }
        func words(_ report: [String: Any]) -> [(text: String, box: [Double])] {
            ((report["words"] as? [[String: Any]]) ?? []).map { (($0["text"] as? String) ?? "", ($0["box"] as? [Double]) ?? []) }
        }
        // `fit` reads the whole photo shrunk to the same half: the words must fall in the same places.
        let (reduced, whole) = await (try report("auto"), try report("fit"))
        #expect(reduced["readScale"] as? Double == 0.5)
        let size = try #require(reduced["size"] as? [String: Int])
        #expect(size["width"] == 4000 && size["height"] == 3000, "the photo keeps its size: \(size)")
        let (a, b) = (words(reduced), words(whole))
        #expect(a.count >= 200 && a.allSatisfy { $0.box.count == 4 && $0.box[0] + $0.box[2] <= 4000 && $0.box[1] + $0.box[3] <= 3000 })
        // Each word of the reduced reading, and the nearest word of the same text in the other.
        let shifts = a.compactMap { word in
            b.filter { $0.text == word.text }.map { other in (0..<4).map { abs(word.box[$0] - other.box[$0]) }.max() ?? 0 }.min()
        }
        #expect(shifts.count >= a.count * 9 / 10, "\(shifts.count) of \(a.count) words read alike")
        let moved = shifts.filter { $0 > 8 }.count
        #expect(moved <= a.count / 50, "\(moved) words more than 8 pixels of the photo from where the whole photo puts them")
    }

    @Test("The result store never answers a reading at one scale for another")
    func storeKeepsScalesApart() async throws {
        let store = folder + "/store.sqlite"
        func stored(_ sizing: String) async throws -> (stored: Bool, scale: Double?) {
            let result = try await Command.filterocr(["ocr", "--no-feed", "--json", "--text-size", sizing, "--store", store, page])
            #expect(result.status == 0, "\(result.standardError)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let timings = try #require(report["timings"] as? [String: Any])
            return (timings["stored"] as? Bool ?? false, report["readScale"] as? Double)
        }
        let first = try await stored("fit")
        #expect(!first.stored && first.scale == 0.5)
        let unscaled = try await stored("off")
        #expect(!unscaled.stored, "a page read at half size answered for one read whole")
        #expect(unscaled.scale == nil)
        #expect(try await stored("off").stored)
        let again = try await stored("fit")
        #expect(again.stored && again.scale == 0.5)
    }
}
