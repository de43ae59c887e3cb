import FileSystem
import Foundation
import GRDB
import Synchronization

/// Recognitions and document pages kept in SQLite under what determines them, so that any
/// command, in any process on the host, answers from them instead of recognising again.
///
/// The store is a cache: every failure to read or write it is said once, through `warn`, and
/// the store then stays out of the way for the rest of the process; it never fails a run.
/// Several processes may use one store at once (WAL, and a wait for a busy writer).
public final class ResultStore: Sendable {
    /// The default size a store is kept under, when none has been set (`filterocr store --limit`).
    public static let defaultLimit = 1 << 30

    public let path: String
    private let pool: DatabasePool
    private let warn: @Sendable (String) -> Void
    /// Set after the first failure: the store is then left alone.
    private let failed = Atomic<Bool>(false)
    /// Entries kept since the size was last checked.
    private let keptSinceCheck = Atomic<Int>(0)
    /// How often (in entries kept) the size is checked against the limit.
    private static let checkEvery = 32

    /// Opens (or creates) the store at `path`, bringing an older schema up to date.
    ///
    /// A damaged file is renamed aside (said through `warn`) and a new store made in its place.
    /// - Throws: `StoreError.newerSchema` for a store of a later release;
    ///   `StoreError.unusable` when the file cannot be opened at all.
    public init(path: String, warn: @escaping @Sendable (String) -> Void) throws(StoreError) {
        self.path = path
        self.warn = warn
        do {
            pool = try Self.open(path)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where Self.isDamage(error) {
            let aside = Self.setAside(path)
            warn(StoreError.damaged(path: PathEncoding.displayed(path), setAside: PathEncoding.displayed(aside),
                                    reason: Self.reason(error)).errorDescription ?? "")
            do {
                pool = try Self.open(path)
            } catch {
                throw .unusable(path: PathEncoding.displayed(path), reason: Self.reason(error))
            }
        } catch {
            throw .unusable(path: PathEncoding.displayed(path), reason: Self.reason(error))
        }
    }

    private static func open(_ path: String) throws -> DatabasePool {
        let folder = AtomicFile.folder(of: path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        // Shards on one host write one store: a writer waits for another rather than failing.
        configuration.busyMode = .timeout(60)
        // In WAL mode NORMAL loses no commit to a killed process, only perhaps the last ones to
        // a power cut, never the file's integrity: right for a cache, and no sync per entry.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        let superseded = try pool.read { db in try StoreSchema.migrator.hasBeenSuperseded(db) }
        if superseded { throw StoreError.newerSchema(path: PathEncoding.displayed(path)) }
        try StoreSchema.migrator.migrate(pool)
        // A file that is not a database shows it only when its pages are read.
        _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM recognition") }
        return pool
    }

    // MARK: Recognitions

    /// The stored recognition under `key`, marked as used now; nil when there is none.
    public func recognition(_ key: RecognitionKey) -> Data? {
        attempt { pool in
            try pool.write { db -> Data? in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT id, content FROM recognition WHERE page = ? AND engine = ? AND resolution = ?
                    """, arguments: [key.page, key.engine, key.resolution]) else { return nil }
                try db.execute(sql: "UPDATE recognition SET used = ? WHERE id = ?",
                               arguments: [Date().timeIntervalSince1970, row["id"] as Int64])
                return row["content"] as Data
            }
        } ?? nil
    }

    /// Keeps `content` under `key`; `engine` describes the engine for `filterocr store`.
    public func keep(_ content: Data, for key: RecognitionKey, engine: String) {
        attempt { pool in
            let now = Date().timeIntervalSince1970
            try pool.write { db in
                try db.execute(sql: "INSERT INTO engine (id, description) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               arguments: [key.engine, engine])
                try db.execute(sql: """
                    INSERT INTO recognition (page, engine, resolution, content, bytes, created, used)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (page, engine, resolution) DO UPDATE SET used = excluded.used
                    """, arguments: [key.page, key.engine, key.resolution, content, content.count, now, now])
            }
        }
        keptOne()
    }

    // MARK: Document pages

    /// The bytes a renderer wrote for the page under `key`; nil when they were not kept.
    public func fragment(_ key: FragmentKey) -> [UInt8]? {
        attempt { pool in
            try pool.read { db -> [UInt8]? in
                let data = try Data.fetchOne(db, sql: """
                    SELECT f.content FROM fragment f JOIN recognition r ON r.id = f.recognition
                    WHERE r.page = ? AND r.engine = ? AND r.resolution = ? AND f.format = ? AND f.page_number = ?
                    AND f.input_name = ?
                    """, arguments: [key.recognition.page, key.recognition.engine, key.recognition.resolution,
                                     key.format, key.pageNumber, key.inputName])
                return data.map { [UInt8]($0) }
            }
        } ?? nil
    }

    /// Keeps the bytes a renderer wrote for a page whose recognition is stored.
    public func keep(fragment bytes: [UInt8], for key: FragmentKey) {
        attempt { pool in
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO fragment (recognition, format, page_number, input_name, content, bytes)
                    SELECT id, ?, ?, ?, ?, ? FROM recognition WHERE page = ? AND engine = ? AND resolution = ?
                    ON CONFLICT DO NOTHING
                    """, arguments: [key.format, key.pageNumber, key.inputName, Data(bytes), bytes.count,
                                     key.recognition.page, key.recognition.engine, key.recognition.resolution])
            }
        }
    }

    // MARK: Renderings

    /// What the file's page under `key` rendered to when it was last recognised, marked as
    /// used now; nil when that is not known.
    public func rendering(_ key: RenderingKey) -> StoredRendering? {
        attempt { pool in
            try pool.write { db -> StoredRendering? in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT page, width, height, file_resolution FROM rendering WHERE source = ?
                    """, arguments: [key.source]) else { return nil }
                try db.execute(sql: "UPDATE rendering SET used = ? WHERE source = ?",
                               arguments: [Date().timeIntervalSince1970, key.source])
                return StoredRendering(page: row["page"], width: row["width"], height: row["height"],
                                       fileResolution: row["file_resolution"])
            }
        } ?? nil
    }

    /// Keeps what the file's page under `key` rendered to.
    public func keep(_ rendering: StoredRendering, for key: RenderingKey) {
        attempt { pool in
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO rendering (source, page, width, height, file_resolution, used) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (source) DO UPDATE SET page = excluded.page, width = excluded.width,
                        height = excluded.height, file_resolution = excluded.file_resolution, used = excluded.used
                    """, arguments: [key.source, rendering.page, rendering.width, rendering.height,
                                     rendering.fileResolution, Date().timeIntervalSince1970])
            }
        }
    }

    // MARK: Size

    /// The size the store is kept under.
    public var limit: Int {
        (attempt { pool in try pool.read { db in try Int.fetchOne(db, sql: "SELECT value FROM setting WHERE name = 'limit'") } } ?? nil)
            ?? Self.defaultLimit
    }

    /// Sets the size the store is kept under, and prunes it to that size.
    public func setLimit(_ bytes: Int) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT INTO setting (name, value) VALUES ('limit', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                           arguments: [bytes])
        }
        try prune(to: bytes)
    }

    /// Removes the least recently used entries until the contents take at most `bytes`;
    /// returns how many recognitions were removed.
    @discardableResult
    public func prune(to bytes: Int) throws -> Int {
        try pool.write { db -> Int in
            let entries = try Row.fetchAll(db, sql: """
                SELECT r.id, r.bytes + (SELECT total(f.bytes) FROM fragment f WHERE f.recognition = r.id) AS size
                FROM recognition r ORDER BY r.used, r.id
                """)
            var excess = entries.reduce(0) { $0 + Int($1["size"] as Double) } - bytes
            var doomed: [Int64] = []
            for entry in entries where excess > 0 {
                doomed.append(entry["id"])
                excess -= Int(entry["size"] as Double)
            }
            for chunk in stride(from: 0, to: doomed.count, by: 500) {
                let ids = doomed[chunk..<min(chunk + 500, doomed.count)]
                try db.execute(sql: "DELETE FROM recognition WHERE id IN (\(ids.map(String.init).joined(separator: ",")))")
            }
            if !doomed.isEmpty {
                // A rendering is worth keeping only while some recognition of its pixels is.
                try db.execute(sql: "DELETE FROM rendering WHERE page NOT IN (SELECT page FROM recognition)")
            }
            return doomed.count
        }
    }

    /// Removes every entry and gives the space back to the file system.
    public func clear() throws {
        try pool.write { db in try db.execute(sql: "DELETE FROM rendering; DELETE FROM recognition; DELETE FROM engine") }
        try compact()
    }

    /// Gives the space of removed entries back to the file system.
    public func compact() throws {
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            try db.checkpoint(.truncate)
        }
    }

    private func contentBytes() throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT total(bytes) FROM recognition) + (SELECT total(bytes) FROM fragment)") ?? 0
        }
    }

    /// Counts an entry kept, and every so often keeps the store under its limit (to 90% of it,
    /// so that the next few entries do not prune again).
    private func keptOne() {
        guard keptSinceCheck.add(1, ordering: .relaxed).newValue % Self.checkEvery == 0 else { return }
        attempt { _ in
            let limit = self.limit
            if try contentBytes() > limit { try prune(to: limit / 10 * 9) }
        }
    }

    // MARK: Summary and merging

    /// What the store holds.
    public func summary() throws -> StoreSummary {
        try pool.read { db in
            let counts = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM recognition) AS recognitions, (SELECT count(*) FROM fragment) AS pages,
                       (SELECT count(*) FROM rendering) AS renderings,
                       (SELECT total(bytes) FROM recognition) + (SELECT total(bytes) FROM fragment) AS bytes,
                       (SELECT min(used) FROM recognition) AS oldest, (SELECT max(used) FROM recognition) AS newest
                """)
            let engines = try Row.fetchAll(db, sql: """
                SELECT e.description, count(r.id) AS n FROM engine e LEFT JOIN recognition r ON r.engine = e.id
                GROUP BY e.id ORDER BY n DESC, e.description
                """).map { StoreSummary.Engine(description: $0["description"], recognitions: $0["n"]) }
            let limit = try Int.fetchOne(db, sql: "SELECT value FROM setting WHERE name = 'limit'") ?? Self.defaultLimit
            return StoreSummary(
                path: PathEncoding.displayed(path), schemaVersion: StoreSchema.version,
                recognitions: counts?["recognitions"] ?? 0, documentPages: counts?["pages"] ?? 0,
                renderings: counts?["renderings"] ?? 0,
                contentBytes: Int((counts?["bytes"] as Double?) ?? 0), fileBytes: Self.fileBytes(path), limit: limit,
                engines: engines, oldestUse: counts?["oldest"], newestUse: counts?["newest"])
        }
    }

    /// Adds every entry of the store at `other` (a shard's) that this one lacks; returns how
    /// many recognitions were added.
    @discardableResult
    public func merge(from other: String) throws -> Int {
        // Opening it first brings it up to date, or sets it aside when damaged.
        _ = try ResultStore(path: other, warn: warn)
        return try pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS shard", arguments: [other])
            defer { try? db.execute(sql: "DETACH DATABASE shard") }
            var added = 0
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO engine SELECT id, description FROM shard.engine WHERE true ON CONFLICT DO NOTHING")
                try db.execute(sql: """
                    INSERT INTO recognition (page, engine, resolution, content, bytes, created, used)
                    SELECT page, engine, resolution, content, bytes, created, used FROM shard.recognition WHERE true
                    ON CONFLICT (page, engine, resolution) DO NOTHING
                    """)
                added = db.changesCount
                try db.execute(sql: """
                    INSERT INTO fragment (recognition, format, page_number, input_name, content, bytes)
                    SELECT r.id, f.format, f.page_number, f.input_name, f.content, f.bytes
                    FROM shard.fragment f JOIN shard.recognition s ON s.id = f.recognition
                    JOIN recognition r ON r.page = s.page AND r.engine = s.engine AND r.resolution = s.resolution
                    WHERE true ON CONFLICT DO NOTHING
                    """)
                try db.execute(sql: """
                    INSERT INTO rendering (source, page, width, height, file_resolution, used)
                    SELECT source, page, width, height, file_resolution, used FROM shard.rendering WHERE true
                    ON CONFLICT (source) DO NOTHING
                    """)
                return .commit
            }
            return added
        }
    }

    // MARK: Failures

    /// `body`'s result, or nil after a failure, which is said once and turns the store off.
    private func attempt<T>(_ body: (DatabasePool) throws -> T) -> T? {
        guard !failed.load(ordering: .relaxed) else { return nil }
        do {
            return try body(pool)
        } catch {
            if !failed.exchange(true, ordering: .relaxed) {
                warn("result store \(PathEncoding.displayed(path)): \(Self.reason(error)); going on without it")
            }
            return nil
        }
    }

    private static func isDamage(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// SQLite's own words for what went wrong, in one line.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return (error.message ?? "\(error.resultCode)").split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        if let error = error as? LocalizedError, let description = error.errorDescription { return description }
        return String(describing: error)
    }

    /// Renames a damaged store (and its log) aside; returns the new name.
    private static func setAside(_ path: String) -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let aside = "\(path).damaged-\(stamp)"
        try? FileManager.default.moveItem(atPath: path, toPath: aside)
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        return aside
    }

    private static func fileBytes(_ path: String) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
    }
}
