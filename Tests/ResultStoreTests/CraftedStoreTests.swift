import Foundation
import GRDB
import ResultStore
import Synchronization
import TestSupport
import Testing

/// A store or shard whose file was damaged or written by someone else: every value is read
/// as what it is, a shard is taken whole or not at all, and another database's log is not
/// replayed.
@Suite("A damaged or crafted store")
struct CraftedStoreTests {
    final class Warnings: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    private let key = RecognitionKey(page: digest("p1"), engine: digest("e1"), resolution: 300)
    private let source = RenderingKey(source: digest("s1"))

    /// A store holding one recognition of `key`, its rendering and a document page.
    private func filledStore(_ folder: String, warnings: Warnings = Warnings()) throws -> ResultStore {
        let store = try ResultStore(path: folder + "/results.sqlite") { line in warnings.lines.withLock { $0.append(line) } }
        store.keep(Data("{}".utf8), for: key, engine: "eng")
        store.keep(fragment: [1, 2], for: FragmentKey(recognition: key, format: "hocr", pageNumber: 0, inputName: nil))
        store.keep(StoredRendering(page: digest("p1"), width: 10, height: 20, fileResolution: 300), for: source)
        return store
    }

    private func execute(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    @Test("Values of the wrong kind or range in any column are misses, or left out of sizes and times: never a trap")
    func craftedValuesAreRead() async throws {
        let folder = try Paths.temporaryDirectory()
        let path = folder + "/results.sqlite"
        do { _ = try filledStore(folder) }
        try execute(path, """
            UPDATE recognition SET bytes = 1e300, used = 'yesterday', created = x'00';
            UPDATE fragment SET bytes = -1e300;
            UPDATE rendering SET width = 1e300, file_resolution = 'high';
            UPDATE engine SET description = x'ff00';
            INSERT INTO setting (name, value) VALUES ('limit', 'lots');
            """)
        let warnings = Warnings()
        let store = try ResultStore(path: path) { line in warnings.lines.withLock { $0.append(line) } }
        #expect(store.recognition(key) == Data("{}".utf8))
        #expect(store.rendering(source) == nil)
        #expect(store.limit == ResultStore.defaultLimit)
        let summary = try store.summary()
        #expect(summary.recognitions == 1 && summary.contentBytes == 4)
        #expect(summary.engines.first?.description == "(not readable)")
        #expect(summary.oldestUse != nil, "the lookup just now marked it used")
        try execute(path, "UPDATE recognition SET used = 1e300, content = 'text'")
        #expect(try store.summary().oldestUse == nil)
        #expect(store.recognition(key) == nil)
        #expect(warnings.all.count == 1 && warnings.all.first?.contains("does not read as a recognition") == true)
        store.keep(Data("[]".utf8), for: key, engine: "eng")
        #expect(store.recognition(key) == Data("[]".utf8), "an unreadable entry is replaced by the new recognition")
        #expect(try store.prune(to: 0) == 1)
    }

    @Test("A shard with one value of the wrong kind or range is refused, naming it, and nothing is merged",
          arguments: [
              ("UPDATE recognition SET bytes = 1e300", "bytes"),
              ("UPDATE recognition SET used = 'yesterday'", "used"),
              ("UPDATE recognition SET page = 'p1'", "page"),
              ("UPDATE recognition SET content = 'text'", "content"),
              ("UPDATE recognition SET resolution = -3", "resolution"),
              ("UPDATE fragment SET page_number = 2.5", "page_number"),
              ("UPDATE engine SET description = x'00'", "description"),
              ("UPDATE rendering SET height = 0", "height"),
              ("UPDATE rendering SET file_resolution = 'high'", "file_resolution"),
          ])
    func refusesCraftedShard(mutation: String, column: String) async throws {
        let target = try ResultStore(path: try Paths.temporaryDirectory() + "/results.sqlite") { _ in }
        let shard = try Paths.temporaryDirectory()
        do { _ = try filledStore(shard) }
        try execute(shard + "/results.sqlite", "PRAGMA foreign_keys = OFF; " + mutation)
        let before = try Data(contentsOf: URL(fileURLWithPath: shard + "/results.sqlite"))
        #expect {
            try target.merge(from: [shard + "/results.sqlite"])
        } throws: { error in
            let message = (error as? StoreError)?.errorDescription ?? ""
            return message.contains("is refused") && message.contains(column) && message.contains("nothing was merged")
        }
        #expect(try target.summary().recognitions == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: shard + "/results.sqlite")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shard) == ["results.sqlite"])
    }

    @Test("A database that is not a store is refused as a shard, and nothing is written to it or beside it")
    func refusesForeignShard() async throws {
        let folder = try Paths.temporaryDirectory()
        let foreign = folder + "/other.sqlite"
        try execute(foreign, "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let before = try Data(contentsOf: URL(fileURLWithPath: foreign))
        let target = try ResultStore(path: try Paths.temporaryDirectory() + "/results.sqlite") { _ in }
        #expect(throws: StoreError.refusedShard(path: foreign, reason: "it is not a filterocr result store (an SQLite database without a store's tables)")) {
            try target.merge(from: [foreign])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["other.sqlite"])
    }

    @Test("A write-ahead log another store left beside the store is moved aside, not replayed")
    func strayLogIsNotReplayed() async throws {
        let (mine, theirs) = (try Paths.temporaryDirectory(), try Paths.temporaryDirectory())
        do {
            let store = try ResultStore(path: mine + "/results.sqlite") { _ in }
            for index in 0..<6 { store.keep(Data("\(index)".utf8), for: RecognitionKey(page: digest("p\(index)"), engine: digest("e"), resolution: nil), engine: "eng") }
        }
        #expect(!FileManager.default.fileExists(atPath: mine + "/results.sqlite-wal"), "a store closed leaves no log")
        let other = try ResultStore(path: theirs + "/results.sqlite") { _ in }
        for index in 0..<50 { other.keep(Data(count: 1000), for: RecognitionKey(page: digest("q\(index)"), engine: digest("e"), resolution: nil), engine: "eng") }
        try FileManager.default.copyItem(atPath: theirs + "/results.sqlite-wal", toPath: mine + "/results.sqlite-wal")
        let log = try Data(contentsOf: URL(fileURLWithPath: mine + "/results.sqlite-wal"))
        let warnings = Warnings()
        let store = try ResultStore(path: mine + "/results.sqlite") { line in warnings.lines.withLock { $0.append(line) } }
        #expect(try store.summary().recognitions == 6)
        #expect(warnings.all.count == 1 && warnings.all.first?.contains("belongs to another database") == true)
        let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: mine).first { $0.hasPrefix("results.sqlite-wal.stray-") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: mine + "/" + aside)) == log)
        _ = other
    }

    @Test("A log another process is writing is its own, never set aside, even when its page 1 names another store")
    func liveLogIsLeftAlone() async throws {
        let folder = try Paths.temporaryDirectory()
        let path = folder + "/results.sqlite"
        do { _ = try filledStore(folder) }
        // A user of the store, midway: its last commit, page 1 with another identity, is in the
        // log alone, as a store's first commits are while a second process opens it.
        let user = try await BackgroundProcess("/usr/bin/python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA wal_autocheckpoint = 0")
            db.execute("PRAGMA user_version = 7")
            print("ready", flush=True)
            sys.stdin.read()
            """, path])
        defer { user.terminate() }
        #expect(await user.waitForLines(1, timeout: 60) == ["ready"])
        let warnings = Warnings()
        let store = try ResultStore(path: path) { line in warnings.lines.withLock { $0.append(line) } }
        #expect(warnings.all.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.contains("stray") })
        #expect(store.recognition(key) != nil)
        try user.input.fileHandleForWriting.close()
        #expect(await user.waitForExit(timeout: 60) && user.terminationStatus == 0)
        let userVersion = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        #expect(userVersion == 7)
    }

    @Test("The store's own log, left by a process that was killed, is replayed")
    func ownLogIsReplayed() async throws {
        let (live, copy) = (try Paths.temporaryDirectory(), try Paths.temporaryDirectory())
        let store = try ResultStore(path: live + "/results.sqlite") { _ in }
        for index in 0..<6 { store.keep(Data("\(index)".utf8), for: RecognitionKey(page: digest("p\(index)"), engine: digest("e"), resolution: nil), engine: "eng") }
        // What a killed process leaves: the file, its log and the log's index, copied while open.
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: live + "/results.sqlite" + suffix, toPath: copy + "/results.sqlite" + suffix)
        }
        let warnings = Warnings()
        let resumed = try ResultStore(path: copy + "/results.sqlite") { line in warnings.lines.withLock { $0.append(line) } }
        #expect(try resumed.summary().recognitions == 6)
        #expect(warnings.all.isEmpty)
        _ = store
    }
}
