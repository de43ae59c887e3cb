#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What changes when a file's content is replaced: its identity, size and modification time,
/// as `stat` sees them (following links, as reading the file does). Not its status-change time,
/// which renaming or unlinking the file moves without touching its content.
public struct FileStamp: Sendable, Equatable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int
    private let modified: timespec

    /// The stamp of the file at `path`; nil if it cannot be read.
    public init?(at path: String) {
        var info = stat()
        guard PathEncoding.withFileSystemPath(path, { stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of the open file `descriptor`; nil if it cannot be read.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = info.st_mtim
    }

    /// Whether the two stamps are of one file (device and inode), whatever its content.
    public func isSameFile(as other: FileStamp) -> Bool { (device, inode) == (other.device, other.inode) }

    public var byteCount: Int { size }

    /// When the file was last written, in seconds since 1970.
    public var modifiedSeconds: Double { Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9 }

    /// The size and modification time as one word, `123456@1795000000.123456789`: what a
    /// record of files seen keeps to know a file again (the inode may be reused once it goes).
    public var sizeAndTime: String { "\(size)@\(modified.tv_sec).\(modified.tv_nsec)" }

    public static func == (left: FileStamp, right: FileStamp) -> Bool {
        (left.device, left.inode, left.size) == (right.device, right.inode, right.size)
            && (left.modified.tv_sec, left.modified.tv_nsec) == (right.modified.tv_sec, right.modified.tv_nsec)
    }
}
