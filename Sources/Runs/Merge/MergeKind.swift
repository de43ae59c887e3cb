import FileSystem

/// Which of `filterocr merge`'s two merges its files call for, told by each file's first bytes
/// rather than its name: a shard's output may be named anything.
public enum MergeKind: Sendable, Equatable {
    /// The JSON Lines of `batch --shard I/N` runs, put back in input order (`ShardMerge`).
    case shardLines
    /// Result stores, added to one (`StoreMerge`).
    case stores

    /// The merge `files` call for: stores when every file is one, JSON Lines when none is; nil
    /// when some are and some are not, which neither merge takes.
    public init?(files: [String]) {
        let stores = files.filter(Self.isStore).count
        switch stores {
        case 0: self = .shardLines
        case files.count: self = .stores
        default: return nil
        }
    }

    /// The first bytes of every SQLite database.
    private static let storeHeader = Array("SQLite format 3\u{0}".utf8)

    /// Whether `file` is an SQLite database, by its header; a file that cannot be read is not.
    public static func isStore(_ file: String) -> Bool {
        (try? BoundedRead.prefix(of: file, count: storeHeader.count)) == storeHeader
    }
}
