import Foundation
import TestSupport
import Testing

/// A store is whole in its own file once the command that wrote it has exited, and `merge
/// --store` writes nothing beside the shards it reads.
@Suite("A store whole in its own file")
struct StoreWholeTests {
    private static func images() throws -> [String] {
        try Paths.imagesWithTruth().map(\.image).filter { !$0.hasSuffix("12mp.jpg") }.prefix(3).map { $0 }
    }

    /// The names in `folder`, sorted.
    private static func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private static func walBytes(_ store: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: store + "-wal"))?[.size] as? Int) ?? 0
    }

    @Test("After a batch, the store's write-ahead log is empty, and its .sqlite copied alone merges every recognition")
    func copiedAlone() async throws {
        let folder = try Paths.temporaryDirectory()
        let images = try Self.images()
        let store = folder + "/host1/results.sqlite"
        try FileManager.default.createDirectory(atPath: folder + "/host1", withIntermediateDirectories: true)
        let batch = try await Command.filterocr(["batch", "--store", store] + images)
        #expect(batch.status == 0, "\(batch.standardError)")
        #expect(Self.walBytes(store) == 0, "folded into the .sqlite")
        // Copied as docs/cluster.md shows: the .sqlite alone.
        try FileManager.default.createDirectory(atPath: folder + "/copied", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: store, toPath: folder + "/copied/results.sqlite")
        let merged = try await Command.filterocr(["merge", "--store", folder + "/all.sqlite", folder + "/copied/results.sqlite"])
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput.hasPrefix("added \(images.count) recognitions"), "\(merged.standardOutput)")
        #expect(Self.names(folder + "/copied") == ["results.sqlite"], "nothing written beside the shard")
    }

    @Test("A shard with a write-ahead log is read whole, from a copy: nothing is written beside it")
    func shardWithLog() async throws {
        let folder = try Paths.temporaryDirectory()
        let images = try Self.images()
        let store = folder + "/results.sqlite"
        #expect(try await Command.filterocr(["batch", "--store", store] + images).status == 0)
        // A recognition added in the log only, and the pair copied while the log is still open,
        // as a shard copied from a host whose batch was killed.
        let shard = folder + "/shard"
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
        let script = """
            import shutil, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA wal_autocheckpoint = 0")
            db.execute("INSERT INTO recognition (page, engine, resolution, content, bytes, created, used) "
                       "SELECT printf('%064d', 7), engine, resolution, content, bytes, created, used FROM recognition LIMIT 1")
            shutil.copy(sys.argv[1], sys.argv[2] + "/results.sqlite")
            shutil.copy(sys.argv[1] + "-wal", sys.argv[2] + "/results.sqlite-wal")
            """
        let crafted = try await Command.run("/usr/bin/python3", ["-c", script, store, shard])
        #expect(crafted.status == 0, "\(crafted.standardError)")
        let before = try Self.names(shard).map { ($0, try Data(contentsOf: URL(fileURLWithPath: shard + "/" + $0))) }
        #expect(before.map(\.0) == ["results.sqlite", "results.sqlite-wal"])
        let merged = try await Command.filterocr(["merge", "--store", folder + "/all.sqlite", shard + "/results.sqlite"])
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput.hasPrefix("added \(images.count + 1) recognitions"), "the log's too: \(merged.standardOutput)")
        let after = try Self.names(shard).map { ($0, try Data(contentsOf: URL(fileURLWithPath: shard + "/" + $0))) }
        #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1), "nothing written to it or beside it")
    }

    @Test("merge --store never merges into one of its shards")
    func storeIntoItsShard() async throws {
        let folder = try Paths.temporaryDirectory()
        let store = folder + "/results.sqlite"
        #expect(try await Command.filterocr(["batch", "--store", store] + Self.images().prefix(1)).status == 0)
        let merged = try await Command.filterocr(["merge", "--store", store, store])
        #expect(merged.status != 0)
        #expect(merged.errorLines.count == 1 && merged.standardError.contains("is one of the parts being merged"))
    }
}
