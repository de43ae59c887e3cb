#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import TestSupport

/// Files made, read and looked at by their paths' bytes, so that names that are not UTF-8 are
/// made and read as the system stores them, in temporary folders the tests remove.
enum TestFiles {
    /// A new empty folder, removed by `remove`.
    static func folder() throws -> String {
        try Paths.temporaryDirectory()
    }

    /// Whether `/dev/shm` is another file system than the temporary folders', one this process may write to.
    static let anotherFileSystem: Bool = {
        var shm = stat(), temporary = stat()
        return stat("/dev/shm", &shm) == 0 && stat(Paths.temporaryRoot, &temporary) == 0 && shm.st_dev != temporary.st_dev
            && access("/dev/shm", W_OK) == 0
    }()

    /// A new empty folder on another file system than `folder`'s (`/dev/shm`), removed by `remove`.
    static func folderElsewhere() throws -> String {
        let path = "/dev/shm/filterocr-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `text` to `path` (made or truncated), the way any program would.
    static func write(_ text: String, to path: String, mode: mode_t = 0o644) {
        let file = PathEncoding.withFileSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }
        precondition(file >= 0, "cannot write \(path): \(errno)")
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
        close(file)
    }

    /// Replaces `path` by a new file holding `text`, as an editor saves: written aside, renamed over it.
    static func replace(_ path: String, with text: String) {
        let aside = path + ".new"
        write(text, to: aside)
        precondition(PathEncoding.withFileSystemPath(aside, { from in PathEncoding.withFileSystemPath(path) { rename(from, $0) } }) == 0)
    }

    /// The text of the file at `path`; nil when it cannot be read.
    static func read(_ path: String) -> String? {
        let file = PathEncoding.withFileSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The permission bits of `path`, and its owner; nil when it is not there.
    static func mode(of path: String) -> (mode: mode_t, owner: uid_t, group: gid_t)? {
        var info = stat()
        guard PathEncoding.withFileSystemPath(path, { lstat($0, &info) }) == 0 else { return nil }
        return (info.st_mode & 0o7777, info.st_uid, info.st_gid)
    }

    /// The names in `folder`, sorted.
    static func names(in folder: String) -> [String] {
        (Folders.names(in: folder) ?? []).sorted()
    }
}
