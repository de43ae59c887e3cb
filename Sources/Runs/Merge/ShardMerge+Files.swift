import Core
import FileSystem
import Foundation

/// `filterocr merge PART-0.jsonl PART-1.jsonl …`: the merge of the shards' files as they lie on disk.
extension ShardMerge {
    /// A shard's JSON Lines larger than this are refused rather than read: 16 GiB.
    public static let maximumPartSize = 1 << 34

    /// The lines of the shards' files (shard 0 first) in input order, as one unsharded run
    /// writes them; see `merge(_:list:)` for what is checked and refused.
    ///
    /// - Parameter listFile: the file of the input list the shards read on standard input, one
    ///   path per line, when the user gives it: the parts are checked against it too.
    public static func merge(files: [String], listFile: String? = nil) throws -> [String] {
        let parts = try files.map { file in
            Part(file: file, lines: try lines(of: try BoundedRead.file(file, limit: maximumPartSize), file: file))
        }
        return try merge(parts, list: try listFile.map(readList))
    }

    /// The input list in `file`, read as `batch` reads paths on standard input.
    private static func readList(_ file: String) throws -> [String] {
        let descriptor = PathEncoding.withFileSystemPath(file) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileError.unreadable(path: file, reason: "cannot open it") }
        defer { close(descriptor) }
        return Array(BatchInputs(arguments: ["-"], standardInput: LineReader(descriptor: descriptor)))
    }
}
