import Foundation
import Runs
import TestSupport
import Testing

/// Which merge `filterocr merge` runs: told by the files' first bytes, never by their names.
@Suite("Merge kind: JSON Lines or result stores")
struct MergeKindTests {
    private let folder: String
    private let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    init() throws {
        folder = try Paths.temporaryDirectory()
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = "\(folder)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func store(_ name: String) throws -> String {
        try file(name, sqliteHeader + [UInt8](repeating: 0, count: 84))
    }

    private func lines(_ name: String) throws -> String {
        try file(name, Array(#"{"image":"a.png","shard":{"count":2,"index":0,"inputs":3,"list":"00"}}"#.utf8) + [0x0A])
    }

    @Test("Files that are all JSON Lines are merged as shards' lines")
    func allLines() throws {
        #expect(MergeKind(files: [try lines("part-0.jsonl"), try lines("part-1.jsonl")]) == .shardLines)
    }

    @Test("Files that are all SQLite databases are merged as stores")
    func allStores() throws {
        #expect(MergeKind(files: [try store("a.sqlite"), try store("b.sqlite")]) == .stores)
    }

    @Test("Stores and JSON Lines together are no merge")
    func mixed() throws {
        #expect(MergeKind(files: [try store("a.sqlite"), try lines("part-1.jsonl")]) == nil)
        #expect(MergeKind(files: [try lines("part-0.jsonl"), try store("b.sqlite")]) == nil)
    }

    @Test("The header decides, not the name")
    func byHeaderNotName() throws {
        #expect(MergeKind.isStore(try store("results.jsonl")))
        #expect(!MergeKind.isStore(try lines("results.sqlite")))
        #expect(MergeKind(files: [try store("shard.jsonl")]) == .stores)
    }

    @Test("A file shorter than the header, an almost-header or a missing file is not a store")
    func notStores() throws {
        #expect(!MergeKind.isStore(try file("short", Array(sqliteHeader.dropLast()))))
        #expect(!MergeKind.isStore(try file("no-nul", Array("SQLite format 3 and more".utf8))))
        #expect(!MergeKind.isStore("\(folder)/missing.sqlite"))
        #expect(MergeKind(files: ["\(folder)/missing.sqlite"]) == .shardLines)
    }
}
