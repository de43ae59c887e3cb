import Foundation
import TestSupport
import Testing

@Suite("Companion feed and display, end to end")
struct CompanionTests {
    @Test("The companion prints one line per recognition, with the right words, in order")
    func followsRecognitions() async throws {
        let feed = try Paths.temporaryDirectory() + "/watch/topwords.json"
        let companion = try await BackgroundProcess(Paths.filterocr, ["companion", "--feed", feed])
        defer { companion.terminate() }
        #expect(await companion.waitForError(containing: "waiting for feed", timeout: 30), "the companion says it waits")
        #expect(companion.outputLines.isEmpty, "nothing to show before the first recognition")

        let first = try await Command.filterocr(["ocr", "--feed", feed, Paths.corpus + "/phototest.tif"])
        #expect(first.status == 0)
        await companion.waitForLines(1, timeout: 60)
        let second = try await Command.filterocr(["ocr", "--feed", feed, "--stopwords", Paths.images + "/receipt.png"])
        #expect(second.status == 0)
        let lines = await companion.waitForLines(2, timeout: 60)

        #expect(lines.count == 2)
        #expect(lines.first?.contains("phototest.tif [original]: the (9), quick (4), brown (4)") == true, "\(lines)")
        let receiptTop = try await topWords(of: Paths.images + "/receipt.png", stopwords: true)
        #expect(lines.last?.contains("receipt.png [original]: \(receiptTop)") == true, "\(lines)")
        #expect(lines.first?.hasPrefix("#1 ") == true && lines.last?.hasPrefix("#2 ") == true)
        // A third update must be the third line: nothing was printed between the updates.
        #expect(try await Command.filterocr(["ocr", "--feed", feed, Paths.images + "/price_tag.bmp"]).status == 0)
        let all = await companion.waitForLines(3, timeout: 60)
        #expect(all.count == 3 && all.last?.hasPrefix("#3 ") == true, "\(all)")
    }

    @Test("companion | head -1 ends after one line")
    func endsWhenReaderGoes() async throws {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        #expect(try await Command.filterocr(["ocr", "--feed", feed, Paths.images + "/price_tag.bmp"]).status == 0)
        let pipeline = try await BackgroundProcess("/bin/sh", ["-c", "\"$0\" companion --feed \"$1\" | head -1", Paths.filterocr, feed])
        defer { pipeline.terminate() }
        #expect(await pipeline.waitForExit(timeout: 30), "the companion noticed its reader was gone")
        #expect(pipeline.outputLines.count == 1)
        #expect(pipeline.outputLines.first?.hasPrefix("#1 ") == true)
    }

    /// The top words as `filterocr ocr --json` reports them, formatted as the companion does.
    private func topWords(of image: String, stopwords: Bool) async throws -> String {
        let result = try await Command.filterocr(["ocr", "--json", "--no-feed", image] + (stopwords ? ["--stopwords"] : []))
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let top = object?["topWords"] as? [[String: Any]] ?? []
        return top.map { "\($0["word"] as? String ?? "") (\($0["count"] as? Int ?? 0))" }.joined(separator: ", ")
    }

    @Test("The feed records the recognition and the counts since the run started")
    func feedContents() async throws {
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        let image = Paths.corpus + "/phototest.tif"
        let result = try await Command.filterocr(["ocr", "--feed", feed, image, image])
        #expect(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: feed))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["sequence"] as? Int == 2)
        #expect(object["image"] as? String == image)
        #expect(object["segment"] as? String == "original")
        #expect(object["source"] as? String == "ocr")
        let top = try #require(object["topWords"] as? [[String: Any]])
        let session = try #require(object["sessionTopWords"] as? [[String: Any]])
        #expect(top.first?["count"] as? Int == 9)
        #expect(session.first?["word"] as? String == "the" && session.first?["count"] as? Int == 18)
    }

    @Test("An unwritable feed folder is one warning; recognition goes on")
    func unwritableFeed() async throws {
        let result = try await Command.filterocr(["ocr", "--feed", "/proc/no-such/topwords.json",
                                            Paths.corpus + "/phototest.tif", Paths.corpus + "/phototest.tif"])
        #expect(result.status == 0)
        #expect(result.errorLines.count == 1 && result.standardError.contains("cannot write the companion feed"))
        #expect(result.standardOutput.contains("12 point text"))
    }

    @Test("--no-feed leaves the feed alone")
    func noFeed() async throws {
        let folder = try Paths.temporaryDirectory()
        let result = try await Command.filterocr(["ocr", "--no-feed", "--feed", folder + "/f.json", Paths.corpus + "/phototest.tif"])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/f.json"))
    }
}
