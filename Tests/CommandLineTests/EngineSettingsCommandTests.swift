import Foundation
import TestSupport
import Testing

/// The engine's own settings (`psm 6`) in a script, read by the real Tesseract: a reading of
/// their own, named by the script, kept apart in the result store.
@Suite("The engine's settings in --ops")
struct EngineSettingsCommandTests {
    private let receipt = Paths.packageRoot + "/devcorpus/regression/receipt_576_hardware.png"

    private func read(_ script: String?, store: String) async throws -> [String: Any] {
        let result = try await Command.filterocr(["ocr", "--json", "--no-feed", "--store", store]
                                           + (script.map { ["--ops", $0] } ?? []) + [receipt])
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    private func stored(_ line: [String: Any]) -> Bool {
        (line["timings"] as? [String: Any])?["stored"] as? Bool == true
    }

    @Test("psm 6 reads the page as one block: its own text, its script, its own entry in the store")
    func pageSegmentation() async throws {
        let store = try Paths.temporaryDirectory() + "/results.sqlite"
        let automatic = try await read(nil, store: store)
        let block = try await read("psm 6", store: store)
        #expect(block["script"] as? String == "psm 6")
        #expect(!stored(block), "the automatic mode's reading answered for psm 6")
        #expect(block["text"] as? String != automatic["text"] as? String)
        let again = try await read("psm 6", store: store)
        #expect(stored(again) && again["text"] as? String == block["text"] as? String)
        let chained = try await read("psm 6; then median", store: store)
        #expect(chained["script"] as? String == "psm 6; median")
        #expect((chained["operations"] as? [String]) == ["median 25%"])
    }

    @Test("The mode a script sets is the one reported, and a run with --psm of that mode is answered with the same reading")
    func reportedMode() async throws {
        let store = try Paths.temporaryDirectory() + "/results.sqlite"
        let scripted = try await read("psm 6", store: store)
        #expect((scripted["settings"] as? [String: Any])?["psm"] as? Int == 6, "\(scripted["settings"] ?? "none")")
        let result = try await Command.filterocr(["ocr", "--json", "--no-feed", "--store", store, "--psm", "6", receipt])
        let option = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(stored(option) && option["text"] as? String == scripted["text"] as? String)
        #expect((option["settings"] as? [String: Any])?["psm"] as? Int == 6)
    }

    @Test("A mode Tesseract has no reading for is refused in one line naming the modes")
    func refused() async throws {
        let result = try await Command.filterocr(["ocr", "--no-store", "--no-feed", "--ops", "psm 2", receipt])
        #expect(result.status == 2)
        #expect(result.standardError.contains("psm takes no '2'") && result.standardError.contains("e.g. psm 6"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}
