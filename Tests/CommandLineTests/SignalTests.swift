import Foundation
import TestSupport
import Testing

/// Signals and a closed pipe end a run the way Ctrl-C does: whole lines, the feed intact,
/// and an exit status that says why.
@Suite("Signals and closed pipes")
struct SignalTests {
    private let images = Array(repeating: Paths.images + "/*.png", count: 6)

    @Test("SIGINT, SIGTERM and SIGHUP into a batch writing to a pipe: whole lines, 128 + signal",
          arguments: zip([SIGINT, SIGTERM, SIGHUP], [Int32(130), 143, 129]))
    func signalIntoBatch(signal: Int32, status: Int32) async throws {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        let batch = try await BackgroundProcess(Paths.filterocr, ["batch", "--feed", feed, "-j", "2"] + images)
        defer { batch.terminate() }
        #expect(await batch.waitForLines(1, timeout: 60).count >= 1, "the run is under way")
        kill(batch.processIdentifier, signal)
        #expect(await batch.waitForExit(timeout: 60))
        #expect(batch.terminationStatus == status)
        for line in batch.outputLines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a whole line: \(line.prefix(60))")
        }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed))) as? [String: Any]
        #expect(object?["source"] as? String == "batch", "the feed is intact")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (feed as NSString).deletingLastPathComponent)
        #expect(!leftovers.contains { $0.hasSuffix(".tmp") }, "\(leftovers)")
    }

    @Test("A closed pipe ends a batch with 141 after whole lines")
    func closedPipe() async throws {
        let script = "\"$0\" batch --no-feed -j 2 \"$1\" \"$1\" \"$1\" | head -1; echo \"status ${PIPESTATUS[0]}\" >&2"
        let result = try await Command.run("/bin/bash", ["-c", script, Paths.filterocr, Paths.images + "/*.png"])
        #expect(result.standardError.contains("status 141"), "\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first)
        #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
    }

    @Test("A closed pipe ends a document on standard output with 141 and no error", arguments: ["pdf", "hocr"])
    func closedPipeDocument(format: String) async throws {
        let script = "\"$0\" batch --no-feed -j 1 --format \(format) \"$1\" \"$1\" \"$1\" \"$1\" | head -c 100 >/dev/null; "
            + "echo \"status ${PIPESTATUS[0]}\" >&2"
        let result = try await Command.run("/bin/bash", ["-c", script, Paths.filterocr, Paths.images + "/price_tag.bmp"])
        #expect(result.standardError.contains("status 141"), "\(result.standardError)")
        #expect(!result.standardError.contains("error"), "\(result.standardError)")
    }

    @Test("SIGTERM ends a REPL script after the command under way, with 143")
    func signalIntoRepl() async throws {
        let repl = try await BackgroundProcess(Paths.filterocr, ["repl", "--json", "--no-feed", "--image", Paths.images + "/receipt.png"])
        defer { repl.terminate() }
        #expect(await repl.waitForLines(1, timeout: 60).count == 1, "the first recognition is out")
        kill(repl.processIdentifier, SIGTERM)
        #expect(await repl.waitForExit(timeout: 30))
        #expect(repl.terminationStatus == 143)
    }
}
