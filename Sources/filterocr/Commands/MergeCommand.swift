import ArgumentParser
import Core
import FileSystem
import Foundation
import Runs

/// `filterocr merge`: the outputs of `batch --shard I/N` runs made one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge sharded batches' JSON Lines into one run's, or their result stores into one.",
        discussion: """
            JSON Lines: give every shard's output in shard order (the output of --shard 0/N first); \
            the merged lines, in input order, are what one run over all the inputs writes. A part \
            that is missing, repeated, out of order, from another input list or cut short, and a \
            line repeated, missing, out of place or changed after it was written, is refused in one \
            line, by name, and nothing is written; so is a merge of empty parts only, and an \
            output that is one of the parts. With --list, the list the shards read is checked too. \
            Stores: every result of the given stores is added to the one --store names \
            (by default the user's), so that a rerun anywhere answers from it.
            """
    )

    @Argument(help: ArgumentHelp("The shards' JSON Lines files (shard 0 first), or their result stores.", valueName: "file"))
    var files: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the merged JSON Lines to this file instead of standard output.",
                                                    valueName: "file"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The input list the shards read on standard input: its identity and each line's "
                                            + "input are checked against it.", valueName: "file"))
    var list: String?

    @OptionGroup var location: StorePathOption

    func validate() throws {
        guard !files.isEmpty else {
            throw ValidationError("give the shards' outputs: filterocr merge out-0.jsonl out-1.jsonl out-2.jsonl")
        }
        for file in files + (list.map { [$0] } ?? []) {
            if let problem = Self.notAFile(file) { throw ValidationError(problem) }
        }
        guard let kind else { throw ValidationError("give JSON Lines files or result stores, not both") }
        if kind == .stores && output != nil { throw ValidationError("-o is for JSON Lines; stores merge into --store PATH") }
        if kind == .stores && list != nil { throw ValidationError("--list is for JSON Lines; stores merge whole") }
        let target = kind == .shardLines ? output : try? location.requiredPath()
        if let target, let part = files.first(where: { Self.isSameFile($0, target) }) {
            throw ValidationError("\(PathEncoding.displayed(target)) is one of the parts being merged "
                                  + "(\(PathEncoding.displayed(part))): name a new file, e.g. "
                                  + (kind == .shardLines ? "-o results.jsonl" : "--store results.sqlite"))
        }
    }

    /// The merge the files call for; nil when some are stores and some are not.
    private var kind: MergeKind? { MergeKind(files: files) }

    /// Why `path` cannot be read as a part (a link is followed to a file): nil when it can.
    private static func notAFile(_ path: String) -> String? {
        let shown = PathEncoding.displayed(path)
        switch FileKind(at: path) {
        case .regular: return nil
        case .missing: return "\(shown): no such file"
        case .symbolicLink:
            var info = stat()
            guard PathEncoding.withFileSystemPath(path, { stat($0, &info) }) == 0 else {
                return "\(shown) is a symbolic link to nothing (it points to a file that does not exist)"
            }
            let kind = FileKind(mode: info.st_mode)
            return kind.isRegular ? nil : "\(shown) is a symbolic link to \(kind.description), not to a file"
        case let kind: return "\(shown) is \(kind.description), not a file: give the shards' outputs"
        }
    }

    /// Whether the two paths name one file (links followed), such as an output that is an input.
    private static func isSameFile(_ one: String, _ other: String) -> Bool {
        guard let first = FileStamp(at: one), let second = FileStamp(at: other) else { return false }
        return first.isSameFile(as: second)
    }

    func run() throws {
        if kind == .stores { return try mergeStores() }
        let merged = try Terminal.orExit { try MergedOutput(path: output) }
        try Terminal.orExit { try ShardMerge.merge(files: files, listFile: list, emit: merged.append) }
        if output != nil {
            try Terminal.orExit { try merged.commit() }
        } else {
            try Terminal.orExit { try merged.copyOut(Terminal.writeOutput) }
        }
    }

    private func mergeStores() throws {
        let path = try location.requiredPath()
        let added = try Terminal.orExit { try StoreMerge.merge(files, into: path) { Terminal.printWarning($0) } }
        Terminal.print("added \(added) recognitions from \(files.count) stores to \(PathEncoding.displayed(path))")
    }
}
