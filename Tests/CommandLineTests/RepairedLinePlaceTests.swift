import Foundation
import TestSupport
import Testing

/// A line `--auto` repaired is written in every format in its own place: found by where it is
/// in the page, not by its letters, so an earlier line that reads the same letters keeps its own.
@Suite("A repaired line goes in its own place in every format")
struct RepairedLinePlaceTests {
    /// Line 2, large, reads what line 3, small, is read as on the page; line 3 is repaired.
    private func page(in folder: String) async throws -> String {
        let path = folder + "/page.png"
        try await TestDocuments.tool("/usr/bin/env", [
            "convert", "-size", "1800x500", "xc:white", "-font", "DejaVu-Sans", "-pointsize", "40",
            "-annotate", "+20+70", "The quick brown fox jumps over the lazy dog",
            "-annotate", "+20+170", "Moder burn modem clip clip", "-pointsize", "13",
            "-annotate", "+20+260", "Modern burn rnodern clip cllp",
            "-pointsize", "40", "-annotate", "+20+370", "Please keep this receipt for your records", path,
        ])
        return path
    }

    @Test("txt, TSV, hOCR, ALTO and the searchable PDF hold the JSON's words in the JSON's order")
    func everyFormatAgrees() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let image = try await page(in: folder)
        let json = try await Command.filterocr(["ocr", "--no-feed", "--no-store", "--auto", "--json", image])
        try #require(json.status == 0, "\(json.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: json.outputData) as? [String: Any])
        let lines = try #require((report["auto"] as? [String: Any])?["lines"] as? [String: Any])
        try #require((lines["changed"] as? Int ?? 0) >= 1, "a line was repaired, so the formats have one to place")
        let words = try #require(report["text"] as? String).split(whereSeparator: \.isWhitespace).map(String.init)
        for format in ["txt", "tsv", "hocr", "alto", "pdf"] {
            let output = folder + "/out." + format
            let run = try await Command.filterocr(["ocr", "--no-feed", "--no-store", "--auto", "--format", format, "-o", output, image])
            try #require(run.status == 0, "\(format): \(run.standardError)")
            let written = format == "pdf" ? try await WrittenWords.pdf(output).map { Self.unescaped($0.text) }
                : Self.words(try String(contentsOfFile: output, encoding: .utf8), format: format)
            #expect(written == words, "\(format)")
        }
    }

    /// The words a document of `format` holds, in order.
    private static func words(_ text: String, format: String) -> [String] {
        switch format {
        case "tsv":
            return text.split(separator: "\n").dropFirst().compactMap { row in
                let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
                return columns.count >= 12 && columns[0] == "5" ? String(columns[11]) : nil
            }
        case "hocr":
            return matches(#"class='ocrx_word'[^>]*>([^<]*)</span>"#, in: text).map(unescaped)
        case "alto":
            return matches(#"<String [^>]*CONTENT="([^"]*)""#, in: text).map(unescaped)
        default:
            return text.split(whereSeparator: \.isWhitespace).map(String.init)
        }
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
