import Foundation
import TestSupport
import Testing

/// `filterocr report` on real images with real Tesseract (SPEC §20).
@Suite("Corpus report command")
struct CorpusReportCommandTests {
    /// Four images of `images/` with their truths, and one whose truth is left behind.
    private static let scored = ["price_tag.bmp", "receipt.png", "sticker_alpha.png", "street_sign.jpg"]
    private static let unscored = "slide.gif"

    private func corpus() throws -> String {
        let folder = try Paths.temporaryDirectory() + "/corpus"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in Self.scored + [Self.unscored] {
            try FileManager.default.copyItem(atPath: Paths.images + "/" + name, toPath: folder + "/" + name)
        }
        for name in Self.scored {
            let truth = (name as NSString).deletingPathExtension + ".txt"
            try FileManager.default.copyItem(atPath: Paths.images + "/" + truth, toPath: folder + "/" + truth)
        }
        return folder
    }

    private func json(_ result: CommandResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any])
    }

    private func folded(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test("JSON: every page scored against its sidecar truth, worst first; micro from the counts, macro the mean")
    func jsonReport() async throws {
        let folder = try corpus()
        let report = try json(try await Command.filterocr(["report", "--format", "json", "-j", "2", folder]))
        #expect(report["schemaVersion"] as? Int == 1)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["pages"] as? Int == 5 && summary["scoredPages"] as? Int == 4 && summary["pagesWithoutTruth"] as? Int == 1)
        let pages = try #require(report["pages"] as? [[String: Any]])
        let scored = pages.filter { $0["status"] as? String == "scored" }
        #expect(scored.count == 4)
        var (errors, characters, rates) = (0, 0, [Double]())
        for page in scored {
            let image = try #require(page["image"] as? String)
            let truth = try String(contentsOfFile: (image as NSString).deletingPathExtension + ".txt", encoding: .utf8)
            let text = try #require(page["text"] as? String)
            // The page's CER as this test computes it, on the text the report says was read.
            let expected = OCRScore.characterErrorRate(truth: truth, ocr: text)
            let rate = try #require(page["characterErrorRate"] as? Double)
            #expect(abs(rate - expected) < 1e-6, "\(image)")
            #expect(page["truth"] as? String == folded(truth))
            let pageErrors = try #require(page["characterErrors"] as? Int), pageCharacters = try #require(page["characters"] as? Int)
            #expect(pageCharacters == folded(truth).unicodeScalars.count)
            (errors, characters) = (errors + pageErrors, characters + pageCharacters)
            rates.append(Double(pageErrors) / Double(pageCharacters))
        }
        #expect(scored.compactMap { $0["characterErrorRate"] as? Double } == scored.compactMap { $0["characterErrorRate"] as? Double }.sorted(by: >))
        #expect(summary["characterErrors"] as? Int == errors && summary["characters"] as? Int == characters)
        let micro = try #require(summary["microCharacterErrorRate"] as? Double)
        let macro = try #require(summary["macroCharacterErrorRate"] as? Double)
        #expect(abs(micro - Double(errors) / Double(characters)) < 1e-6)
        #expect(abs(macro - rates.reduce(0, +) / Double(rates.count)) < 1e-6)
        let last = try #require(pages.last)
        #expect(last["status"] as? String == "noTruth" && (last["image"] as? String)?.hasSuffix(Self.unscored) == true)
        #expect(last["characterErrorRate"] == nil)
    }

    @Test("Micro CER equals bench/score.py on the pages' texts concatenated, to 4 decimals")
    func concatenated() async throws {
        let folder = try corpus()
        let report = try json(try await Command.filterocr(["report", "--format", "json", "-j", "2", folder]))
        let micro = try #require((report["summary"] as? [String: Any])?["microCharacterErrorRate"] as? Double)
        let pages = try #require(report["pages"] as? [[String: Any]]).filter { $0["status"] as? String == "scored" }
        // Each page folded and trimmed, joined by nothing: the concatenated truth is exactly as
        // long as the truths together (a separator would add its length once per page).
        var (truths, texts) = ("", "")
        for page in pages {
            let image = try #require(page["image"] as? String)
            truths += folded(try String(contentsOfFile: (image as NSString).deletingPathExtension + ".txt", encoding: .utf8))
            texts += folded(try #require(page["text"] as? String))
        }
        let scratch = try Paths.temporaryDirectory()
        try truths.write(toFile: scratch + "/truth.txt", atomically: true, encoding: .utf8)
        try texts.write(toFile: scratch + "/ocr.txt", atomically: true, encoding: .utf8)
        let scored = try await Command.run("/usr/bin/python3", [Paths.packageRoot + "/bench/score.py", scratch + "/truth.txt",
                                                          scratch + "/ocr.txt"])
        #expect(scored.status == 0, "\(scored.standardError)")
        let field = try #require(scored.standardOutput.split(separator: " ").first { $0.hasPrefix("cer=") })
        let cer = try #require(Double(field.dropFirst(4)))
        #expect(micro > 0, "the pages must have errors for the check to mean anything")
        #expect(abs(micro - cer) <= 0.00005, "micro \(micro), score.py \(cer)")
    }

    @Test("A batch's JSON Lines give the same report as recognising the images")
    func fromBatchResults() async throws {
        let folder = try corpus()
        let batch = try await Command.filterocr(["batch", "--no-feed", "-j", "2", folder])
        #expect(batch.status == 0, "\(batch.standardError)")
        let results = folder + "/../results.jsonl"
        try batch.outputData.write(to: URL(fileURLWithPath: results))
        let fromResults = try json(try await Command.filterocr(["report", "--format", "json", results]))
        let fromStandardInput = try json(try await Command.filterocr(["report", "--format", "json", "--jsonl", "-"], input: batch.outputData))
        let recognised = try json(try await Command.filterocr(["report", "--format", "json", "-j", "2", folder]))
        for report in [fromResults, fromStandardInput] {
            let pages = try #require(report["pages"] as? [[String: Any]])
            let expected = try #require(recognised["pages"] as? [[String: Any]])
            #expect(pages.map { $0["image"] as? String } == expected.map { $0["image"] as? String })
            #expect(pages.map { $0["characterErrors"] as? Int } == expected.map { $0["characterErrors"] as? Int })
            let summary = try #require(report["summary"] as? [String: Any])
            let expectedSummary = try #require(recognised["summary"] as? [String: Any])
            #expect(summary["microCharacterErrorRate"] as? Double == expectedSummary["microCharacterErrorRate"] as? Double)
            #expect(summary["macroWordErrorRate"] as? Double == expectedSummary["macroWordErrorRate"] as? Double)
        }
        // And each page's CER is the one batch gave it.
        for line in batch.standardOutput.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let accuracy = object["accuracy"] as? [String: Double] else { continue }
            let page = try #require((fromResults["pages"] as? [[String: Any]])?.first { $0["image"] as? String == object["image"] as? String })
            #expect(page["characterErrorRate"] as? Double == accuracy["characterErrorRate"])
        }
    }

    @Test("Text: micro beside macro, a row per page with its bar, the page without truth named as such")
    func textReport() async throws {
        let folder = try corpus()
        let result = try await Command.filterocr(["report", folder])
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        #expect(text.contains("micro (all characters)") && text.contains("macro (mean of pages)"))
        let cer = try #require(text.split(separator: "\n").first { $0.hasPrefix("  CER ") })
        #expect(cer.split(separator: " ").count == 3, "\(cer)")
        for name in Self.scored { #expect(text.contains(name), "\(name)") }
        let unscored = try #require(text.split(separator: "\n").first { $0.contains(Self.unscored) })
        #expect(unscored.hasSuffix("no truth: counted in no rate"), "\(unscored)")
        #expect(text.contains("█"))
        #expect(text.contains("Most frequent confusions"))
        #expect(!text.contains("\u{1B}["), "no colours when standard output is not a terminal")
    }

    @Test("HTML goes whole to -o FILE; standard output stays empty")
    func html() async throws {
        let folder = try corpus()
        let page = folder + "/../report.html"
        let result = try await Command.filterocr(["report", "--format", "html", "-o", page, folder])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.outputData.isEmpty)
        #expect(result.standardError.contains("wrote"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("id=\"micro-cer\"") && html.contains("<svg"))
    }

    @Test("Usage errors say what to type", arguments: [
        (["report"], "give images or folders"),
        (["report", "--no-truth", "images"], "Unknown option '--no-truth'"),
        (["report", "--jsonl", "results.jsonl", "--ops", "blur"], "--ops and --auto go with images"),
        (["report", "--jsonl", "results.jsonl", "images"], "not both"),
    ])
    func usage(arguments: [String], message: String) async throws {
        let result = try await Command.filterocr(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("An input that names nothing: one line naming it, status 1, no report", arguments: [
        ("nonexist/", "nonexist/: no such file or folder"),
        ("nonexist/*.png", "nonexist/*.png: no file or folder matches this pattern"),
    ])
    func missingInput(input: String, message: String) async throws {
        let folder = try corpus()
        let result = try await Command.filterocr(["report", folder, input], directory: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.errorLines == ["filterocr: error: " + message], "\(result.standardError)")
    }

    @Test("A folder without images: the same line as batch's, status 1, no report")
    func emptyFolder() async throws {
        let folder = try Paths.temporaryDirectory()
        let result = try await Command.filterocr(["report", folder])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines.count == 1 && result.standardError.contains("filterocr: error: no images in \(folder) "),
                "\(result.standardError)")
    }

    @Test("A results file that is not a batch's: one line naming the file and line, status 1")
    func badResults() async throws {
        let file = try Paths.temporaryDirectory() + "/results.jsonl"
        try Data("{\"image\":\"a.png\",\"text\":\"x\"}\nnot json\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try await Command.filterocr(["report", file])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains("results.jsonl line 2: not JSON"), "\(result.standardError)")
    }
}
