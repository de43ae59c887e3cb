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
    /// Set when damage found in use has set the file aside.
    private let setAsideOnce = Atomic<Bool>(false)
    /// Set when an entry that is not a recognition has been said.
    private let unreadableSaid = Atomic<Bool>(false)
    /// Entries kept since the size was last checked.
    private let keptSinceCheck = Atomic<Int>(0)
    /// How often (in entries kept) the size is checked against the limit.
    private static let checkEvery = 32

    /// Opens (or creates) the store at `path`, bringing an older schema up to date.
    ///
    /// A damaged file is renamed aside (said through `warn`) and a new store made in its place;
    /// a write-ahead log beside it that another database left is moved aside, not replayed.
    /// - Throws: `StoreError.newerSchema` for a store of a later release;
    ///   `StoreError.unusable` when the path cannot be a store (a link, a read-only file, a
    ///   folder that cannot be made) or the file cannot be opened at all.
    public init(path: String, warn: @escaping @Sendable (String) -> Void) throws(StoreError) {
        self.path = path
        self.warn = warn
        if let note = try StoreFile.prepare(path) { warn(note) }
        do {
            pool = try Self.openWaiting(path)
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

    /// Folds the store into its own file (a checkpoint that empties its write-ahead log), so
    /// that a store copied as its `.sqlite` alone, once the command that wrote it has exited,
    /// holds everything. A store another process is using is left to that process, which does
    /// the same when it ends. Returns why it could not be folded; nil when it was, or was left.
    public func checkpoint() -> String? {
        guard !failed.load(ordering: .relaxed) else { return nil }
        do {
            try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            return nil
        } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
            return nil
        } catch {
            return "result store \(PathEncoding.displayed(path)): its write-ahead log could not be folded into it "
                + "(\(Self.reason(error))); the .sqlite file alone does not hold every result"
        }
    }

    /// `open`, tried again while another process holds the file to make it a store: turning a
    /// new file into write-ahead-log mode takes it alone, and SQLite answers "database is
    /// locked" at once rather than wait as it does for writes (`busyMode`). Two shards that
    /// start together on a new store both get it, within the minute writers wait.
    private static func openWaiting(_ path: String) throws -> DatabasePool {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                return try open(path)
            } catch let error as DatabaseError
                        where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    private static func open(_ path: String) throws -> DatabasePool {
        var configuration = Configuration()
        // Shards on one host write one store: a writer waits for another rather than failing.
        configuration.busyMode = .timeout(60)
        // In WAL mode NORMAL loses no commit to a killed process, only perhaps the last ones to
        // a power cut, never the file's integrity: right for a cache, and no sync per entry.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        let superseded = try pool.read { db in try StoreSchema.migrator.hasBeenSuperseded(db) }
        if superseded { throw StoreError.newerSchema(path: PathEncoding.displayed(path)) }
        try migrate(pool)
        // A file that is not a database shows it only when its pages are read.
        _ = try pool.read { db in try DatabaseValue.fetchOne(db, sql: "SELECT count(*) FROM recognition") }
        try giveIdentity(pool)
        return pool
    }

    /// Brings the store's schema up to date. Two processes opening a new (or older) store at
    /// once both migrate it: each migration commits in a transaction of its own, but which are
    /// applied is read before the first, so the later process may run one the other has just
    /// committed, which fails and is rolled back whole. It then reads again and goes on; every
    /// such failure follows another process's commit, so a few tries are enough.
    private static func migrate(_ pool: DatabasePool) throws {
        var tries = 0
        while true {
            do {
                return try StoreSchema.migrator.migrate(pool)
            } catch {
                tries += 1
                if try pool.read({ db in try StoreSchema.migrator.hasCompletedMigrations(db) }) { return }
                if tries > 8 { throw error }
            }
        }
    }

    /// Gives a store its identity, a random number in page 1's header (`PRAGMA user_version`,
    /// which the store uses for nothing else), and writes it into the file itself, so that a
    /// write-ahead log another database left beside the store is told from its own.
    private static func giveIdentity(_ pool: DatabasePool) throws {
        let identity = try pool.read { db in try DatabaseValue.fetchOne(db, sql: "PRAGMA user_version") }
        guard StoredValue.integer(identity ?? .null, in: 0...0) != nil else { return }
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = \(Int32.random(in: 1...Int32.max))")
            // Another process reading the store may hold the log back; it is then copied later.
            _ = try? db.checkpoint(.truncate)
        }
    }

    // MARK: Recognitions

    /// The stored recognition under `key`, marked as used now; nil when there is none.
    public func recognition(_ key: RecognitionKey) -> Data? {
        attempt { pool in
            try pool.write { db -> Data? in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT rowid, content FROM recognition WHERE page = ? AND engine = ? AND resolution = ?
                    """, arguments: [key.page, key.engine, key.resolution]) else { return nil }
                guard let content = StoredValue.blob(row[1]) else {
                    unreadableEntryFound()
                    return nil
                }
                try db.execute(sql: "UPDATE recognition SET used = ? WHERE rowid = ?",
                               arguments: [Date().timeIntervalSince1970, row[0] as DatabaseValue])
                return content
            }
        } ?? nil
    }

    /// Keeps `content` under `key`, in place of any entry there (one that could not be read);
    /// `engine` describes the engine for `filterocr store`.
    public func keep(_ content: Data, for key: RecognitionKey, engine: String) {
        attempt { pool in
            let now = Date().timeIntervalSince1970
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO engine (id, description) VALUES (?, ?)
                    ON CONFLICT (id) DO UPDATE SET description = excluded.description WHERE typeof(description) != 'text'
                    """, arguments: [key.engine, engine])
                try db.execute(sql: """
                    INSERT INTO recognition (page, engine, resolution, content, bytes, created, used)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (page, engine, resolution) DO UPDATE SET content = excluded.content, bytes = excluded.bytes,
                        created = excluded.created, used = excluded.used
                    """, arguments: [key.page, key.engine, key.resolution, content, content.count, now, now])
            }
        }
        keptOne()
    }

    /// Says once that an entry was found that does not read as a recognition (its bytes are
    /// damaged, or were not written by filterocr): it is recognised again and replaced.
    public func unreadableEntryFound() {
        guard !unreadableSaid.exchange(true, ordering: .relaxed) else { return }
        warn("result store \(PathEncoding.displayed(path)): an entry does not read as a recognition (damaged?); "
             + "its page is recognised again and the entry replaced")
    }

    // MARK: Document pages

    /// The bytes a renderer wrote for the page under `key`; nil when they were not kept.
    public func fragment(_ key: FragmentKey) -> [UInt8]? {
        attempt { pool in
            try pool.read { db -> [UInt8]? in
                let content = try DatabaseValue.fetchOne(db, sql: """
                    SELECT f.content FROM fragment f JOIN recognition r ON r.id = f.recognition
                    WHERE r.page = ? AND r.engine = ? AND r.resolution = ? AND f.format = ? AND f.page_number = ?
                    AND f.input_name = ?
                    """, arguments: [key.recognition.page, key.recognition.engine, key.recognition.resolution,
                                     key.format, key.pageNumber, key.inputName])
                return content.flatMap(StoredValue.blob).map { [UInt8]($0) }
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
                    ON CONFLICT DO UPDATE SET content = excluded.content, bytes = excluded.bytes
                    """, arguments: [key.format, key.pageNumber, key.inputName, Data(bytes), bytes.count,
                                     key.recognition.page, key.recognition.engine, key.recognition.resolution])
            }
        }
    }

    // MARK: Renderings

    /// What the file's page under `key` rendered to when it was last recognised, marked as
    /// used now; nil when that is not known (or what is kept is not a rendering's facts).
    public func rendering(_ key: RenderingKey) -> StoredRendering? {
        attempt { pool in
            try pool.write { db -> StoredRendering? in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT page, width, height, file_resolution FROM rendering WHERE source = ?
                    """, arguments: [key.source]),
                      let page = StoredValue.text(row[0], longest: 1024),
                      let width = StoredValue.integer(row[1], in: 1...StoredValue.largestCount),
                      let height = StoredValue.integer(row[2], in: 1...StoredValue.largestCount) else { return nil }
                let resolution = row[3] as DatabaseValue
                let fileResolution = StoredValue.integer(resolution, in: 0...StoredValue.largestCount)
                if fileResolution == nil && !resolution.isNull { return nil }
                try db.execute(sql: "UPDATE rendering SET used = ? WHERE source = ?",
                               arguments: [Date().timeIntervalSince1970, key.source])
                return StoredRendering(page: page, width: width, height: height, fileResolution: fileResolution)
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
        (attempt { pool in try pool.read(Self.limit) }) ?? Self.defaultLimit
    }

    /// The limit kept in the store, when it is a size; the default otherwise.
    private static func limit(_ db: Database) throws -> Int {
        let value = try DatabaseValue.fetchOne(db, sql: "SELECT value FROM setting WHERE name = 'limit'")
        return value.flatMap { StoredValue.integer($0, in: 0...Int64.max) } ?? defaultLimit
    }

    /// Sets the size the store is kept under, and prunes it to that size.
    public func setLimit(_ bytes: Int) throws(StoreError) {
        try using { pool in
            try pool.write { db in
                try db.execute(sql: "INSERT INTO setting (name, value) VALUES ('limit', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                               arguments: [bytes])
            }
        }
        try prune(to: bytes)
    }

    /// Removes the least recently used entries until the contents take at most `bytes`;
    /// returns how many recognitions were removed.
    ///
    /// Sizes are the contents' own lengths, not the `bytes` columns, and an entry whose time
    /// of use is not a time counts as the oldest: a crafted value changes nothing but the order.
    @discardableResult
    public func prune(to bytes: Int) throws(StoreError) -> Int {
        try using { pool in
            try pool.write { db -> Int in
                let entries = try Row.fetchAll(db, sql: """
                    SELECT r.rowid, coalesce(length(r.content), 0)
                        + coalesce((SELECT sum(length(f.content)) FROM fragment f WHERE f.recognition = r.id), 0)
                    FROM recognition r
                    ORDER BY CASE WHEN typeof(r.used) IN ('integer', 'real') THEN r.used ELSE 0 END, r.rowid
                    """)
                let sizes = entries.map { StoredValue.integer($0[1], in: 0...Int64(StoredValue.largestBlob) * 64) ?? 0 }
                var excess = sizes.reduce(0, +) - bytes
                var doomed: [Int] = []
                for (entry, size) in zip(entries, sizes) where excess > 0 {
                    guard let id = StoredValue.integer(entry[0], in: Int64.min...Int64.max) else { continue }
                    doomed.append(id)
                    excess -= size
                }
                for chunk in stride(from: 0, to: doomed.count, by: 500) {
                    let ids = doomed[chunk..<min(chunk + 500, doomed.count)]
                    try db.execute(sql: "DELETE FROM recognition WHERE rowid IN (\(ids.map(String.init).joined(separator: ",")))")
                }
                if !doomed.isEmpty {
                    // A rendering is worth keeping only while some recognition of its pixels is.
                    try db.execute(sql: "DELETE FROM rendering WHERE page NOT IN (SELECT page FROM recognition)")
                }
                return doomed.count
            }
        }
    }

    /// Removes every entry and gives the space back to the file system.
    public func clear() throws(StoreError) {
        try using { pool in
            try pool.write { db in try db.execute(sql: "DELETE FROM rendering; DELETE FROM recognition; DELETE FROM engine") }
        }
        try compact()
    }

    /// Gives the space of removed entries back to the file system.
    public func compact() throws(StoreError) {
        try using { pool in
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                try db.checkpoint(.truncate)
            }
        }
    }

    /// The bytes of the contents: their own lengths, whatever the `bytes` columns say.
    private static func contentBytes(_ db: Database) throws -> Int {
        let value = try DatabaseValue.fetchOne(db, sql: """
            SELECT coalesce((SELECT sum(length(content)) FROM recognition), 0) + coalesce((SELECT sum(length(content)) FROM fragment), 0)
            """)
        return value.flatMap { StoredValue.integer($0, in: 0...Int64.max) } ?? 0
    }

    /// Counts an entry kept, and every so often keeps the store under its limit (to 90% of it,
    /// so that the next few entries do not prune again).
    private func keptOne() {
        guard keptSinceCheck.add(1, ordering: .relaxed).newValue % Self.checkEvery == 0 else { return }
        attempt { pool in
            let (limit, bytes) = try pool.read { db in (try Self.limit(db), try Self.contentBytes(db)) }
            if bytes > limit { _ = try prune(to: limit / 10 * 9) }
        }
    }

    // MARK: Summary and merging

    /// What the store holds. Values that are not what their column should hold are left out:
    /// an entry whose time of use is not a time, an engine description that is not text.
    public func summary() throws(StoreError) -> StoreSummary {
        try using { pool in try pool.read { db in try Self.summary(of: db, path: path) } }
    }

    /// Whether the store at `path` can be written (its mode, its file system): a store that
    /// cannot be is still shown, by `summary(readingOnly:)`.
    public static func isWritable(_ path: String) -> Bool {
        StoreFile.readOnlyReason(path) == nil
    }

    /// What the store at `path` holds, read without writing to it or beside it (a store on a
    /// read-only file system, or of a read-only mode), as `merge` reads a shard.
    /// A store of an older schema is not shown: it is upgraded before it is read, and cannot be.
    public static func summary(readingOnly path: String) throws(StoreError) -> StoreSummary {
        if let level = StoreShard.migrations(readingOnly: path), level < StoreSchema.version {
            throw .failed(path: PathEncoding.displayed(path), reason: StoreFile.olderSchemaReason(path, schema: level))
        }
        do {
            let shard = try StoreShard(path: path)
            var summary: StoreSummary?
            try shard.reading { db in summary = try Self.summary(of: db, path: path) }
            guard let summary else { throw StoreError.failed(path: PathEncoding.displayed(path), reason: "nothing was read") }
            return summary
        } catch let StoreError.refusedShard(_, reason) {
            throw .unusable(path: PathEncoding.displayed(path), reason: reason)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .failed(path: PathEncoding.displayed(path), reason: Self.reason(error))
        }
    }

    private static func summary(of db: Database, path: String) throws -> StoreSummary {
        let count = { (table: String) throws -> Int in
            try DatabaseValue.fetchOne(db, sql: "SELECT count(*) FROM \(table)")
                .flatMap { StoredValue.integer($0, in: 0...Int64.max) } ?? 0
        }
        let uses = try Row.fetchOne(db, sql: """
            SELECT min(used), max(used) FROM recognition
            WHERE typeof(used) IN ('integer', 'real') AND used BETWEEN 0 AND ?
            """, arguments: [StoredValue.latestTime])
        let engines = try Row.fetchAll(db, sql: """
            SELECT e.description, count(r.id) AS n FROM engine e LEFT JOIN recognition r ON r.engine = e.id
            GROUP BY e.id ORDER BY n DESC, e.description
            """).map { row in
                StoreSummary.Engine(description: StoredValue.text(row[0]) ?? "(not readable)",
                                    recognitions: StoredValue.integer(row[1], in: 0...Int64.max) ?? 0)
            }
        return StoreSummary(
            path: PathEncoding.displayed(path), schemaVersion: StoreSchema.version,
            recognitions: try count("recognition"), documentPages: try count("fragment"),
            renderings: try count("rendering"), contentBytes: try Self.contentBytes(db), fileBytes: Self.fileBytes(path),
            limit: try Self.limit(db), engines: engines,
            oldestUse: uses.flatMap { StoredValue.time($0[0]) }, newestUse: uses.flatMap { StoredValue.time($0[1]) })
    }

    /// Adds every entry of the stores at `shards` that this one lacks; returns how many
    /// recognitions were added.
    ///
    /// The shards are opened read-only and every row taken is checked first: a shard that is
    /// not a store, is damaged, or holds one value of the wrong kind or range is refused, and
    /// then nothing is merged.
    @discardableResult
    public func merge(from shards: [String]) throws(StoreError) -> Int {
        // Checked again here, whether or not `check(shards:)` was called: a shard may have changed.
        var opened: [StoreShard] = []
        for path in shards { opened.append(try StoreShard(path: path)) }
        try using { _ in for shard in opened { try shard.check() } }
        return try using { pool in
            try pool.write { db in try opened.reduce(0) { added, shard in added + (try shard.add(to: db)) } }
        }
    }

    /// Checks the stores at `shards` as `merge(from:)` does, without opening any store to
    /// merge into: a refused shard then leaves that store's file as it was.
    public static func check(shards: [String]) throws(StoreError) {
        for path in shards {
            let shard = try StoreShard(path: path)
            do {
                try shard.check()
            } catch let error as StoreError {
                throw error
            } catch {
                throw .refusedShard(path: PathEncoding.displayed(path), reason: reason(error))
            }
        }
    }

    // MARK: Failures

    /// `body`'s result, or nil after a failure, which is said once and turns the store off;
    /// damage is said once too, and the file set aside as it is when found at opening.
    private func attempt<T>(_ body: (DatabasePool) throws -> T) -> T? {
        guard !failed.load(ordering: .relaxed) else { return nil }
        do {
            return try using(body)
        } catch {
            if !failed.exchange(true, ordering: .relaxed) || error.isDamage {
                warn((error.errorDescription ?? "result store \(PathEncoding.displayed(path)) failed") + "; going on without it")
            }
            return nil
        }
    }

    /// `body`'s result; its failure as a `StoreError`, damage setting the file aside (once).
    private func using<T>(_ body: (DatabasePool) throws -> T) throws(StoreError) -> T {
        do {
            return try body(pool)
        } catch {
            var underlying: any Error = error
            if let failure = error as? StoreShard.TargetFailure { underlying = failure.error }
            if let error = underlying as? StoreError { throw error }
            if let error = underlying as? DatabaseError, Self.isDamage(error) { throw damageFound(error) }
            throw .failed(path: PathEncoding.displayed(path), reason: Self.reason(underlying))
        }
    }

    /// Sets the damaged file aside, once whichever thread finds it; nothing more is read or
    /// written to the store after that.
    private func damageFound(_ error: DatabaseError) -> StoreError {
        let shown = PathEncoding.displayed(path)
        guard !setAsideOnce.exchange(true, ordering: .relaxed) else {
            return .failed(path: shown, reason: "damaged, already set aside")
        }
        failed.store(true, ordering: .relaxed)
        let aside = Self.setAside(path)
        return .damagedInUse(path: shown, setAside: PathEncoding.displayed(aside), reason: Self.reason(error))
    }

    private static func isDamage(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// SQLite's own words for what went wrong, in one line (never the statement).
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return (error.message ?? "\(error.resultCode)").split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        if let error = error as? LocalizedError, let description = error.errorDescription { return description }
        return String(describing: error)
    }

    /// Renames a damaged store aside, and removes its log and the log's index; returns the
    /// new name.
    private static func setAside(_ path: String) -> String {
        let aside = StoreFile.asideName(path, as: "damaged")
        StoreFile.move(path, to: aside)
        for suffix in ["-wal", "-shm"] {
            _ = PathEncoding.withFileSystemPath(path + suffix) { unlink($0) }
        }
        return aside
    }

    private static func fileBytes(_ path: String) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            if case .regular(let size) = FileKind(at: path + suffix) { return total + size }
            return total
        }
    }
}

private extension StoreError {
    var isDamage: Bool {
        if case .damagedInUse = self { return true }
        return false
    }
}
