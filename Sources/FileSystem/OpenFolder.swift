#if canImport(Glibc)
import Glibc
#endif
internal import CFileCalls

/// A folder held open by its descriptor: its files are opened, checked and moved relative to
/// it (`openat`, `renameat2`), so a folder renamed or a link swapped in along its path cannot
/// send a read or a move elsewhere, and nothing already there is ever replaced.
public final class OpenFolder: Sendable {
    /// The folder as the user named it, for messages.
    public let path: String
    let descriptor: Int32
    /// The folder as it was opened, to know it again.
    public let stamp: FileStamp

    /// Opens the folder at `path` (a link to a folder is followed, once, here).
    public init(_ path: String) throws(FileError) {
        let descriptor = PathEncoding.withFileSystemPath(path) { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw .notFound(path: path)
            case ENOTDIR: throw .notAFile(path: path, kind: FileKind(at: path))
            default: throw .unreadable(path: path, reason: systemReason(code))
            }
        }
        guard let stamp = FileStamp(descriptor: descriptor) else {
            let reason = systemReason()
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        (self.path, self.descriptor, self.stamp) = (path, descriptor, stamp)
    }

    deinit { close(descriptor) }

    /// `name` in this folder, for messages.
    public func path(of name: String) -> String { (path.hasSuffix("/") ? path : path + "/") + name }

    /// Whether the folder is the same as `other` (the same device and inode).
    public func isSame(as other: OpenFolder) -> Bool { stamp.isSameFile(as: other.stamp) }

    /// Whether the folder's own path still leads to it: false once it was deleted, renamed away
    /// or replaced by another folder of that name.
    public var isStillAtItsPath: Bool {
        guard let current = FileStamp(at: path), current.isSameFile(as: stamp) else { return false }
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_nlink > 0
    }

    /// Takes the folder's exclusive lock (`flock`), held until this process ends; false when
    /// another process holds it.
    public func lockExclusively() -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Whether this process may create and remove files in the folder.
    public var isWritable: Bool { faccessat(descriptor, ".", W_OK | X_OK, AT_EACCESS) == 0 }

    /// What `name` is, without following a link.
    public func kind(of name: String) -> FileKind {
        guard let info = status(of: name) else { return .missing }
        return FileKind(mode: info.st_mode, size: Int(info.st_size))
    }

    /// The stamp of `name`, without following a link; nil when it is not there.
    public func stamp(of name: String) -> FileStamp? {
        status(of: name).map(FileStamp.init)
    }

    private func status(of name: String) -> stat? {
        var info = stat()
        guard PathEncoding.withFileSystemPath(name, { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        return info
    }

    /// Opens the regular file `name` for reading; a link, a FIFO or any other special file is
    /// refused without waiting on it (`O_NOFOLLOW`, `O_NONBLOCK`, then `fstat`).
    public func open(_ name: String) throws(FileError) -> HeldFile {
        let file = try openRegular(name, flags: O_RDONLY)
        guard let stamp = FileStamp(descriptor: file) else {
            let reason = systemReason()
            close(file)
            throw .unreadable(path: path(of: name), reason: reason)
        }
        return HeldFile(descriptor: file, stamp: stamp)
    }

    /// A descriptor of the regular file `name`, opened with `flags` (and `O_CREAT`'s mode
    /// 0644), never through a link nor blocking on a FIFO; the caller closes it.
    public func openRegular(_ name: String, flags: Int32) throws(FileError) -> Int32 {
        let file = PathEncoding.withFileSystemPath(name) {
            openat(descriptor, $0, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        }
        guard file >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw .notFound(path: path(of: name))
            case ELOOP: throw .notAFile(path: path(of: name), kind: .symbolicLink)
            case ENXIO: throw .notAFile(path: path(of: name), kind: kind(of: name))
            case let code where [EACCES, EPERM, EROFS].contains(code) && flags & O_ACCMODE != O_RDONLY && !isDenied(name, access: R_OK):
                // It can be read: it is writing that is refused (a read-only mode, file system or folder).
                let why = kind(of: name) == .missing ? "the folder is not writable by this user"
                    : code == EROFS ? "it is on a read-only file system" : "it is read-only for this user"
                throw .cannotWrite(path: path(of: name), reason: "\(why) (\(systemReason(code)))")
            default: throw .unreadable(path: path(of: name), reason: systemReason(code))
            }
        }
        let kind = FileKind(descriptor: file)
        guard kind.isRegular else {
            close(file)
            throw .notAFile(path: path(of: name), kind: kind)
        }
        // Reads and writes wait as they do on any file once it is known to be one.
        _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// Whether this user is refused `access` (`R_OK`, `W_OK`) to `name`; false when it is not there.
    private func isDenied(_ name: String, access mode: Int32) -> Bool {
        guard kind(of: name) != .missing else { return false }
        return PathEncoding.withFileSystemPath(name) { faccessat(descriptor, $0, mode, AT_EACCESS) } != 0
    }

    /// Moves the file `held`, found here as `name`, into `folder` under the first of `names`
    /// that is free; returns that name. Nothing there is replaced. Across file systems the file
    /// is copied, flushed and then removed here. When `name` no longer holds that very file (it
    /// was replaced after it was opened), the file is copied from its descriptor and whatever
    /// `name` now holds is left alone.
    ///
    /// Without `held` (a link, a FIFO: what is not read), the entry itself is moved, within
    /// one file system only.
    public func move(_ name: String, held: HeldFile?, to folder: OpenFolder, names: UniqueNames) throws(FileError) -> String {
        if let held, stamp(of: name).map({ $0.isSameFile(as: held.stamp) }) != true {
            return try held.copy(into: folder, names: names)
        }
        for candidate in names {
            let moved = PathEncoding.withFileSystemPath(name) { from in
                PathEncoding.withFileSystemPath(candidate) { to in filterocr_rename_noreplace(descriptor, from, folder.descriptor, to) }
            }
            if moved == 0 { return candidate }
            switch errno {
            case EEXIST:
                continue
            case EXDEV:
                guard let held else {
                    throw .cannotWrite(path: folder.path(of: candidate), reason: "cannot move \(PathEncoding.displayed(name)) "
                                       + "there: it is not a file, and the folder is on another file system")
                }
                let copied = try held.copy(into: folder, names: names)
                try remove(name, ifStill: held, copiedTo: folder.path(of: copied))
                return copied
            case EINVAL, ENOSYS:
                // A file system that cannot refuse to replace: look first, then rename.
                guard folder.kind(of: candidate) == .missing else { continue }
                let renamed = PathEncoding.withFileSystemPath(name) { from in
                    PathEncoding.withFileSystemPath(candidate) { to in renameat(descriptor, from, folder.descriptor, to) }
                }
                guard renamed == 0 else { throw .cannotWrite(path: folder.path(of: candidate), reason: systemReason()) }
                return candidate
            case let code:
                throw .cannotWrite(path: folder.path(of: candidate), reason: "cannot move \(PathEncoding.displayed(name)) there ("
                                   + systemReason(code) + ")")
            }
        }
        throw .cannotWrite(path: folder.path, reason: "no free name for \(PathEncoding.displayed(name))")
    }

    /// Renames `name` (a file of this folder's own, such as a finished temporary file) to the
    /// first of `names` that is free; returns that name.
    public func rename(_ name: String, toFirstFreeOf names: UniqueNames) throws(FileError) -> String {
        for candidate in names {
            let renamed = PathEncoding.withFileSystemPath(name) { from in
                PathEncoding.withFileSystemPath(candidate) { to in filterocr_rename_noreplace(descriptor, from, descriptor, to) }
            }
            if renamed == 0 { return candidate }
            if errno == EEXIST { continue }
            throw .cannotWrite(path: path(of: candidate), reason: systemReason())
        }
        throw .cannotWrite(path: path, reason: "no free name for \(PathEncoding.displayed(name))")
    }

    /// Writes `bytes` as a new file under the first of `names` that is free, flushed to disk;
    /// returns that name.
    public func create(_ bytes: [UInt8], names: UniqueNames) throws(FileError) -> String {
        try create(names: names) { file in
            bytes.withUnsafeBytes { DescriptorWrite.all($0, to: file) }.map { systemReason($0) }
        }
    }

    /// Makes a new file under the first of `names` that is free, has `fill` write it (nil, or
    /// why it failed), flushes it to disk and returns its name; a file not written whole is
    /// removed.
    func create(names: some Sequence<String>, fill: (Int32) -> String?) throws(FileError) -> String {
        for candidate in names {
            let file = PathEncoding.withFileSystemPath(candidate) {
                openat(descriptor, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            }
            if file < 0 && errno == EEXIST { continue }
            guard file >= 0 else { throw .cannotWrite(path: path(of: candidate), reason: systemReason()) }
            var failure = fill(file) ?? (fsync(file) == 0 ? nil : systemReason())
            if close(file) != 0, failure == nil { failure = systemReason() }
            if let failure {
                _ = PathEncoding.withFileSystemPath(candidate) { unlinkat(descriptor, $0, 0) }
                throw .cannotWrite(path: path(of: candidate), reason: failure)
            }
            return candidate
        }
        throw .cannotWrite(path: path, reason: "no free name")
    }

    /// Replaces the regular file `name` (or nothing) with `bytes`, whole or not at all: they go
    /// to a temporary file here, flushed, renamed over it.
    public func replace(_ name: String, with bytes: [UInt8]) throws(FileError) {
        switch kind(of: name) {
        case .missing, .regular: break
        case let kind: throw .notAFile(path: path(of: name), kind: kind)
        }
        let temporary = try create(bytes, names: UniqueNames(AtomicFile.name(of: AtomicFile.temporaryPath(for: name))))
        guard PathEncoding.withFileSystemPath(temporary, { from in
            PathEncoding.withFileSystemPath(name) { to in renameat(descriptor, from, descriptor, to) }
        }) == 0 else {
            let reason = systemReason()
            _ = PathEncoding.withFileSystemPath(temporary) { unlinkat(descriptor, $0, 0) }
            throw .cannotWrite(path: path(of: name), reason: reason)
        }
    }

    /// The names in the folder (not `.` and `..`), unsorted; empty if it cannot be read.
    public func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        // The copy shares its position with the folder's descriptor: start from the top.
        rewinddir(directory)
        return Folders.names(in: directory)
    }

    /// Removes the file `name` (not a folder).
    public func remove(_ name: String) throws(FileError) {
        guard PathEncoding.withFileSystemPath(name, { unlinkat(descriptor, $0, 0) }) == 0 else {
            throw .cannotWrite(path: path(of: name), reason: "cannot remove it (\(systemReason()))")
        }
    }

    /// Removes `name` if it still holds `held` (copied elsewhere first).
    private func remove(_ name: String, ifStill held: HeldFile, copiedTo copy: String) throws(FileError) {
        guard let current = stamp(of: name), current.isSameFile(as: held.stamp) else { return }
        guard PathEncoding.withFileSystemPath(name, { unlinkat(descriptor, $0, 0) }) == 0 else {
            throw .cannotWrite(path: path(of: name), reason: "copied to \(PathEncoding.displayed(copy)), but the original "
                               + "cannot be removed (\(systemReason()))")
        }
    }
}
