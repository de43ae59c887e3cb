import Foundation
import TestSupport
import Testing

/// Stores and shards that were damaged or crafted, and store paths that point somewhere odd:
/// each is one line on standard error, a run that goes on (or a refusal that writes nothing),
/// and files that must not change left byte for byte.
@Suite("Hostile stores from the command line")
struct HostileStoreTests {
    /// A store made by `filterocr batch` over a tiny page, with five more recognitions added:
    /// six entries, the first of them the page's, with its rendering.
    private static let seed = Task<Seed, any Error> { try await Seed() }

    struct Seed {
        let folder: String
        let page: String
        let store: String

        init() async throws {
            folder = try Paths.temporaryDirectory()
            page = folder + "/page.pgm"
            try HostileStoreTests.writeTinyPage(to: page)
            store = folder + "/seed.sqlite"
            let made = try await Command.filterocr(["batch", "--store", store, page])
            guard made.status == 0 else { throw SeedError(message: "batch: \(made.standardError)") }
            try await HostileStoreTests.sql(store, """
                INSERT INTO recognition (page, engine, resolution, content, bytes, created, used)
                SELECT lower(hex(randomblob(32))), engine, resolution, content, bytes, created, used
                FROM recognition, (SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5);
                """)
        }
    }

    struct SeedError: Error { let message: String }

    /// A 48x24 page with a dark bar: quick for Tesseract, and the same bytes each time.
    static func writeTinyPage(to path: String) throws {
        var pixels = [UInt8](repeating: 255, count: 48 * 24)
        for y in 8..<16 { for x in 8..<40 { pixels[y * 48 + x] = 0 } }
        try (Data("P5\n48 24\n255\n".utf8) + Data(pixels)).write(to: URL(fileURLWithPath: path))
    }

    /// Runs `statements` with the `sqlite3` command line; returns what it printed.
    @discardableResult
    static func sql(_ database: String, _ statements: String) async throws -> String {
        let result = try await Command.run("/usr/bin/sqlite3", ["-batch", database], input: Data(statements.utf8))
        guard result.status == 0, result.standardError.isEmpty else { throw SeedError(message: "sqlite3: \(result.standardError)") }
        return result.standardOutput
    }

    /// A copy of the seed store in a folder of its own.
    private func store(named name: String = "results.sqlite") async throws -> (folder: String, path: String, page: String) {
        let seed = try await Self.seed.value
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(atPath: seed.store, toPath: folder + "/" + name)
        return (folder, folder + "/" + name, seed.page)
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func names(_ folder: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    /// Overwrites the root pages of the tables and indexes named with bytes no page has.
    private func smash(_ database: String, rootsOf names: [String]) async throws {
        let list = names.map { "'\($0)'" }.joined(separator: ",")
        let roots = try await Self.sql(database, "SELECT rootpage FROM sqlite_master WHERE name IN (\(list));")
            .split(separator: "\n").compactMap { Int($0) }
        try #require(roots.count == names.count)
        let handle = try #require(FileHandle(forUpdatingAtPath: database))
        defer { try? handle.close() }
        for root in roots {
            try handle.seek(toOffset: UInt64((root - 1) * 4096))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        }
    }

    private static func recognitions(_ result: CommandResult) throws -> Int? {
        (try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any])?["recognitions"] as? Int
    }

    // MARK: Crafted values

    @Test("merge --store refuses a shard with a crafted value in one line, and neither store changes",
          arguments: [("UPDATE recognition SET bytes = 1e300 WHERE rowid = 3;", "bytes"),
                      ("UPDATE recognition SET used = 'yesterday' WHERE rowid = 2;", "used"),
                      ("UPDATE rendering SET page = 'short';", "page")])
    func craftedShard(mutation: String, column: String) async throws {
        let shard = try await store(named: "shard.sqlite")
        try await Self.sql(shard.path, mutation)
        let target = try await store()
        try await Self.sql(target.path, "DELETE FROM recognition WHERE rowid > 1; DELETE FROM rendering;")
        let (shardBefore, targetBefore) = (try bytes(shard.path), try bytes(target.path))
        let result = try await Command.filterocr(["merge", "--store", target.path, shard.path])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains("is refused") && result.standardError.contains(column)
                && result.standardError.contains("nothing was merged"))
        #expect(try bytes(shard.path) == shardBefore && bytes(target.path) == targetBefore)
        #expect(try names(shard.folder) == ["shard.sqlite"])

        // The same shard, made whole again, is merged.
        let whole = try await store(named: "shard.sqlite")
        let merged = try await Command.filterocr(["merge", "--store", target.path, whole.path])
        #expect(merged.status == 0 && merged.standardOutput.contains("added 5 recognitions"))
    }

    @Test("store show, store prune and a run read past crafted values in the user's store")
    func craftedUserStore() async throws {
        let user = try await store()
        try await Self.sql(user.path, """
            UPDATE recognition SET bytes = 1e300 WHERE rowid = 2;
            UPDATE recognition SET used = 'yesterday' WHERE rowid = 3;
            UPDATE recognition SET created = x'00', used = -1e300 WHERE rowid = 4;
            UPDATE recognition SET content = 'not a recognition' WHERE rowid = 1;
            UPDATE rendering SET width = 1e300, file_resolution = 'high';
            UPDATE engine SET description = x'00ff';
            INSERT INTO setting (name, value) VALUES ('limit', 'lots');
            """)
        let shown = try await Command.filterocr(["store", "show", "--json", "--store", user.path])
        #expect(shown.status == 0 && shown.standardError.isEmpty)
        #expect(try Self.recognitions(shown) == 6)
        let text = try await Command.filterocr(["store", "show", "--store", user.path])
        #expect(text.status == 0 && text.standardOutput.contains("recognitions: 6"))

        let run = try await Command.filterocr(["batch", "--store", user.path, user.page])
        #expect(run.status == 0)
        #expect(run.errorLines.count == 1 && run.standardError.contains("does not read as a recognition"))
        let again = try await Command.filterocr(["batch", "--store", user.path, user.page])
        #expect(again.status == 0 && again.standardError.isEmpty)
        #expect(again.standardOutput.contains("\"stored\":true"), "the unreadable entry was replaced")

        // Where a crafted value once made both die after a 40-second backtrace: measured.
        let pruned = try await Command.measuredFilterocr(["store", "prune", "--store", user.path, "--to", "1"], environment: [:])
        #expect(pruned.status == 0 && pruned.standardError.isEmpty)
        #expect(pruned.standardOutput.contains("removed 6 recognitions"))
        #expect(pruned.peakBytes < 500 << 20, "\(pruned.peakMegabytes) MB")
    }

    // MARK: Foreign and damaged files

    @Test("merge --store refuses a database that is not a store, writing nothing to it or beside it")
    func foreignShard() async throws {
        let folder = try Paths.temporaryDirectory()
        let foreign = folder + "/notes.db"
        try await Self.sql(foreign, "PRAGMA journal_mode = WAL; CREATE TABLE note (text); INSERT INTO note VALUES ('keep me');")
        let target = try await store()
        let (before, targetBefore, listing) = (try bytes(foreign), try bytes(target.path), try names(folder))
        let result = try await Command.filterocr(["merge", "--store", target.path, foreign])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.standardError.contains("not a filterocr result store"))
        #expect(try bytes(foreign) == before && bytes(target.path) == targetBefore)
        #expect(try names(folder) == listing)
    }

    @Test("merge --store refuses a shard whose write-ahead log is a FIFO or a link in one line, as the store's own",
          arguments: ["fifo", "link"])
    func shardLogNotAFile(kind: String) async throws {
        let shard = try await store(named: "shard.sqlite")
        if kind == "fifo" {
            #expect(mkfifo(shard.path + "-wal", 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: shard.path + "-wal", withDestinationPath: shard.folder + "/elsewhere")
        }
        let target = try Paths.temporaryDirectory() + "/target.sqlite"
        // Opened to be read, the FIFO waited for a writer for ever: the test would not end.
        let result = try await Command.filterocr(["merge", "--store", target, shard.path])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("shard.sqlite-wal is " + (kind == "fifo" ? "a FIFO" : "a symbolic link"))
                && result.standardError.contains("not a file"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("merge --store copies a large content without holding it: its memory does not grow with the content")
    func largeContentMerged() async throws {
        let shard = try await store(named: "shard.sqlite")
        let size = 150_000_000
        try await Self.sql(shard.path, "UPDATE recognition SET content = zeroblob(\(size)), bytes = \(size) WHERE rowid = 1;")
        let target = try Paths.temporaryDirectory() + "/target.sqlite"
        let merged = try await Command.measuredFilterocr(["merge", "--store", target, shard.path])
        #expect(merged.status == 0 && merged.standardOutput.contains("added 6 recognitions"), "\(merged.standardError)")
        // A content written before the row's other columns was copied into memory twice (a
        // 300 MB content took 636 MB).
        #expect(merged.peakBytes < size / 2, "\(merged.peakMegabytes) MB for a content of \(size >> 20) MB")
        let kept = try await Self.sql(target, "SELECT length(content), bytes FROM recognition ORDER BY length(content) DESC LIMIT 1;")
        #expect(kept == "\(size)|\(size)\n")
    }

    @Test("merge --store refuses a damaged shard in one line: not set aside, nothing made at its path")
    func damagedShard() async throws {
        let shard = try await store(named: "shard.sqlite")
        try await smash(shard.path, rootsOf: ["rendering"])
        let target = try await store()
        let (before, targetBefore) = (try bytes(shard.path), try bytes(target.path))
        let result = try await Command.filterocr(["merge", "--store", target.path, shard.path])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.standardError.contains("is refused: it is damaged"))
        #expect(!result.standardError.contains("SELECT"))
        #expect(try bytes(shard.path) == before && bytes(target.path) == targetBefore)
        #expect(try names(shard.folder) == ["shard.sqlite"])
    }

    @Test("Damage found mid-run is said once, the file set aside as at opening, and the run goes on")
    func damageFoundInUse() async throws {
        let user = try await store()
        try await smash(user.path, rootsOf: ["sqlite_autoindex_recognition_1"])
        let damaged = try bytes(user.path)
        let run = try await Command.filterocr(["batch", "--store", user.path, user.page])
        #expect(run.status == 0)
        #expect(run.standardOutput.split(separator: "\n").count == 1)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("is damaged") && run.standardError.contains("set aside as"))
        #expect(run.standardError.contains("the next run starts a new one"), "found in use, not at opening")
        let aside = try #require(try names(user.folder).first { $0.hasPrefix("results.sqlite.damaged-") })
        #expect(try bytes(user.folder + "/" + aside) == damaged)
    }

    @Test("store show says damage in one line of its own, never SQLite's statement")
    func damagedStoreShown() async throws {
        let user = try await store()
        try await smash(user.path, rootsOf: ["fragment"])
        let shown = try await Command.filterocr(["store", "show", "--store", user.path])
        #expect(shown.status == 1)
        #expect(shown.errorLines.count == 1)
        #expect(shown.standardError.contains("is damaged") && shown.standardError.contains("set aside as"))
        #expect(!shown.standardError.contains("SELECT") && !shown.standardError.contains("SQLite error"))
    }

    // MARK: The store's own file

    @Test("A write-ahead log another store left beside the store is moved aside, and its six entries stay")
    func strayLog() async throws {
        let user = try await store()
        let other = try await store(named: "other.sqlite")
        let stray = user.folder + "/results.sqlite-wal"
        // The other store's log, copied while its transaction (which grows the file) is in it.
        try await Self.sql(other.path, """
            PRAGMA user_version = 4242;
            PRAGMA wal_autocheckpoint = 0;
            DELETE FROM recognition;
            INSERT INTO setting (name, value) VALUES ('padding', zeroblob(20000));
            .shell cp '\(other.path)-wal' '\(stray)'
            """)
        let log = try bytes(stray)
        let shown = try await Command.filterocr(["store", "show", "--json", "--store", user.path])
        #expect(shown.status == 0)
        #expect(try Self.recognitions(shown) == 6)
        #expect(shown.errorLines.count == 1 && shown.standardError.contains("belongs to another database"))
        let aside = try #require(try names(user.folder).first { $0.hasPrefix("results.sqlite-wal.stray-") })
        #expect(try bytes(user.folder + "/" + aside) == log)
    }

    @Test("A symbolic link at the store's path is not followed: a dangling one does not make its target")
    func symbolicLink() async throws {
        let folder = try Paths.temporaryDirectory()
        let target = folder + "/elsewhere/results.sqlite"
        let link = folder + "/results.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let page = try await Self.seed.value.page
        let run = try await Command.filterocr(["batch", "--store", link, page])
        #expect(run.status == 0 && run.standardOutput.contains("\"image\""))
        #expect(run.errorLines.count == 1 && run.standardError.contains("symbolic link"))
        let shown = try await Command.filterocr(["store", "show", "--store", link])
        #expect(shown.status == 1 && shown.errorLines.count == 1 && shown.standardError.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere"))
        #expect(try names(folder) == ["results.sqlite"])
    }

    @Test("A store whose mode is 0444 is not written, even by root: the run goes on without it")
    func readOnlyStore() async throws {
        let user = try await store()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: user.path)
        let before = try bytes(user.path)
        let run = try await Command.filterocr(["batch", "--store", user.path, user.page])
        #expect(run.status == 0 && run.standardOutput.contains("\"image\""))
        #expect(run.errorLines.count == 1 && run.standardError.contains("read-only (mode 0444)"))
        #expect(try bytes(user.path) == before)
        #expect(try names(user.folder) == ["results.sqlite"])
    }

    @Test("A read-only store of an older schema is shown as one line that says so and how to upgrade it; writable, it is upgraded and shown",
          arguments: [["store"], ["store", "show"]])
    func readOnlyOlderStore(command: [String]) async throws {
        let user = try await store()
        // Schema 3, as the release before wrote it: each content before the other columns.
        _ = try await Self.sql(user.path, """
            PRAGMA foreign_keys=OFF;
            CREATE TABLE old_recognition (id INTEGER PRIMARY KEY, page TEXT NOT NULL, engine TEXT NOT NULL REFERENCES engine(id),
              resolution INTEGER NOT NULL, content BLOB NOT NULL, bytes INTEGER NOT NULL, created REAL NOT NULL,
              used REAL NOT NULL, UNIQUE (page, engine, resolution));
            INSERT INTO old_recognition SELECT id, page, engine, resolution, content, bytes, created, used FROM recognition;
            CREATE TABLE old_fragment (recognition INTEGER NOT NULL REFERENCES recognition(id) ON DELETE CASCADE,
              format TEXT NOT NULL, page_number INTEGER NOT NULL, input_name TEXT NOT NULL, content BLOB NOT NULL,
              bytes INTEGER NOT NULL, PRIMARY KEY (recognition, format, page_number, input_name));
            INSERT INTO old_fragment SELECT recognition, format, page_number, input_name, content, bytes FROM fragment;
            DROP TABLE fragment; DROP TABLE recognition;
            ALTER TABLE old_recognition RENAME TO recognition; ALTER TABLE old_fragment RENAME TO fragment;
            CREATE INDEX recognition_used ON recognition(used);
            DELETE FROM grdb_migrations WHERE identifier = 'v4 contents last';
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: user.path)
        let before = try bytes(user.path)
        let shown = try await Command.filterocr(command + ["--store", user.path])
        #expect(shown.status == 1 && shown.standardOutput.isEmpty)
        #expect(shown.errorLines.count == 1, "\(shown.errorLines)")
        let line = try #require(shown.errorLines.first)
        #expect(line.contains("read-only (mode 0444)") && line.contains("older") && line.contains("chmod u+w")
                && !line.contains("not a filterocr result store"), "\(line)")
        #expect(try bytes(user.path) == before && names(user.folder) == ["results.sqlite"], "nothing written")
        // `ocr` says the same store is read-only.
        let run = try await Command.filterocr(["batch", "--store", user.path, user.page])
        #expect(run.status == 0 && run.standardError.contains("read-only (mode 0444)"))
        // Made writable, it is upgraded and shown, as the line said.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: user.path)
        let upgraded = try await Command.filterocr(command + ["--store", user.path])
        #expect(upgraded.status == 0 && upgraded.standardOutput.contains("(schema 4)")
                && upgraded.standardOutput.contains("recognitions: ") && !upgraded.standardOutput.contains("recognitions: 0,"),
                "\(upgraded.standardOutput) \(upgraded.standardError)")
    }

    @Test("XDG_CACHE_HOME naming a file is one line, and the run goes on without a store")
    func cacheHomeIsAFile() async throws {
        let folder = try Paths.temporaryDirectory()
        let file = folder + "/cache"
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let page = try await Self.seed.value.page
        let run = try await Command.filterocr(["batch", page], environment: ["XDG_CACHE_HOME": file])
        #expect(run.status == 0 && run.standardOutput.contains("\"image\""))
        #expect(run.errorLines.count == 1 && run.standardError.contains("is a file, not a folder"))
        #expect(!run.standardError.contains("Domain") && !run.standardError.contains("NSError"))
        #expect(try bytes(file) == Data("not a folder".utf8))
    }

    @Test("Without HOME, or with one that does not exist, no store tree is made: the run says so once and goes on",
          arguments: [nil, "/missing-home"])
    func noHome(home: String?) async throws {
        let folder = try Paths.temporaryDirectory()
        let page = try await Self.seed.value.page
        let run = try await Command.filterocr(["batch", page],
                                        environment: ["HOME": home.map { folder + $0 }, "XDG_CACHE_HOME": nil],
                                        directory: folder)
        #expect(run.status == 0 && run.standardOutput.contains("\"image\""))
        #expect(run.errorLines.count == 1 && run.standardError.contains("no result store"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.cache"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing-home"))
    }

    // MARK: JSON Lines

    @Test("merge reads shards' JSON Lines with CRLF line ends as with LF")
    func crlfLines() async throws {
        let folder = try Paths.temporaryDirectory()
        // A line as batch --shard writes it: its stamp names its place and the digest of the line without it.
        func line(_ image: String, position: Int) async throws -> String {
            let unstamped = #"{"image":"\#(image)"}"#
            let digest = try await Command.run("/usr/bin/sha256sum", [], input: Data(unstamped.utf8)).standardOutput.prefix(16)
            return #"{"image":"\#(image)","shard":{"count":2,"digest":"\#(digest)","index":\#(position % 2),"inputs":3,"#
                + #""list":"0123456789abcdef","position":\#(position)}}"#
        }
        try Data("\(try await line("a.png", position: 0))\r\n\(try await line("c.png", position: 2))\r\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/0.jsonl"))
        try Data("\(try await line("b.png", position: 1))\r\n".utf8).write(to: URL(fileURLWithPath: folder + "/1.jsonl"))
        let result = try await Command.filterocr(["merge", folder + "/0.jsonl", folder + "/1.jsonl"])
        #expect(result.status == 0 && result.standardError.isEmpty)
        #expect(result.standardOutput == "{\"image\":\"a.png\"}\n{\"image\":\"b.png\"}\n{\"image\":\"c.png\"}\n")
    }

    @Test("merge refuses a shard's line that is not UTF-8, naming the file and the line")
    func invalidUTF8() async throws {
        let folder = try Paths.temporaryDirectory()
        // The parts are read a line at a time, so the bad line is the first one read.
        try (Data("\n{\"image\":\"".utf8) + Data([0xFF, 0xFE]) + Data(".png\"}\n".utf8))
            .write(to: URL(fileURLWithPath: folder + "/0.jsonl"))
        try Data("{\"image\":\"b.png\"}\n".utf8).write(to: URL(fileURLWithPath: folder + "/1.jsonl"))
        let result = try await Command.filterocr(["merge", folder + "/0.jsonl", folder + "/1.jsonl"])
        #expect(result.status == 1 && result.standardOutput.isEmpty)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains("0.jsonl line 2 is not UTF-8"))
    }
}
