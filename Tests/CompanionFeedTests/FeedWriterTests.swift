import CompanionFeed
import Foundation
import TestSupport
import Testing
import WordFrequency

private func snapshot(_ image: String = "page.png", words: [WordCount] = [WordCount(word: "fox", count: 2)]) -> FeedSnapshot {
    FeedSnapshot(updatedAt: Date(timeIntervalSince1970: 1_700_000_000.125), image: image, segment: "blur",
                 operations: ["blur 25%", "blur 75%"], topWords: words, sessionTopWords: words,
                 wordCount: 5, meanConfidence: 87, source: "ocr")
}

@Suite("Feed writer and reader")
struct FeedWriterTests {
    @Test("The feed is one flat object with the documented keys, sorted, no nulls")
    func schema() throws {
        let data = snapshot().encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["schema", "sequence", "updatedAt", "image", "segment", "operations", "topWords",
                                     "sessionTopWords", "wordCount", "meanConfidence", "source"])
        #expect(object["schema"] as? String == "filterocr.topwords/1")
        #expect(object["updatedAt"] as? String == "2023-11-14T22:13:20.125Z")
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("null"))
        #expect(text.hasPrefix("{\"image\":"))
        #expect(snapshot().encoded() == data)
    }

    @Test("Writing creates the folder, and sequences rise from the feed already there")
    func sequences() throws {
        let path = try Paths.temporaryDirectory() + "/new/folder/topwords.json"
        let writer = FeedWriter(path: path)
        #expect(writer.write(snapshot("a.png")) == nil)
        #expect(writer.write(snapshot("b.png")) == nil)
        #expect(try FeedReader(path: path).read().sequence == 2)
        let second = FeedWriter(path: path)
        #expect(second.write(snapshot("c.png")) == nil)
        let read = try FeedReader(path: path).read()
        #expect(read.sequence == 3 && read.image == "c.png")
        let leftovers = try FeedManager.contents(of: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["topwords.json"])
    }

    @Test("An unwritable folder is reported once, then writes go on failing quietly")
    func unwritable() {
        let writer = FeedWriter(path: "/proc/filterocr-feed/topwords.json")
        #expect(writer.write(snapshot()) != nil)
        #expect(writer.write(snapshot()) == nil)
        #expect(writer.lastError != nil)
    }

    @Test("The reader tells a missing feed from a foreign file")
    func readerErrors() throws {
        let folder = try Paths.temporaryDirectory()
        #expect(throws: FeedError.missing(path: folder + "/none.json")) { try FeedReader(path: folder + "/none.json").read() }
        try Data("{\"hello\": 1}".utf8).write(to: URL(fileURLWithPath: folder + "/other.json"))
        #expect {
            try FeedReader(path: folder + "/other.json").read()
        } throws: { error in
            if case .foreign = error as? FeedError { return true }
            return false
        }
    }
}

enum FeedManager {
    static func contents(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }
}

@Suite("Feed crash safety, across processes")
struct FeedCrashSafetyTests {
    private let stress = URL(fileURLWithPath: Paths.filterocr).deletingLastPathComponent().appendingPathComponent("feedstress").path

    @Test("A reader never sees a partial or empty feed, and sequences never go backwards")
    func concurrentReader() throws {
        let path = try Paths.temporaryDirectory() + "/topwords.json"
        let writes = 3000
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: stress)
        writer.arguments = [path, String(writes)]
        try writer.run()
        var (reads, failures, empty, backwards, last) = (0, 0, 0, 0, 0)
        // A writer that dies before its first write must fail the test, not hang it.
        let deadline = Date().addingTimeInterval(120)
        while writer.isRunning || reads == 0, Date() < deadline {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            reads += 1
            if data.isEmpty { empty += 1; continue }
            guard let snapshot = try? FeedReader.decode(data, path: path) else { failures += 1; continue }
            if snapshot.sequence < last { backwards += 1 }
            last = snapshot.sequence
        }
        #expect(!writer.isRunning, "feedstress did not finish \(writes) writes in 120 s")
        if writer.isRunning { writer.terminate() }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(reads > 100, "the reader should have raced the writer many times")
        #expect(failures == 0 && empty == 0 && backwards == 0)
        #expect(try FeedReader(path: path).read().sequence == writes)
    }

    /// Waits until the feed at `path` carries `sequence` or more, while `process` runs; false
    /// after `timeout` seconds or if the process ends first.
    private func waitForFeed(_ path: String, sequence: Int, from process: Process, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if let feed = try? FeedReader(path: path).read(), feed.sequence >= sequence { return true }
            usleep(1_000)
        }
        return false
    }

    @Test("A writer killed with SIGKILL mid-update leaves a complete feed")
    func killedWriter() throws {
        let path = try Paths.temporaryDirectory() + "/topwords.json"
        // Killed after its first update, then further into a run, each writer continuing the
        // sequence of the one before.
        for updates in [1, 50, 200] {
            let before = (try? FeedReader(path: path).read().sequence) ?? 0
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: stress)
            writer.arguments = [path, "1000000"]
            try writer.run()
            let reached = waitForFeed(path, sequence: before + updates, from: writer, timeout: 60)
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            #expect(reached, "feedstress did not reach update \(before + updates)")
            #expect(writer.terminationReason == .uncaughtSignal)
            let snapshot = try FeedReader(path: path).read()
            #expect(snapshot.sequence >= before + updates)
        }
    }
}
