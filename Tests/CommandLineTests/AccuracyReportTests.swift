import Foundation
import TestSupport
import Testing

/// Every recognition is scored against the truth when it is known (SPEC §11).
@Suite("Accuracy in reports")
struct AccuracyReportTests {
    private func object(_ result: CommandResult) throws -> [String: Any] {
        let line = try #require(result.standardOutput.split(separator: "\n").first)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("The sidecar NAME.txt is the truth: the CER equals the one computed here",
          arguments: ["receipt.png", "price_tag.bmp", "street_sign.jpg"])
    func sidecar(name: String) async throws {
        let image = Paths.images + "/" + name
        let report = try object(try await Command.filterocr(["ocr", "--json", "--no-feed", image]))
        let accuracy = try #require(report["accuracy"] as? [String: Double])
        let truth = try String(contentsOfFile: (image as NSString).deletingPathExtension + ".txt", encoding: .utf8)
        let expected = OCRScore.characterErrorRate(truth: truth, ocr: try #require(report["text"] as? String))
        #expect(abs(try #require(accuracy["characterErrorRate"]) - expected) < 1e-6)
        #expect(Set(accuracy.keys) == ["characterErrorRate", "wordErrorRate", "wordRecall"])
    }

    @Test("--no-truth leaves accuracy out; --truth FILE scores an image that has no sidecar")
    func options() async throws {
        let folder = try Paths.temporaryDirectory()
        let image = folder + "/copy.png"
        try FileManager.default.copyItem(atPath: Paths.images + "/receipt.png", toPath: image)
        #expect(try object(try await Command.filterocr(["ocr", "--json", "--no-feed", image]))["accuracy"] == nil)
        let scored = try object(try await Command.filterocr(["ocr", "--json", "--no-feed", "--truth", Paths.images + "/receipt.txt", image]))
        #expect((scored["accuracy"] as? [String: Double])?["wordRecall"] ?? 0 > 0.9)
        let unscored = try object(try await Command.filterocr(["ocr", "--json", "--no-feed", "--no-truth", Paths.images + "/receipt.png"]))
        #expect(unscored["accuracy"] == nil)
        let missing = try await Command.filterocr(["ocr", "--truth", folder + "/none.txt", image])
        #expect(missing.status == 2 && missing.standardError.contains("none.txt: no such file"))
    }

    @Test("The feed carries the accuracy when it is known, and no null when it is not")
    func feed() async throws {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        #expect(try await Command.filterocr(["ocr", "--feed", feed, Paths.images + "/price_tag.bmp"]).status == 0)
        let known = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed))) as? [String: Any])
        #expect(known["characterErrorRate"] is Double && known["wordRecall"] is Double)
        #expect(try await Command.filterocr(["ocr", "--no-truth", "--feed", feed, Paths.images + "/price_tag.bmp"]).status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: feed))
        let unknown = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(unknown["characterErrorRate"] == nil && !String(decoding: data, as: UTF8.self).contains("null"))
    }

    @Test("The REPL's report gives the accuracy line, and it worsens as the blur grows")
    func replLine() async throws {
        let result = try await Command.filterocr(["repl", "--no-feed", "--image", Paths.images + "/receipt.png"],
                                           input: Data("blur\n".utf8))
        let lines = result.standardOutput.split(separator: "\n").filter { $0.contains("accuracy: CER") }
        #expect(lines.count == 2, "\(result.standardOutput)")
        #expect(lines.last == "  accuracy: CER 100.0% · WER 100.0% · word recall 0.0%")
    }
}
