import Core
import FileSystem
import Foundation

/// `filterocr merge PART-0.jsonl PART-1.jsonl …`: the merge of the shards' files as they lie on disk.
extension ShardMerge {
    /// The lines of the shards' files (shard 0 first) in input order, as one unsharded run
    /// writes them, each given to `emit` as its place comes; see `merge(_:list:)` for what is
    /// checked and refused. Every part is open at once and read a line at a time, so a merge
    /// takes the memory of a few lines whatever the parts' size.
    ///
    /// - Parameter listFile: the file of the input list the shards read on standard input, one
    ///   path per line, when the user gives it: the parts are checked against it too.
    public static func merge(files: [String], listFile: String? = nil, emit: (String) -> Void) throws {
        let list = try listFile.map(readList)
        raiseOpenFileLimit(toHold: files.count)
        let parts = try files.map { file throws(FileError) in try PartLines(opening: file) }
        try merge(parts, list: list, emit: emit)
    }

    /// The input list in `file`, read as `batch` reads paths on standard input.
    private static func readList(_ file: String) throws -> [String] {
        let descriptor = PathEncoding.withFileSystemPath(file) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileError.unreadable(path: file, reason: "cannot open it") }
        defer { close(descriptor) }
        return Array(BatchInputs(arguments: ["-"], standardInput: LineReader(descriptor: descriptor)))
    }

    /// Raises the soft limit on open files as far as the hard limit allows when the parts and
    /// a few more would not fit under it (1024, a common default, is fewer than a large array
    /// job's shards).
    private static func raiseOpenFileLimit(toHold parts: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let needed = rlim_t(parts) + 64
        guard limit.rlim_cur < needed else { return }
        limit.rlim_cur = min(needed, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
