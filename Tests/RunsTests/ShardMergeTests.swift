import FileSystem
import Foundation
import Reports
import Runs
import TestSupport
import Testing

/// `filterocr merge` of JSON Lines: parts put back in input order, and every part or line that
/// is not the one its place needs refused by name, with nothing merged.
@Suite("Shard merge of JSON Lines")
struct ShardMergeTests {
    private let list = ["a.png", "b.png", "c.png", "d.png", "e.png"]

    /// The line a run writes for input `position` of `list`: a failure, which needs no engine.
    private func result(_ position: Int, of list: [String], named name: String? = nil) -> ImageRunner.Result {
        let input = name ?? list[position]
        return ImageRunner.Result(input: input, outcome: .failed("\(input): not an image"), position: position)
    }

    /// What `batch --shard index/count` writes for `list`.
    private func part(_ index: Int, of count: Int, list: [String]? = nil, file: String? = nil) throws -> ShardMerge.Part {
        let list = list ?? self.list
        let shard = try Shard("\(index)/\(count)", environment: [:])
        let lines = try list.indices.filter(shard.includes).map { position in
            try #require(JSONLines.line(for: result(position, of: list), shard: shard.stamp(for: list)))
        }
        return ShardMerge.Part(file: file ?? "part-\(index).jsonl", lines: lines)
    }

    /// The message a refused merge gives; nil when it merged.
    private func refusal(_ merge: () throws -> [String]) -> String? {
        do {
            _ = try merge()
            return nil
        } catch let failure as ShardMerge.Failure {
            return failure.message
        } catch {
            return "not a refusal of the merge: \(error)"
        }
    }

    @Test("Parts in shard order give the lines of one unsharded run, in input order, without stamps")
    func inputOrder() throws {
        let unsharded = try list.indices.map { try #require(JSONLines.line(for: result($0, of: list))) }
        let merged = try ShardMerge.merge([try part(0, of: 2), try part(1, of: 2)], list: list)
        #expect(merged == unsharded)
        let three = try ShardMerge.merge([try part(0, of: 3), try part(1, of: 3), try part(2, of: 3)])
        #expect(three == unsharded)
    }

    @Test("A missing part is refused by its shard")
    func missingPart() throws {
        let parts = [try part(0, of: 3), try part(1, of: 3)]
        let message = refusal { try ShardMerge.merge(parts) }
        #expect(message
            == "shard 2/3 is missing: give every part, in shard order 0 to 2")
    }

    @Test("A part given twice is refused, naming the place it was given in and where it belongs")
    func duplicatedPart() throws {
        let parts = [try part(0, of: 2), try part(0, of: 2, file: "again.jsonl")]
        let message = refusal { try ShardMerge.merge(parts) }
        #expect(message
            == "again.jsonl is shard 0/2 but was given in place 1 (shard 0/2 is also given, in its place, as part-0.jsonl): "
            + "give each part once, in shard order 0 to 1")
    }

    @Test("Parts out of shard order are refused")
    func outOfOrder() throws {
        let parts = [try part(1, of: 2), try part(0, of: 2)]
        let message = refusal { try ShardMerge.merge(parts) }
        #expect(message
            == "part-1.jsonl is shard 1/2 but was given in place 0: give each part once, in shard order 0 to 1")
    }

    @Test("An empty part beyond the shares is one part too many")
    func partTooMany() throws {
        let parts = [try part(0, of: 2), try part(1, of: 2), ShardMerge.Part(file: "extra.jsonl", lines: [])]
        let message = refusal { try ShardMerge.merge(parts) }
        #expect(message
            == "extra.jsonl is one part too many for 2 shares: give each part once, in shard order 0 to 1")
    }

    @Test("Nothing but empty parts is nothing to merge")
    func onlyEmptyParts() {
        let message = refusal { try ShardMerge.merge([ShardMerge.Part(file: "empty.jsonl", lines: [])]) }
        #expect(message
            == "every part is empty: there is nothing to merge; give the parts that filterocr batch --shard I/N wrote")
    }

    @Test("A part of another input list is refused")
    func partOfAnotherRun() throws {
        let other = list + ["f.png"]
        let parts = [try part(0, of: 2), try part(1, of: 2, list: other)]
        let message = refusal { try ShardMerge.merge(parts) }
        #expect(message == "part-1.jsonl is shard 1/2 of another input list (6 inputs, list \(Shard.listDigest(other))), "
            + "not of this run's (2 shares of 5 inputs, list \(Shard.listDigest(list))): give the parts of one run")
    }

    @Test("Parts of another list than --list's are refused")
    func listNotTheShards() throws {
        let given = list.reversed().map { $0 }
        let parts = [try part(0, of: 2), try part(1, of: 2)]
        let message = refusal { try ShardMerge.merge(parts, list: given) }
        #expect(message
            == "the parts are of another input list (5 inputs, list \(Shard.listDigest(list))) than the one given "
            + "(5 inputs, list \(Shard.listDigest(given))): give the list the shards were run on")
    }

    @Test("A line naming another image than --list's input at its place is refused")
    func lineNotTheListsInput() throws {
        let shard = try Shard("1/2", environment: [:])
        let lines = try [1, 3].map { position in
            try #require(JSONLines.line(for: result(position, of: list, named: position == 3 ? "z.png" : nil),
                                        shard: shard.stamp(for: list)))
        }
        let parts = [try part(0, of: 2), ShardMerge.Part(file: "part-1.jsonl", lines: lines)]
        #expect(throws: Never.self) { try ShardMerge.merge(parts) }
        let message = refusal { try ShardMerge.merge(parts, list: list) }
        #expect(message
            == "part-1.jsonl line 2 names z.png, but input 3 of the list is d.png: run its shard again")
    }

    @Test("A line changed after it was written no longer matches its stamp")
    func changedLine() throws {
        var changed = try part(1, of: 2)
        changed.lines[0] = changed.lines[0].replacingOccurrences(of: "not an image", with: "an image")
        let parts = [try part(0, of: 2), changed]
        let message = refusal { try ShardMerge.merge(parts) }
        #expect(message
            == "part-1.jsonl line 1 does not match its stamp: it was changed after filterocr batch wrote it; run its shard again")
    }

    @Test("A part cut short is a run that did not finish")
    func cutShort() throws {
        var short = try part(0, of: 2)
        short.lines.removeLast()
        let parts = [short, try part(1, of: 2)]
        let message = refusal { try ShardMerge.merge(parts) }
        #expect(message
            == "part-0.jsonl holds 2 of shard 0/2's 3 inputs: its run did not finish; run it again (the result store makes it cheap)")
    }

    @Test("A file's lines lose a CR before each LF; bytes that are not UTF-8 are refused, not repaired")
    func fileLines() throws {
        #expect(try ShardMerge.lines(of: Array("one\r\ntwo\n".utf8), file: "p.jsonl") == ["one", "two"])
        let message = refusal { try ShardMerge.lines(of: [0x6F, 0x0A, 0xFF, 0x0A], file: "p.jsonl") }
        #expect(message
            == "p.jsonl line 2 is not UTF-8: give the file filterocr batch wrote, unchanged")
    }

    @Test("Files on disk merge as their parts do, checked against the list file")
    func files() throws {
        let folder = try Paths.temporaryDirectory()
        var files: [String] = []
        for index in 0..<2 {
            let file = "\(folder)/part-\(index).jsonl"
            try Data(try part(index, of: 2).lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let listFile = "\(folder)/list.txt"
        try Data(list.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: listFile))
        var merged: [String] = []
        try ShardMerge.merge(files: files, listFile: listFile) { merged.append($0) }
        let fromParts = try ShardMerge.merge([try part(0, of: 2), try part(1, of: 2)])
        #expect(merged == fromParts)
        let missing = "\(folder)/no-list.txt"
        #expect(throws: FileError.unreadable(path: missing, reason: "cannot open it")) {
            try ShardMerge.merge(files: files, listFile: missing) { _ in }
        }
    }
}
