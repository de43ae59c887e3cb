import Foundation
import TestSupport
import Testing

@Suite("filterocr tune")
struct TuneCommandTests {
    /// Three speckled copies of the corpus's phototest page, each with its truth beside it.
    private func degradedPages() async throws -> (folder: String, truth: String) {
        let folder = try Paths.temporaryDirectory()
        let truth = try String(contentsOfFile: Paths.corpus + "/phototest.txt", encoding: .utf8)
        let page = try await GreyPage(reading: Paths.corpus + "/phototest.tif")
        // About one pixel in a hundred and fifty darkened, in dots of 1-3 px (bench/degrade.py's specks).
        for (index, seed) in [3, 5, 7].enumerated() {
            try page.speckled(count: page.width * page.height / 450, seed: UInt64(seed)).write(to: "\(folder)/page\(index).pgm")
            try truth.write(toFile: "\(folder)/page\(index).txt", atomically: true, encoding: .utf8)
        }
        return (folder, truth)
    }

    @Test("The JSON gives a recipe, a cross-validated estimate and --auto beside it; batch --ops applies the recipe as tuned")
    func tunesAndBatchApplies() async throws {
        let (folder, truth) = try await degradedPages()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await Command.filterocr(["tune", folder, "--json", "--budget", "30", "--folds", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["schemaVersion"] as? Int == 1)
        #expect(report["pages"] as? Int == 3)
        let recognitions = try #require(report["recognitions"] as? Int)
        #expect(recognitions <= 30)
        let recipe = try #require(report["recipe"] as? String)
        let estimate = try #require(report["estimate"] as? [String: Any])
        let folds = try #require(estimate["folds"] as? [[String: Any]])
        #expect(folds.count == 3)
        let rate = try #require(estimate["rate"] as? [String: Any])
        let cer = try #require(rate["cer"] as? Double)
        let interval = try #require(estimate["interval"] as? [String: Any])
        let (low, high) = (try #require(interval["low"] as? Double), try #require(interval["high"] as? Double))
        #expect(low <= cer && cer <= high)
        let heldOut = try #require(report["heldOut"] as? [[String: Any]])
        #expect(heldOut.count == 3)
        #expect(heldOut.allSatisfy { $0["autoCER"] is Double && $0["auto"] is String }, "every page read by --auto too")
        let auto = try #require(report["auto"] as? [String: Any])
        #expect(auto["pages"] as? Int == 3)
        #expect(auto["recipeCER"] as? Double == cer, "the comparison is on the same held-out readings")

        // The recipe is a script batch accepts, and reads the pages with the errors the tuning counted.
        let batch = try await Command.filterocr(["batch", "--ops", recipe, "--no-feed", folder])
        #expect(batch.status == 0, "\(batch.standardError)")
        let lines = batch.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        let length = Self.normalizedLength(truth)
        let errors = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let accuracy = try #require(object["accuracy"] as? [String: Any])
            return Int((try #require(accuracy["characterErrorRate"] as? Double) * Double(length)).rounded())
        }
        let tuned = try #require(report["tuned"] as? [String: Any])
        #expect(tuned["errors"] as? Int == errors.reduce(0, +), "recipe \(recipe)")
    }

    @Test("A folder without truths is refused, naming what tune needs")
    func needsTruths() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await GreyPage(reading: Paths.corpus + "/phototest.tif").write(to: folder + "/page.pgm")
        let result = try await Command.filterocr(["tune", folder])
        #expect(result.status == 1)
        #expect(result.standardError.contains("no pages with a truth"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("--no-truth (not an option of tune) and a single fold are usage errors")
    func usageErrors() async throws {
        for arguments in [["tune", Paths.images, "--no-truth"], ["tune", Paths.images, "--folds", "1"]] {
            let result = try await Command.filterocr(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorLines.count == 1, "\(result.standardError)")
        }
    }

    /// The truth's length as the error rate counts it: NFC, white-space runs one space, trimmed.
    private static func normalizedLength(_ text: String) -> Int {
        text.precomposedStringWithCanonicalMapping.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .unicodeScalars.count
    }
}
