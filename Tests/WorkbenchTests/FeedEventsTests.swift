import CompanionFeed
import Foundation
import Testing
import WordFrequency
import Workbench

@Suite("The feed as server-sent events")
struct FeedEventsTests {
    static func snapshot(_ image: String) -> FeedSnapshot {
        FeedSnapshot(image: image, segment: "blur", operations: ["blur 25%"], script: "blur",
                     topWords: [WordCount(word: "total", count: 3)], sessionTopWords: [], wordCount: 9,
                     meanConfidence: 88, source: "ocr")
    }

    /// A feed path in a new folder of its own.
    static func feedPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-events-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("topwords.json").path
    }

    @Test("An event names itself, carries the sequence as its id and the snapshot as one line of data")
    func eventFormat() async throws {
        var snapshot = Self.snapshot("receipt.png")
        snapshot.sequence = 41
        let event = String(buffer: try FeedEvents.event(for: snapshot))
        let lines = event.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines[0] == "event: feed" && lines[1] == "id: 41")
        #expect(event.hasSuffix("\n\n"))
        let data = try #require(lines[2].split(separator: "data: ", maxSplits: 1).first)
        let decoded = try FeedReader.decode(Data(data.utf8), path: "event")
        #expect(decoded == snapshot)
    }

    @Test("A subscriber gets each new snapshot that another writer puts in the file, in order")
    func followsTheFile() async throws {
        let path = try Self.feedPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let events = FeedEvents(path: path, interval: .milliseconds(10))
        let watcher = Task { try await events.run() }
        defer { watcher.cancel() }

        var received = events.subscribe().makeAsyncIterator()
        #expect(await received.next().map { String(buffer: $0) } == "retry: 1000\n\n")
        let writer = FeedWriter(path: path)
        for image in ["first.png", "second.png"] {
            #expect(writer.write(Self.snapshot(image)) == nil)
            let event = try #require(await received.next().map { String(buffer: $0) })
            #expect(event.contains(#""image":"\#(image)""#), "\(event)")
        }
    }

    @Test("A late subscriber starts with the latest snapshot; a finished subscriber is forgotten")
    func lateSubscriber() async throws {
        let path = try Self.feedPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(FeedWriter(path: path).write(Self.snapshot("already.png")) == nil)
        let events = FeedEvents(path: path, interval: .milliseconds(10))
        let watcher = Task { try await events.run() }
        defer { watcher.cancel() }

        // The first subscriber sees the file's snapshot once the watcher has read it.
        var first = events.subscribe().makeAsyncIterator()
        _ = await first.next()
        let seen = try #require(await first.next().map { String(buffer: $0) })
        #expect(seen.contains("already.png"))

        var late = Optional(events.subscribe().makeAsyncIterator())
        _ = await late?.next()
        #expect(await late?.next().map { String(buffer: $0) } == seen)
        #expect(events.subscriberCount == 2)
        late = nil
        #expect(events.subscriberCount == 1)
    }
}
