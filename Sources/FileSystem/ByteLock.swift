#if canImport(Glibc)
import Glibc
#endif
internal import CFileCalls

/// A write lock on one byte of a file, held through a descriptor of its own for as long as
/// the value lives, to keep other processes out of something they lock that byte for.
///
/// It is an open file description lock: it conflicts with the locks of every other holder,
/// this process's POSIX locks included, and closing it leaves those alone (closing any
/// descriptor of a file drops all of the process's POSIX locks on it, SQLite's among them).
public final class ByteLock {
    private let descriptor: Int32

    /// Locks the byte at `offset` of the regular file at `path`, creating it with `mode` if it
    /// is missing; nil when another holder has the byte locked or the file cannot be opened
    /// (a link is not followed).
    public init?(path: String, offset: Int, mode: mode_t) {
        let descriptor = PathEncoding.withFileSystemPath(path) {
            Glibc.open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode)
        }
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              filterocr_lock_byte(descriptor, Int64(offset)) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Empties the locked file.
    public func truncate() { _ = ftruncate(descriptor, 0) }
}
