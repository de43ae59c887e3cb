import Foundation
import TestSupport
import Testing

/// A batch killed outright (SIGKILL, no chance to tidy up) and run again with the same
/// arguments recognises only what it had not finished, and writes what an uninterrupted run writes.
@Suite("Batches that resume", .serialized)
struct ResumeTests {
    static let pages = 60

    /// Sixty different small pages, made once for the suite.
    static let strips = Task<[String], Never> {
        let folder = (try? Paths.temporaryDirectory()) ?? NSTemporaryDirectory()
        return (try? await TestDocuments.strips(of: Paths.images + "/book_page.png", count: pages, in: folder)) ?? []
    }

    /// How far a document on standard output has got: its pages so far.
    static func pagesWritten(_ format: String, _ output: Substring) -> Int {
        switch format {
        case "hocr": output.components(separatedBy: "class='ocr_page'").count - 1
        case "alto": output.components(separatedBy: "<Page ").count - 1
        case "tsv": output.split(separator: "\n").filter { $0.hasPrefix("1\t") }.count
        case "txt": output.filter { $0 == "\u{0C}" }.count
        default: output.split(separator: "\n").count
        }
    }

    /// Runs the batch, kills it with SIGKILL once about half the pages are out, and returns
    /// how many were out.
    private func killedHalfway(_ arguments: [String], format: String) async throws -> Int {
        let run = try await BackgroundProcess(Paths.filterocr, arguments)
        let halfway = await run.waitForTranscript(timeout: 600) { Self.pagesWritten(format, $0) >= Self.pages / 2 }
        kill(run.processIdentifier, SIGKILL)
        #expect(await run.waitForExit(timeout: 60))
        #expect(halfway, "the batch never got half way")
        return Self.pagesWritten(format, Substring(run.transcript))
    }

    @Test("JSON Lines: the rerun recognises at most the pages in flight, and prints what one run prints apart from timings")
    func jsonLines() async throws {
        let strips = await Self.strips.value
        try #require(strips.count == Self.pages)
        let folder = try Paths.temporaryDirectory()
        let arguments = ["batch", "-j", "2", "--no-truth"] + strips
        let whole = try await Command.filterocr(arguments + ["--no-store"])
        #expect(whole.status == 0)
        let store = folder + "/results.sqlite"
        let out = try await killedHalfway(arguments + ["--store", store], format: "jsonl")
        #expect(out < Self.pages, "the batch finished before it was killed")
        let rerun = try await Command.filterocr(arguments + ["--store", store])
        #expect(rerun.status == 0)
        let lines = rerun.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.pages)
        let recognised = lines.indices.filter { !lines[$0].contains("\"stored\":true") }
        // Every page the killed run printed comes from the store; what is recognised again is
        // at most what it had not printed: the pages in flight, and those it never reached.
        #expect(recognised.allSatisfy { $0 >= out }, "printed before the kill but recognised again: \(recognised)")
        #expect(recognised.count <= Self.pages - out)
        #expect(try Self.withoutTimings(lines) == Self.withoutTimings(whole.standardOutput.split(separator: "\n").map(String.init)))
    }

    @Test("Documents: after a kill, the rerun writes byte for byte what one uninterrupted run writes",
          arguments: ["txt", "tsv", "hocr", "alto"])
    func documents(format: String) async throws {
        let strips = await Self.strips.value
        try #require(strips.count == Self.pages)
        let folder = try Paths.temporaryDirectory()
        let arguments = ["batch", "-j", "2", "--no-truth", "--format", format, "-o", "-"] + strips
        let whole = try await Command.filterocr(arguments + ["--no-store"])
        #expect(whole.status == 0)
        let store = folder + "/results.sqlite"
        let out = try await killedHalfway(arguments + ["--store", store], format: format)
        #expect(out < Self.pages)
        let rerun = try await Command.filterocr(arguments + ["--store", store])
        #expect(rerun.status == 0)
        #expect(rerun.outputData == whole.outputData)
        // Every page's reading is kept, with the layout its document page is written from: no
        // page's bytes are kept besides.
        let shown = try await Command.filterocr(["store", "show", "--json", "--store", store])
        let summary = try #require(try JSONSerialization.jsonObject(with: shown.outputData) as? [String: Any])
        #expect(summary["recognitions"] as? Int == Self.pages)
        #expect(summary["documentPages"] as? Int == 0)
    }

    static func withoutTimings(_ lines: [String]) throws -> [String] {
        try lines.map { line in
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            object["timings"] = nil
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        }
    }
}
