import ArgumentParser
import FileSystem
import Foundation
import ResultStore
import Runs

/// `filterocr merge`: the outputs of `batch --shard I/N` runs made one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge sharded batches' JSON Lines into one run's, or their result stores into one.",
        discussion: """
            JSON Lines: give every shard's output in shard order (the output of --shard 0/N first); \
            the merged lines, in input order, are what one run over all the inputs writes. A part \
            that is missing, repeated, out of order, from another input list or cut short is \
            refused, by name. \
            Stores: every result of the given stores is added to the one --store names \
            (by default the user's), so that a rerun anywhere answers from it.
            """
    )

    @Argument(help: ArgumentHelp("The shards' JSON Lines files (shard 0 first), or their result stores.", valueName: "file"))
    var files: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the merged JSON Lines to this file instead of standard output.",
                                                    valueName: "file"))
    var output: String?

    @OptionGroup var location: StorePathOption

    func validate() throws {
        guard !files.isEmpty else {
            throw ValidationError("give the shards' outputs: filterocr merge out-0.jsonl out-1.jsonl out-2.jsonl")
        }
        for file in files {
            guard case .regular = FileKind(at: file) else { throw ValidationError("\(PathEncoding.displayed(file)): no such file") }
        }
        let stores = files.filter(Self.isStore)
        if !stores.isEmpty && stores.count != files.count {
            throw ValidationError("give JSON Lines files or result stores, not both")
        }
        if !stores.isEmpty && output != nil { throw ValidationError("-o is for JSON Lines; stores merge into --store PATH") }
    }

    func run() throws {
        if files.allSatisfy(Self.isStore) { return try mergeStores() }
        let parts = try Terminal.orExit {
            try files.map { file in
                ShardMerge.Part(file: file, lines: try ShardMerge.lines(of: try BoundedRead.file(file, limit: 1 << 34), file: file))
            }
        }
        let merged = try Terminal.orExit { try ShardMerge.merge(parts) }
        let text = merged.map { $0 + "\n" }.joined()
        if let output {
            try Terminal.orExit { try AtomicFile.write(Array(text.utf8), to: output) }
        } else {
            Terminal.print(text, terminator: "")
        }
    }

    private func mergeStores() throws {
        let path = try location.requiredPath()
        // A refused shard must leave the store merged into as it was: opening it writes.
        try Terminal.orExit { try ResultStore.check(shards: files) }
        let store = try Terminal.orExit { try ResultStore(path: path) { Terminal.printWarning($0) } }
        let added = try Terminal.orExit { try store.merge(from: files) }
        Terminal.print("added \(added) recognitions from \(files.count) stores to \(PathEncoding.displayed(path))")
    }

    /// Whether `file` is an SQLite database, by its first bytes.
    private static func isStore(_ file: String) -> Bool {
        (try? BoundedRead.prefix(of: file, count: 16)).map { $0 == Array("SQLite format 3\u{0}".utf8) } ?? false
    }
}
