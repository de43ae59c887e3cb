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
        let data = try snapshot().encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["schema", "sequence", "updatedAt", "image", "segment", "operations", "topWords",
                                     "sessionTopWords", "wordCount", "meanConfidence", "source"])
        #expect(object["schema"] as? String == "filterocr.topwords/1")
        #expect(object["updatedAt"] as? String == "2023-11-14T22:13:20.125Z")
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("null"))
        #expect(text.hasPrefix("{\"image\":"))
        #expect(try snapshot().encoded() == data)
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
        #expect(leftovers == [".topwords.json.lock", "topwords.json"], "the feed and its lock, no temporary file")
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

@Suite("Feed writer limits")
struct FeedWriterLimitTests {
    @Test("A feed at the largest sequence starts again from 1 instead of overflowing")
    func sequenceLimit() throws {
        let path = try Paths.temporaryDirectory() + "/topwords.json"
        var full = snapshot()
        full.sequence = Int.max
        try full.encoded().write(to: URL(fileURLWithPath: path))
        #expect(FeedWriter(path: path).write(snapshot("next.png")) == nil)
        let read = try FeedReader(path: path).read()
        #expect(read.sequence == 1 && read.image == "next.png")
    }

    @Test("Temporary files of writers that died are removed by the next write; live ones are kept")
    func staleTemporaries() throws {
        let folder = try Paths.temporaryDirectory()
        let path = folder + "/topwords.json"
        // PID 2^22 + 1 is above Linux's largest, so no process has it.
        let stale = folder + "/.topwords.json.4194305.17.tmp", live = folder + "/.topwords.json.\(getpid()).9.tmp"
        for file in [stale, live] { try Data("{".utf8).write(to: URL(fileURLWithPath: file)) }
        #expect(FeedWriter(path: path).write(snapshot()) == nil)
        let names = try FeedManager.contents(of: folder)
        #expect(!names.contains(".topwords.json.4194305.17.tmp"))
        #expect(names.contains(".topwords.json.\(getpid()).9.tmp"), "this process is alive: its file may be in use")
    }

    @Test("A FIFO or a folder as the feed is refused and left as it is", arguments: ["fifo", ".", "dir/"])
    func specialPaths(name: String) throws {
        let folder = try Paths.temporaryDirectory()
        if name == "fifo" { #expect(mkfifo(folder + "/fifo", 0o600) == 0) }
        if name == "dir/" { try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true) }
        let message = try #require(FeedWriter(path: folder + "/" + name).write(snapshot())).description
        #expect(message.contains(name == "fifo" ? "FIFO" : "directory"), "\(message)")
        var info = stat()
        #expect(name != "fifo" || (lstat(folder + "/fifo", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO))
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
    /// after `timeout` seconds or if the process ends first. The feed is looked at before the
    /// clock, so a test task that the shared pool ran late still sees a feed written meanwhile.
    private func waitForFeed(_ path: String, sequence: Int, from process: Process, timeout: Double) async -> Bool {
        let reached = { ((try? FeedReader(path: path).read().sequence) ?? 0) >= sequence }
        _ = await BackgroundProcess.wait(timeout: timeout) { reached() || !process.isRunning }
        return reached()
    }

    @Test("Concurrent writers of one feed: the sequence rises strictly, a reader never sees a partial feed")
    func concurrentWriters() throws {
        let path = try Paths.temporaryDirectory() + "/topwords.json"
        let writes = Int(ProcessInfo.processInfo.environment["FILTEROCR_FEED_WRITES"] ?? "") ?? 1500
        let writers = try (0..<2).map { _ in
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: stress)
            writer.arguments = [path, String(writes)]
            try writer.run()
            return writer
        }
        var (reads, failures, backwards, last) = (0, 0, 0, 0)
        let deadline = Date().addingTimeInterval(180)
        while writers.contains(where: \.isRunning), Date() < deadline {
            guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { continue }
            reads += 1
            guard let feed = try? FeedReader.decode(data, path: path) else { failures += 1; continue }
            if feed.sequence < last { backwards += 1 }
            last = feed.sequence
        }
        for writer in writers {
            if writer.isRunning { writer.terminate() }
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        #expect(reads > 100 && failures == 0 && backwards == 0, "reads \(reads), failures \(failures), backwards \(backwards)")
        #expect(try FeedReader(path: path).read().sequence == 2 * writes, "every write took its own number")
    }

    @Test("A writer killed with SIGKILL mid-update leaves a complete feed")
    func killedWriter() async throws {
        let path = try Paths.temporaryDirectory() + "/topwords.json"
        // Killed after its first update, then further into a run, each writer continuing the
        // sequence of the one before.
        for updates in [1, 50, 200] {
            let before = (try? FeedReader(path: path).read().sequence) ?? 0
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: stress)
            writer.arguments = [path, "1000000"]
            try writer.run()
            let reached = await waitForFeed(path, sequence: before + updates, from: writer, timeout: 60)
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            #expect(reached, "feedstress did not reach update \(before + updates)")
            #expect(writer.terminationReason == .uncaughtSignal)
            let snapshot = try FeedReader(path: path).read()
            #expect(snapshot.sequence >= before + updates)
        }
    }
}
