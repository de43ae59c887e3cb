import Foundation
import TestSupport
import Testing

/// `--auto` by line, with the real engine: the page read once, its unsure lines read again as
/// crops and voted back into the page's reading.
@Suite("filterocr ocr --auto by line")
struct AutoLineTests {
    /// A photographed page whose reading has an unsure line (its truth beside it).
    private let skewed = Paths.images + "/skewed_page.jpg"

    /// A photographed page whose search reads renderings of the page as it is beside it.
    private let noisy = Paths.images + "/phone_photo_noisy.jpg"

    private func report(_ arguments: [String], store: String? = nil, image: String? = nil) async throws -> [String: Any] {
        let result = try await Command.filterocr(["ocr", "--auto", "--json", "--no-feed"] + (store.map { ["--store", $0] } ?? ["--no-store"])
                                           + arguments + [image ?? skewed])
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    private func lines(of report: [String: Any]) throws -> [String: Any] {
        try #require((report["auto"] as? [String: Any])?["lines"] as? [String: Any])
    }

    /// Checks that `auto`'s text is its chosen rendering's reading with only the lines its report
    /// says changed replaced, in place, and every word on the page; returns the lines read again.
    private func expectOnlyChangedLinesDiffer(_ auto: [String: Any], image: String) async throws -> [[String: Any]] {
        let summary = try lines(of: auto)
        let script = try #require((auto["auto"] as? [String: Any])?["script"] as? String)
        let replay = try await Command.filterocr(["ocr", "--json", "--no-feed", "--no-store"] + (script == "original" ? [] : ["--ops", script]) + [image])
        let page = try #require(try JSONSerialization.jsonObject(with: Data(replay.standardOutput.utf8)) as? [String: Any])
        let (repaired, read) = (try #require(auto["text"] as? String), try #require(page["text"] as? String))
        let (rows, readRows) = (repaired.split(separator: "\n", omittingEmptySubsequences: false),
                                read.split(separator: "\n", omittingEmptySubsequences: false))
        #expect(rows.count == readRows.count, "rows are replaced in place, never added or dropped")
        let differing = zip(rows, readRows).filter { $0 != $1 }.count
        let changed = try #require(summary["changed"] as? Int)
        #expect(differing == changed)
        let details = try #require(summary["details"] as? [[String: Any]])
        #expect(details.count == summary["readAgain"] as? Int)
        #expect((summary["unsure"] as? Int ?? 0) >= details.count && !details.isEmpty, "the page has an unsure line: \(summary)")
        // Every word, replaced ones included, lies on the page.
        let size = try #require(auto["size"] as? [String: Any])
        let (width, height) = (try #require(size["width"] as? Int), try #require(size["height"] as? Int))
        for word in try #require(auto["words"] as? [[String: Any]]) {
            let box = try #require(word["box"] as? [Int])
            #expect(box[0] >= 0 && box[1] >= 0 && box[0] + box[2] <= width && box[1] + box[3] <= height, "\(word)")
        }
        return details
    }

    @Test("The text is the chosen rendering's reading with only the lines the report says changed replaced, their words on the page")
    func onlyChangedLinesDiffer() async throws {
        for line in try await expectOnlyChangedLinesDiffer(try report(["--explain"]), image: skewed) {
            let readings = try #require(line["readings"] as? [[String: Any]])
            #expect(readings.first?["rendering"] as? String == "page")
            #expect(readings.dropFirst().allSatisfy { ($0["rendering"] as? String)?.hasPrefix("psm 7") == true })
        }
    }

    @Test("By learned, lines are chosen from the search's readings of the same geometry: only lines said to change differ, and two runs agree")
    func learned() async throws {
        let arguments = ["--auto-by", "learned", "--explain"]
        let (auto, again) = await (try report(arguments, image: noisy), try report(arguments, image: noisy))
        #expect(auto["text"] as? String == again["text"] as? String)
        #expect(try lines(of: auto)["combined"] as? Bool == true)
        for line in try await expectOnlyChangedLinesDiffer(auto, image: noisy) {
            let readings = try #require(line["readings"] as? [[String: Any]])
            #expect(readings.first?["rendering"] as? String == "chosen" && readings.count >= 2, "\(readings)")
        }
    }

    @Test("Two runs read the same lines again and give the same text")
    func deterministic() async throws {
        let (first, second) = await (try report(["--explain"]), try report(["--explain"]))
        #expect(first["text"] as? String == second["text"] as? String)
        let (a, b) = (try lines(of: first), try lines(of: second))
        #expect(NSDictionary(dictionary: a).isEqual(to: b))
    }

    @Test("The result store keeps the crops' readings: a second run is answered whole from it")
    func stored() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/store.sqlite"
        let first = try await report([], store: store)
        let second = try await report([], store: store)
        #expect((first["timings"] as? [String: Any])?["stored"] as? Bool != true)
        #expect((second["timings"] as? [String: Any])?["stored"] as? Bool == true, "\(second["timings"] ?? "")")
        #expect(first["text"] as? String == second["text"] as? String)
    }

    @Test("--auto-by page chooses a whole page and reads no line again; --auto-line-budget 0 reads none either")
    func pageAndNoBudget() async throws {
        let page = try await report(["--auto-by", "page"])
        #expect((page["auto"] as? [String: Any])?["lines"] == nil)
        let none = try await lines(of: try report(["--auto-line-budget", "0"]))
        #expect(none["readAgain"] as? Int == 0 && none["changed"] as? Int == 0)
    }

    @Test("Usage errors of the line options", arguments: [
        (["--auto-by", "page"], "--auto-by goes with --auto"), (["--auto-line-budget", "1"], "--auto-line-budget goes with --auto"),
        (["--auto", "--auto-by", "word"], "line"), (["--auto", "--auto-line-budget", "-1"], "0 to 1000"),
        (["--auto", "--auto-by", "page", "--auto-line-budget", "2"], "goes with --auto-by line"),
    ])
    func usage(arguments: [String], reason: String) async throws {
        let result = try await Command.filterocr(["ocr"] + arguments + [skewed])
        #expect(result.status == 2 && result.standardError.contains(reason), "\(result.standardError)")
    }
}
