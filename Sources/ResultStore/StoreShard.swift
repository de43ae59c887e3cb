import FileSystem
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shard's store as `merge --store` takes it: opened read-only, with nothing written to it or
/// beside it (a shard with a write-ahead log is read from a private copy of the pair, since
/// SQLite reads a log only through an index it writes beside it), taken only if its tables are
/// exactly a store's, and every row checked for kind and range before any is merged. Contents
/// are copied a chunk at a time (SQLite's incremental blob I/O), never held whole in memory.
///
/// Every failure is a `StoreError.refusedShard` naming the shard, so that a damaged shard is
/// never taken for damage in the store merged into.
final class StoreShard {
    let path: String
    private let queue: DatabaseQueue
    /// The migrations the shard has: which tables it holds.
    private let level: Int
    /// The private folder of the copy read instead of a shard with a log; nil for none.
    private let copy: String?

    /// Opens the shard and checks it is a store (its schema and its pages).
    init(path: String) throws(StoreError) {
        self.path = path
        let shown = PathEncoding.displayed(path)
        var info = stat()
        guard PathEncoding.withFileSystemPath(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .refusedShard(path: shown, reason: "it is not a file")
        }
        // The log is checked before it is opened, as the store's own is: opening a FIFO to read
        // waits for a writer for ever, and a link would be copied as a link. (The index, -shm,
        // is never opened for a shard.)
        let logKind = FileKind(at: path + "-wal")
        if logKind != .missing && !logKind.isRegular {
            throw .refusedShard(path: shown, reason: "\(PathEncoding.displayed(path + "-wal")) is \(logKind.description), not a file")
        }
        var uri: String
        if let log = WriteAheadLog(path: path + "-wal") {
            let header = (try? BoundedRead.prefix(of: path, count: 100)) ?? []
            guard log.belongs(toDatabaseWithHeader: header) else {
                throw .refusedShard(path: shown, reason: "the write-ahead log beside it belongs to another database")
            }
            let folder = try Self.copy(path, shown: shown)
            copy = folder
            uri = "file:" + Self.encoded(folder + "/shard.sqlite") + "?mode=ro"
        } else {
            // No log to read: nothing at all is made beside the shard.
            copy = nil
            uri = "file:" + Self.encoded(path) + "?immutable=1"
        }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            queue = try DatabaseQueue(path: uri, configuration: configuration)
            level = try queue.read { db in try Self.checkSchema(db) }
            let check = try queue.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check(1)") }
            if check != "ok" { throw Problem(reason: "it is damaged (\(check ?? "no answer"))") }
        } catch {
            if let copy { try? FileManager.default.removeItem(atPath: copy) }
            throw Self.refusal(error, path: path)
        }
    }

    deinit {
        if let copy { try? FileManager.default.removeItem(atPath: copy) }
    }

    /// How many of this filterocr's migrations the store at `path` has had, read without writing
    /// to it or beside it (its log, if any, is not read: a store is whole in its own file once
    /// the command that wrote it has exited); nil when it is not a store of this filterocr.
    static func migrations(readingOnly path: String) -> Int? {
        var configuration = Configuration()
        configuration.readonly = true
        guard FileKind(at: path).isRegular,
              let queue = try? DatabaseQueue(path: "file:" + encoded(path) + "?immutable=1", configuration: configuration)
        else { return nil }
        return try? queue.read { db -> Int? in
            guard try schema(db)["grdb_migrations"]?.hasPrefix("table ") == true else { return nil }
            let applied = try DatabaseValue.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").map { StoredValue.text($0) }
            let known = StoreSchema.migrator.migrations
            guard !applied.isEmpty, applied.allSatisfy({ $0 != nil }),
                  Set(applied.compactMap { $0 }) == Set(known.prefix(applied.count)) else { return nil }
            return applied.count
        } ?? nil
    }

    /// A private folder holding a copy of the shard and its log, as `shard.sqlite` and
    /// `shard.sqlite-wal`.
    private static func copy(_ path: String, shown: String) throws(StoreError) -> String {
        let folder: String
        do {
            folder = try PrivateTemporaries.storeCopies.makeFolder()
        } catch {
            throw .refusedShard(path: shown, reason: "its write-ahead log cannot be read from a copy (\(error.localizedDescription))")
        }
        for suffix in ["", "-wal"] {
            let from = PathEncoding.withFileSystemPath(path + suffix) { String(cString: $0) }
            do {
                try FileManager.default.copyItem(atPath: from, toPath: folder + "/shard.sqlite" + suffix)
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw .refusedShard(path: shown, reason: "it cannot be copied to read its write-ahead log (\(error.localizedDescription))")
            }
        }
        return folder
    }

    /// Checks every row the merge takes, without reading the contents themselves.
    /// - Throws: `StoreError.refusedShard`.
    func check() throws {
        try reading { db in
            _ = try Self.engines(db)
            try Self.recognitions(db) { _ in }
            try Self.fragments(db, level: level) { _ in }
            try Self.renderings(db, level: level) { _ in }
        }
    }

    /// Adds to `target` every entry of the shard it lacks; returns the recognitions added.
    /// - Throws: `StoreError.refusedShard` for the shard, `TargetFailure` for the target.
    func add(to database: Database) throws -> Int {
        var added = 0
        let target = Target(database: database)
        try reading { db in
            for (id, description) in try Self.engines(db) {
                try target.execute(sql: "INSERT INTO engine (id, description) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                   arguments: [id, description])
            }
            try Self.recognitions(db) { entry in
                try target.execute(sql: """
                    INSERT INTO recognition (page, engine, resolution, content, bytes, created, used)
                    VALUES (?, ?, ?, zeroblob(?), ?, ?, ?)
                    ON CONFLICT (page, engine, resolution) DO NOTHING
                    """, arguments: [entry.page, entry.engine, entry.resolution, entry.bytes, entry.bytes, entry.created, entry.used])
                guard target.changesCount > 0 else { return }
                added += 1
                try Self.copyContent(table: "recognition", bytes: entry.bytes, from: db, row: entry.row, to: target)
            }
            try Self.fragments(db, level: level) { entry in
                try target.execute(sql: """
                    INSERT INTO fragment (recognition, format, page_number, input_name, content, bytes)
                    SELECT id, ?, ?, ?, zeroblob(?), ? FROM recognition WHERE page = ? AND engine = ? AND resolution = ?
                    ON CONFLICT DO NOTHING
                    """, arguments: [entry.format, entry.pageNumber, entry.inputName, entry.bytes, entry.bytes,
                                     entry.page, entry.engine, entry.resolution])
                guard target.changesCount > 0 else { return }
                try Self.copyContent(table: "fragment", bytes: entry.bytes, from: db, row: entry.row, to: target)
            }
            try Self.renderings(db, level: level) { entry in
                try target.execute(sql: """
                    INSERT INTO rendering (source, page, width, height, file_resolution, used) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (source) DO NOTHING
                    """, arguments: [entry.source, entry.rendering.page, entry.rendering.width, entry.rendering.height,
                                     entry.rendering.fileResolution, entry.used])
            }
        }
        return added
    }

    func reading(_ body: (Database) throws -> Void) throws {
        do {
            try queue.read(body)
        } catch let failure as TargetFailure {
            throw failure
        } catch {
            throw Self.refusal(error, path: path)
        }
    }

    /// A failure of the store merged into, not of the shard.
    struct TargetFailure: Error {
        let error: any Error
    }

    /// Copies the content of row `row` of `table` in the shard into the row just added to the
    /// target (made as a zeroblob of its length), a chunk at a time.
    private static func copyContent(table: String, bytes: Int, from shard: Database, row: Int64, to target: Target) throws {
        guard bytes > 0 else { return }
        let source = try BlobHandle(shard.sqliteConnection, table: table, row: row, writable: false)
        let destination: BlobHandle
        do {
            destination = try BlobHandle(target.database.sqliteConnection, table: table, row: target.database.lastInsertedRowID,
                                         writable: true)
        } catch {
            throw TargetFailure(error: error)
        }
        var buffer = [UInt8](repeating: 0, count: min(bytes, 1 << 20))
        var offset = 0
        while offset < bytes {
            let count = min(buffer.count, bytes - offset)
            try source.read(into: &buffer, count: count, at: offset)
            do {
                try destination.write(buffer, count: count, at: offset)
            } catch {
                throw TargetFailure(error: error)
            }
            offset += count
        }
    }

    /// The store merged into: its failures told apart from the shard's.
    private struct Target {
        let database: Database
        var changesCount: Int { database.changesCount }

        func execute(sql: String, arguments: StatementArguments) throws {
            do {
                try database.execute(sql: sql, arguments: arguments)
            } catch {
                throw TargetFailure(error: error)
            }
        }
    }

    /// `error` as the shard's refusal, whatever it came from.
    private static func refusal(_ error: any Error, path: String) -> StoreError {
        switch error {
        case let error as Problem: return .refusedShard(path: PathEncoding.displayed(path), reason: error.reason)
        case let error as DatabaseError where error.resultCode == .SQLITE_NOTADB:
            return .refusedShard(path: PathEncoding.displayed(path), reason: "it is not an SQLite database, or is damaged")
        case let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT:
            return .refusedShard(path: PathEncoding.displayed(path), reason: "it is damaged (\(ResultStore.reason(error)))")
        default:
            return .refusedShard(path: PathEncoding.displayed(path), reason: "it cannot be read (\(ResultStore.reason(error)))")
        }
    }

    /// Why a shard is refused, before its path is added.
    private struct Problem: Error {
        let reason: String
    }

    // MARK: Schema

    /// The tables of a store that has had the first `level` migrations, as SQLite keeps them.
    private static let expectedSchemas: [[String: String]] = {
        let migrations = StoreSchema.migrator.migrations
        return migrations.map { migration in
            do {
                let queue = try DatabaseQueue()
                try StoreSchema.migrator.migrate(queue, upTo: migration)
                return try queue.read(schema)
            } catch {
                preconditionFailure("the store's migrations fail on an empty database: \(error)")
            }
        }
    }()

    private static func schema(_ db: Database) throws -> [String: String] {
        var tables: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") {
            let (type, name, sql) = (StoredValue.text(row[0]), StoredValue.text(row[1]), StoredValue.text(row[2]))
            if let type, let name { tables[name] = type + " " + (sql ?? "") }
        }
        return tables
    }

    /// The shard's number of migrations, when its tables are exactly those of a store that
    /// has had them.
    private static func checkSchema(_ db: Database) throws -> Int {
        let found = try schema(db)
        let known = StoreSchema.migrator.migrations
        guard found["grdb_migrations"]?.hasPrefix("table ") == true else {
            throw Problem(reason: "it is not a filterocr result store (an SQLite database without a store's tables)")
        }
        let applied = try DatabaseValue.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").map { StoredValue.text($0) }
        if applied.contains(where: { $0 == nil || !known.contains($0 ?? "") }) {
            throw Problem(reason: "it is not a store of this filterocr (a newer release's, or another program's)")
        }
        guard !applied.isEmpty, Set(applied.compactMap { $0 }) == Set(known.prefix(applied.count)) else {
            throw Problem(reason: "it is not a filterocr result store (its migrations are \(applied.compactMap { $0 }))")
        }
        for (name, definition) in expectedSchemas[applied.count - 1] where found[name] != definition {
            throw Problem(reason: "it is not a filterocr result store (its \(name) table is not a store's)")
        }
        return applied.count
    }

    // MARK: Rows

    /// A recognition row; its content is `bytes` long, copied by `copyContent`.
    private struct Recognition {
        var row: Int64, page: String, engine: String, resolution: Int, bytes: Int, created: Double, used: Double
    }

    private struct Fragment {
        var row: Int64, page: String, engine: String, resolution: Int, format: String, pageNumber: Int, inputName: String, bytes: Int
    }

    private struct Rendering {
        var source: String, rendering: StoredRendering, used: Double
    }

    /// A row's check: the value of one column, or why it is refused.
    private struct Columns {
        let table: String
        let row: Row

        func value<T>(_ index: Int, _ name: String, expected: String, _ read: (DatabaseValue) -> T?) throws -> T {
            let value = row[index] as DatabaseValue
            guard let checked = read(value) else {
                let id = StoredValue.integer(row[0], in: Int64.min...Int64.max).map { " \($0)" } ?? ""
                throw Problem(reason: "\(table) row\(id): \(name) is \(StoredValue.shown(value)), expected \(expected)")
            }
            return checked
        }

        /// The content's length: of a blob, and the `bytes` column's.
        func content(kind: Int, length: Int, bytes: Int) throws -> Int {
            _ = try value(kind, "content", expected: "a blob") { StoredValue.text($0) == "blob" ? true : nil }
            let size = try value(length, "content", expected: "a blob") { StoredValue.integer($0, in: 0...Int64(StoredValue.largestBlob)) }
            _ = try value(bytes, "bytes", expected: "the content's length (\(size))") { StoredValue.integer($0, in: Int64(size)...Int64(size)) }
            return size
        }

        /// The row's rowid.
        var rowid: Int64 { StoredValue.integer(row[0], in: Int64.min...Int64.max).map(Int64.init) ?? 0 }
    }

    private static let count = 0...StoredValue.largestCount

    private static func engines(_ db: Database) throws -> [(String, String)] {
        try Row.fetchAll(db, sql: "SELECT rowid, id, description FROM engine").map { row in
            let columns = Columns(table: "engine", row: row)
            return (try columns.value(1, "id", expected: "a SHA-256 digest", StoredValue.digest),
                    try columns.value(2, "description", expected: "text", { StoredValue.text($0) }))
        }
    }

    private static func recognitions(_ db: Database, _ body: (Recognition) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT r.rowid, r.page, r.engine, r.resolution, typeof(r.content), length(r.content), r.bytes, r.created, r.used,
                   EXISTS (SELECT 1 FROM engine e WHERE e.id = r.engine)
            FROM recognition r
            """)
        while let row = try rows.next() {
            let columns = Columns(table: "recognition", row: row)
            let entry = Recognition(
                row: columns.rowid,
                page: try columns.value(1, "page", expected: "a SHA-256 digest", StoredValue.digest),
                engine: try columns.value(2, "engine", expected: "a SHA-256 digest", StoredValue.digest),
                resolution: try columns.value(3, "resolution", expected: "an integer from 0", { StoredValue.integer($0, in: count) }),
                bytes: try columns.content(kind: 4, length: 5, bytes: 6),
                created: try columns.value(7, "created", expected: "a time from 1970 to 9999", StoredValue.time),
                used: try columns.value(8, "used", expected: "a time from 1970 to 9999", StoredValue.time))
            if StoredValue.integer(row[9], in: 1...1) == nil {
                throw Problem(reason: "recognition row \(row[0] as DatabaseValue): its engine is not in the shard's engine table")
            }
            try body(entry)
        }
    }

    private static func fragments(_ db: Database, level: Int, _ body: (Fragment) throws -> Void) throws {
        guard level >= 2 else { return }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT f.rowid, r.page, r.engine, r.resolution, f.format, f.page_number, f.input_name,
                   typeof(f.content), length(f.content), f.bytes
            FROM fragment f JOIN recognition r ON r.id = f.recognition
            """)
        while let row = try rows.next() {
            let columns = Columns(table: "fragment", row: row)
            try body(Fragment(
                row: columns.rowid,
                page: try columns.value(1, "its recognition's page", expected: "a SHA-256 digest", StoredValue.digest),
                engine: try columns.value(2, "its recognition's engine", expected: "a SHA-256 digest", StoredValue.digest),
                resolution: try columns.value(3, "its recognition's resolution", expected: "an integer from 0") { StoredValue.integer($0, in: count) },
                format: try columns.value(4, "format", expected: "a format's name") { value in
                    StoredValue.text(value, longest: 16).flatMap { name in
                        !name.isEmpty && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } ? name : nil
                    }
                },
                pageNumber: try columns.value(5, "page_number", expected: "an integer from 0") { StoredValue.integer($0, in: count) },
                inputName: try columns.value(6, "input_name", expected: "text") { StoredValue.text($0) },
                bytes: try columns.content(kind: 7, length: 8, bytes: 9)))
        }
    }

    private static func renderings(_ db: Database, level: Int, _ body: (Rendering) throws -> Void) throws {
        guard level >= 3 else { return }
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, source, page, width, height, file_resolution, used FROM rendering")
        let positive = 1...StoredValue.largestCount
        while let row = try rows.next() {
            let columns = Columns(table: "rendering", row: row)
            let rendering = StoredRendering(
                page: try columns.value(2, "page", expected: "a SHA-256 digest", StoredValue.digest),
                width: try columns.value(3, "width", expected: "an integer from 1") { StoredValue.integer($0, in: positive) },
                height: try columns.value(4, "height", expected: "an integer from 1") { StoredValue.integer($0, in: positive) },
                fileResolution: try columns.value(5, "file_resolution", expected: "NULL or an integer from 0") { value -> Int?? in
                    value.isNull ? .some(nil) : StoredValue.integer(value, in: count).map { .some($0) }
                })
            try body(Rendering(source: try columns.value(1, "source", expected: "a SHA-256 digest", StoredValue.digest),
                               rendering: rendering,
                               used: try columns.value(6, "used", expected: "a time from 1970 to 9999", StoredValue.time)))
        }
    }

    /// `path` as the path of an SQLite URI: every byte but letters, digits and `/._-~` escaped.
    private static func encoded(_ path: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-~".utf8)
        let escaped = PathEncoding.bytes(of: path).map { byte in
            plain.contains(byte) ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
        // `file://` then the path: a path starting `//` is not taken for a host.
        return path.hasPrefix("/") ? "//" + escaped : escaped
    }
}
