import Foundation
import Runs
import Testing
import TextComparison

/// SPEC §20 over pages as the report takes them in.
@Suite("Corpus report")
struct CorpusReportTests {
    private let entries = [
        CorpusEntry(image: "long.png", outcome: .read("the quick brown fox jumps over the lazy dog"),
                    truth: "the quick brown fox jumps over the lazy dog."),
        CorpusEntry(image: "none.png", outcome: .read("read without a truth")),
        CorpusEntry(image: "short.png", outcome: .read("cot"), truth: "cat"),
        CorpusEntry(image: "bad.png", outcome: .failed("bad.png: not an image"), truth: "anything"),
        CorpusEntry(image: "scan.pdf", page: 2, outcome: .skipped("has text of its own"), truth: "page two"),
        CorpusEntry(image: "same.png", outcome: .read("perfect"), truth: "perfect"),
    ]

    @Test("Pages without truth, failed or skipped count in no rate; micro and macro come from the scored pages")
    func rates() throws {
        let report = CorpusReport(source: "corpus/", entries: entries)
        #expect(report.accuracy.pages == 3)
        #expect(report.accuracy.totals.characterErrors == 2)
        #expect(report.accuracy.totals.characters == 44 + 3 + 7)
        #expect(report.accuracy.microCharacterErrorRate == 2.0 / 54)
        #expect(report.accuracy.macroCharacterErrorRate == (1.0 / 44 + 1.0 / 3 + 0) / 3)
        #expect([report.count(.scored), report.count(.noTruth), report.count(.failed), report.count(.skipped)] as [Int] == [3, 1, 1, 1])
    }

    @Test("Scored pages worst first, then the others in input order")
    func order() {
        let report = CorpusReport(source: "corpus/", entries: entries)
        #expect(report.pages.map(\.name) == ["short.png", "long.png", "same.png", "none.png", "bad.png", "scan.pdf page 2"])
        #expect(report.scoredPages.count == 3)
    }

    @Test("Confusions are summed over the scored pages only")
    func confusions() {
        let report = CorpusReport(source: "corpus/", entries: entries)
        let pairs = report.confusions.map { "\($0.truth)>\($0.recognized) \($0.count)" }
        #expect(pairs == [".> 1", "a>o 1"])
    }

    @Test("The JSON has a schema version, the summary, every page and the confusions, keys sorted")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(CorpusReport(source: "corpus/", entries: entries))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == CorpusReport.schemaVersion)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["scoredPages"] as? Int == 3 && summary["pagesWithoutTruth"] as? Int == 1)
        #expect(summary["characterErrors"] as? Int == 2 && summary["characters"] as? Int == 54)
        #expect(summary["microCharacterErrorRate"] as? Double == Accuracy.rounded(2.0 / 54))
        let pages = try #require(object["pages"] as? [[String: Any]])
        let first = try #require(pages.first)
        #expect(first["image"] as? String == "short.png" && first["status"] as? String == "scored")
        #expect(first["truth"] as? String == "cat" && first["text"] as? String == "cot")
        let segments = try #require(first["alignment"] as? [[String: String]])
        #expect(segments.map { $0["kind"] ?? "" } == ["equal", "substituted", "equal"])
        let unscored = try #require(pages.first { $0["image"] as? String == "none.png" })
        #expect(unscored["status"] as? String == "noTruth" && unscored["characterErrorRate"] == nil)
        #expect(unscored["text"] as? String == "read without a truth")
        let failed = try #require(pages.first { $0["image"] as? String == "bad.png" })
        #expect(failed["reason"] as? String == "bad.png: not an image" && failed["text"] == nil)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"confusions":"#))
    }

    @Test("A batch's JSON Lines give its pages: recognitions, errors and skipped pages; blank lines pass")
    func batchLines() throws {
        let lines = """
            {"image":"a.png","text":"hello\\n","script":"binarize","accuracy":{"characterErrorRate":0}}

            {"image":"scan.pdf","page":2,"pageCount":3,"text":"page"}
            {"image":"b.png","error":"b.png: not an image"}
            {"image":"scan.pdf","page":3,"skipped":"has text of its own; left as it is (--skip-text)"}
            """
        let entries = try BatchResults.entries(in: Array(lines.utf8), name: "results.jsonl")
        #expect(entries == [
            CorpusEntry(image: "a.png", script: "binarize", outcome: .read("hello\n")),
            CorpusEntry(image: "scan.pdf", page: 2, outcome: .read("page")),
            CorpusEntry(image: "b.png", outcome: .failed("b.png: not an image")),
            CorpusEntry(image: "scan.pdf", page: 3, outcome: .skipped("has text of its own; left as it is (--skip-text)")),
        ])
    }

    @Test("A line that is not a batch's is refused with the file and the line number", arguments: [
        ("{\"image\":\"a.png\",\"text\":\"x\"}\nnot json\n", "results.jsonl line 2: not JSON"),
        ("{\"text\":\"x\"}\n", "results.jsonl line 1: no \"image\""),
        ("{\"image\":\"a.png\"}\n", "results.jsonl line 1: neither \"text\" nor \"error\""),
    ])
    func badLines(text: String, message: String) {
        #expect {
            _ = try BatchResults.entries(in: Array(text.utf8), name: "results.jsonl")
        } throws: { error in
            (error as? BatchResults.ReadError)?.message.hasPrefix(message) == true
        }
    }

    @Test("Truths are found as the recognition finds them: NAME.txt beside the image, NAME-pN.txt for a page")
    func truths() throws {
        let folder = NSTemporaryDirectory() + "corpus-report-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "the truth".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        try "page two".write(toFile: folder + "/scan-p2.txt", atomically: true, encoding: .utf8)
        let image = CorpusEntry(image: folder + "/a.png", outcome: .read("the trvth"))
        #expect(try image.findingTruth(in: .sidecar).truth == "the truth")
        let page = CorpusEntry(image: folder + "/scan.pdf", page: 2, outcome: .read("page tw0"))
        #expect(try page.findingTruth(in: .sidecar).truth == "page two")
        let missing = CorpusEntry(image: folder + "/b.png", outcome: .read("x"))
        #expect(try missing.findingTruth(in: .sidecar).truth == nil)
        // Shown under one name, found under another (a name that is not UTF-8 is shown escaped).
        #expect(try missing.findingTruth(in: .sidecar, path: folder + "/a.png").truth == "the truth")
    }
}
