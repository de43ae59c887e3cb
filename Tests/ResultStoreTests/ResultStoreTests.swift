import Foundation
import GRDB
import ResultStore
import Synchronization
import TestSupport
import Testing

@Suite("The result store")
struct ResultStoreTests {
    let key = RecognitionKey(page: digest("p1"), engine: digest("e1"), resolution: 300)

    /// What a store said through its `warn`.
    final class Warnings: Sendable {
        let lines = Mutex<[String]>([])
    }

    private func newStore(_ folder: String, warnings: Warnings? = nil) throws -> ResultStore {
        try ResultStore(path: folder + "/results.sqlite") { message in warnings?.lines.withLock { $0.append(message) } }
    }

    @Test("A recognition kept under its key is found under that key and no other")
    func keepsUnderKey() throws {
        let store = try newStore(try Paths.temporaryDirectory())
        store.keep(Data("hello".utf8), for: key, engine: "eng psm 3")
        #expect(store.recognition(key) == Data("hello".utf8))
        #expect(store.recognition(RecognitionKey(page: "p1", engine: "e1", resolution: nil)) == nil)
        #expect(store.recognition(RecognitionKey(page: "p1", engine: "e2", resolution: 300)) == nil)
        #expect(store.recognition(RecognitionKey(page: "p2", engine: "e1", resolution: 300)) == nil)
    }

    @Test("A document page is kept with its recognition, under its format, place and input name")
    func keepsFragments() throws {
        let store = try newStore(try Paths.temporaryDirectory())
        let page = FragmentKey(recognition: key, format: "hocr", pageNumber: 2, inputName: "a.png")
        store.keep(fragment: [1, 2, 3], for: page)
        #expect(store.fragment(page) == nil, "a page needs its recognition stored first")
        store.keep(Data("text".utf8), for: key, engine: "eng")
        store.keep(fragment: [1, 2, 3], for: page)
        #expect(store.fragment(page) == [1, 2, 3])
        #expect(store.fragment(FragmentKey(recognition: key, format: "hocr", pageNumber: 3, inputName: "a.png")) == nil)
        #expect(store.fragment(FragmentKey(recognition: key, format: "alto", pageNumber: 2, inputName: "a.png")) == nil)
        #expect(store.fragment(FragmentKey(recognition: key, format: "hocr", pageNumber: 2, inputName: "b.png")) == nil)
    }

    @Test("A rendering is found under its source, replaced by a newer one, and pruned with its pixels' last recognition")
    func keepsRenderings() throws {
        let store = try newStore(try Paths.temporaryDirectory())
        let (source, elsewhere) = (RenderingKey(source: "s1"), RenderingKey(source: "s2"))
        let rendering = StoredRendering(page: "p1", width: 1650, height: 2400, fileResolution: 300)
        store.keep(Data("text".utf8), for: key, engine: "eng")
        store.keep(rendering, for: source)
        #expect(store.rendering(source) == rendering)
        #expect(store.rendering(elsewhere) == nil)
        let redone = StoredRendering(page: "p2", width: 10, height: 20, fileResolution: nil)
        store.keep(redone, for: source)
        #expect(store.rendering(source) == redone)
        store.keep(Data("other".utf8), for: RecognitionKey(page: "p2", engine: "e1", resolution: nil), engine: "eng")
        store.keep(rendering, for: elsewhere)
        // Only the recognition of p2 survives: the rendering of p1 goes with p1's.
        _ = store.recognition(RecognitionKey(page: "p2", engine: "e1", resolution: nil))
        #expect(try store.prune(to: 5) == 1)
        #expect(store.rendering(elsewhere) == nil)
        #expect(store.rendering(source) == redone)
        try store.clear()
        #expect(store.rendering(source) == nil)
    }

    @Test("Pruning removes the least recently used entries first, with their document pages")
    func prunesLeastRecentlyUsed() throws {
        let store = try newStore(try Paths.temporaryDirectory())
        let keys = (0..<10).map { RecognitionKey(page: "p\($0)", engine: "e", resolution: nil) }
        for key in keys { store.keep(Data(repeating: 7, count: 1000), for: key, engine: "eng") }
        store.keep(fragment: [UInt8](repeating: 1, count: 10), for: FragmentKey(recognition: keys[1], format: "txt", pageNumber: 0, inputName: nil))
        // Reading the first marks it used now: it outlives the ones kept after it.
        _ = store.recognition(keys[0])
        let removed = try store.prune(to: 5000)
        #expect(removed >= 5)
        #expect(store.recognition(keys[0]) != nil)
        #expect(store.recognition(keys[1]) == nil)
        #expect(store.fragment(FragmentKey(recognition: keys[1], format: "txt", pageNumber: 0, inputName: nil)) == nil)
        let summary = try store.summary()
        #expect(summary.contentBytes <= 5000)
        #expect(summary.recognitions == 10 - removed)
    }

    @Test("A store of the first schema is brought up to date and keeps its recognitions")
    func migratesFirstSchema() throws {
        let folder = try Paths.temporaryDirectory()
        let path = folder + "/results.sqlite"
        let old = try DatabaseQueue(path: path)
        try old.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1 recognitions');
                CREATE TABLE engine (id TEXT PRIMARY KEY, description TEXT NOT NULL);
                CREATE TABLE recognition (id INTEGER PRIMARY KEY, page TEXT NOT NULL, engine TEXT NOT NULL REFERENCES engine(id),
                    resolution INTEGER NOT NULL, content BLOB NOT NULL, bytes INTEGER NOT NULL, created REAL NOT NULL,
                    used REAL NOT NULL, UNIQUE (page, engine, resolution));
                CREATE INDEX recognition_used ON recognition(used);
                CREATE TABLE setting (name TEXT PRIMARY KEY, value);
                INSERT INTO engine VALUES ('\(digest("e1"))', 'eng');
                INSERT INTO recognition (page, engine, resolution, content, bytes, created, used)
                    VALUES ('\(digest("p1"))', '\(digest("e1"))', 300, x'6f6c64', 3, 0, 0);
                """)
        }
        try old.close()
        let store = try ResultStore(path: path) { _ in }
        #expect(store.recognition(key) == Data("old".utf8))
        let page = FragmentKey(recognition: key, format: "tsv", pageNumber: 0, inputName: nil)
        store.keep(fragment: [9], for: page)
        #expect(store.fragment(page) == [9])
        #expect(try store.summary().schemaVersion == 4)
    }

    @Test("A shard of the first schema merges into a store of this one, its contents whole")
    func mergesFirstSchemaShard() throws {
        let folder = try Paths.temporaryDirectory()
        let shard = folder + "/shard.sqlite"
        let old = try DatabaseQueue(path: shard)
        try old.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1 recognitions');
                CREATE TABLE engine (id TEXT PRIMARY KEY, description TEXT NOT NULL);
                CREATE TABLE recognition (
                    id INTEGER PRIMARY KEY,
                    page TEXT NOT NULL,
                    engine TEXT NOT NULL REFERENCES engine(id),
                    resolution INTEGER NOT NULL,
                    content BLOB NOT NULL,
                    bytes INTEGER NOT NULL,
                    created REAL NOT NULL,
                    used REAL NOT NULL,
                    UNIQUE (page, engine, resolution));
                CREATE INDEX recognition_used ON recognition(used);
                CREATE TABLE setting (name TEXT PRIMARY KEY, value);
                INSERT INTO engine VALUES ('\(digest("e1"))', 'eng');
                INSERT INTO recognition (page, engine, resolution, content, bytes, created, used)
                    VALUES ('\(digest("p1"))', '\(digest("e1"))', 300, x'6f6c64', 3, 0, 0);
                """)
        }
        try old.close()
        let store = try newStore(folder)
        #expect(try store.merge(from: [shard]) == 1)
        #expect(store.recognition(key) == Data("old".utf8))
    }

    @Test("A store written by a later release is refused with one line that says what to do")
    func refusesNewerSchema() throws {
        let folder = try Paths.temporaryDirectory()
        do {
            let store = try newStore(folder)
            store.keep(Data("x".utf8), for: key, engine: "eng")
        }
        let queue = try DatabaseQueue(path: folder + "/results.sqlite")
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9 from the future')") }
        try queue.close()
        #expect(throws: StoreError.newerSchema(path: folder + "/results.sqlite")) { try newStore(folder) }
        let message = StoreError.newerSchema(path: "s.sqlite").errorDescription ?? ""
        #expect(message.contains("--no-store") && !message.contains("\n"))
    }

    @Test("A damaged store file is set aside, said in one line, and a new store takes its place")
    func setsDamagedStoreAside() throws {
        let folder = try Paths.temporaryDirectory()
        let path = folder + "/results.sqlite"
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let warnings = Warnings()
        let store = try newStore(folder, warnings: warnings)
        store.keep(Data("new".utf8), for: key, engine: "eng")
        #expect(store.recognition(key) == Data("new".utf8))
        let said = warnings.lines.withLock { $0 }
        #expect(said.count == 1)
        #expect(said.first?.contains("damaged") == true && said.first?.contains("set aside as") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let aside = try #require(names.first { $0.hasPrefix("results.sqlite.damaged-") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + aside)) == Data(repeating: 0x5A, count: 8192))
    }

    @Test("Merging a shard's store adds what this one lacks, document pages included, and nothing twice")
    func mergesShardStores() throws {
        let (first, second) = (try newStore(try Paths.temporaryDirectory()), try newStore(try Paths.temporaryDirectory()))
        let other = RecognitionKey(page: digest("p2"), engine: digest("e1"), resolution: 300)
        first.keep(Data("one".utf8), for: key, engine: "eng")
        second.keep(Data("one".utf8), for: key, engine: "eng")
        second.keep(Data("two".utf8), for: other, engine: "eng")
        let page = FragmentKey(recognition: other, format: "alto", pageNumber: 1, inputName: "b.png")
        second.keep(fragment: [4, 2], for: page)
        let rendering = StoredRendering(page: digest("p2"), width: 10, height: 20, fileResolution: nil)
        let source = RenderingKey(source: digest("b.png's bytes"))
        second.keep(rendering, for: source)
        #expect(try first.merge(from: [second.path]) == 1)
        #expect(first.recognition(other) == Data("two".utf8))
        #expect(first.fragment(page) == [4, 2])
        #expect(first.rendering(source) == rendering)
        #expect(try first.merge(from: [second.path]) == 0)
        #expect(try first.summary().recognitions == 2)
    }

    @Test("Two stores on one file, written from many threads at once, lose nothing")
    func concurrentWritersLoseNothing() throws {
        let folder = try Paths.temporaryDirectory()
        let stores = [try newStore(folder), try newStore(folder)]
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            stores[index % 2].keep(Data("\(index)".utf8), for: RecognitionKey(page: "p\(index)", engine: "e", resolution: nil),
                                   engine: "eng")
        }
        for index in 0..<200 {
            #expect(stores[(index + 1) % 2].recognition(RecognitionKey(page: "p\(index)", engine: "e", resolution: nil))
                    == Data("\(index)".utf8))
        }
    }
}

/// A digest-shaped key for `name`: 64 hex digits, as the store's keys are.
func digest(_ name: String) -> String {
    let hex = name.utf8.map { String($0, radix: 16) }.joined()
    return String((hex + String(repeating: "0", count: 64)).prefix(64))
}
