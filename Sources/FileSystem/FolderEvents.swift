#if canImport(Glibc)
import Glibc
#endif

/// What the kernel says of the files in one folder (inotify), so that a hot folder waits for
/// files instead of looking for them: a file moved in, closed after writing, created or written
/// to, moved out or deleted, and the folder itself gone.
public final class FolderEvents: Sendable {
    public enum Change: Sendable, Equatable {
        /// Moved in whole, by a rename.
        case movedIn(String)
        /// Closed after writing: perhaps finished, perhaps opened again for more.
        case closed(String)
        /// Created or written to, and perhaps not finished.
        case changing(String)
        case gone(String)
        /// The kernel's queue overflowed: changes were lost, and the folder must be looked at again.
        case overflow
        /// The folder itself was deleted or moved away (or its file system unmounted).
        case folderGone
    }

    private let watch: Int32
    /// A pipe whose write end `wake` writes to, so that a waiting `next` returns at once.
    private let wakeRead: Int32, wakeWrite: Int32

    /// Starts watching `folder` (its files, not its subfolders).
    public init(folder: String) throws(FileError) {
        let descriptor = inotify_init1(Int32(O_CLOEXEC | O_NONBLOCK))
        guard descriptor >= 0 else { throw .unreadable(path: folder, reason: "inotify: \(String(cString: strerror(errno)))") }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_ATTRIB | IN_DELETE | IN_MOVED_FROM
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
        guard PathEncoding.withFileSystemPath(folder, { inotify_add_watch(descriptor, $0, mask) }) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: folder, reason: "cannot watch it: \(reason)")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            throw .unreadable(path: folder, reason: "pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        (watch, wakeRead, wakeWrite) = (descriptor, ends[0], ends[1])
    }

    deinit {
        close(watch)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Makes a `next` waiting on another thread return at once; safe from any thread.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// The changes since the last call, waiting up to `timeout` seconds for one (nil: until
    /// one comes or `wake` is called); empty when the time passed or it was woken.
    public func next(timeout: Double?) -> [Change] {
        var polled = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let milliseconds = timeout.map { Int32(min(max(0, $0 * 1000).rounded(.up), Double(Int32.max))) } ?? -1
        guard poll(&polled, 2, milliseconds) > 0 else { return [] }
        if polled[1].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &drained, drained.count) > 0 {}
        }
        guard polled[0].revents != 0 else { return [] }
        var changes: [Change] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            changes += Self.parse(buffer[..<count])
        }
        return changes
    }

    /// The changes in a buffer of `inotify_event`s.
    private static func parse(_ bytes: ArraySlice<UInt8>) -> [Change] {
        var changes: [Change] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            let (mask, length) = bytes.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
                return (event.mask, Int(event.len))
            }
            let nameBytes = bytes[(offset + header)..<min(bytes.endIndex, offset + header + length)]
            let name = PathEncoding.decode(nameBytes.prefix { $0 != 0 })
            offset += header + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changes.append(.overflow)
            } else if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT) != 0 {
                changes.append(.folderGone)
            } else if name.isEmpty || mask & UInt32(IN_ISDIR) != 0 {
                // The folder's own folders (done/, failed/) are not arrivals.
                continue
            } else if mask & UInt32(IN_MOVED_TO) != 0 {
                changes.append(.movedIn(name))
            } else if mask & UInt32(IN_CLOSE_WRITE) != 0 {
                changes.append(.closed(name))
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                changes.append(.gone(name))
            } else {
                changes.append(.changing(name))
            }
        }
        return changes
    }
}

extension FolderEvents {
    /// Whether some process still has the file open as `descriptor` (for reading) open for
    /// writing, as Linux tells it to whoever may take a read lease on it (its owner, or root);
    /// nil when it cannot tell.
    public static func isOpenForWriting(descriptor: Int32) -> Bool? {
        // F_SETLEASE (1024) with F_RDLCK fails with EAGAIN while a writer has the file open.
        guard fcntl(descriptor, 1024, Int32(F_RDLCK)) == 0 else { return errno == EAGAIN ? true : nil }
        _ = fcntl(descriptor, 1024, Int32(F_UNLCK))
        return false
    }
}
