#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Threading

/// The new version of a file while it is being written: a temporary file beside it that
/// takes the place of the old one only when every byte of it is written and flushed.
///
/// Every write is checked. After the first failure (a full disk, a quota) the rest are
/// dropped, and `commit` removes the temporary file and throws that failure: the old file
/// is never replaced by a part of the new one. The new file keeps the replaced one's
/// permissions (and owner, where allowed), and a file its permissions protect from us is
/// refused, as `cp` refuses it.
public final class FileReplacement: Sendable {
    /// The file the user asked for.
    public let path: String
    /// The temporary file, named so that `StaleTemporaries` knows it.
    private let temporary: String
    private let state: Locked<State>

    private struct State {
        var descriptor: Int32
        var failure: String?
    }

    /// Starts the new version of `path`, a regular file or nothing, in an existing folder.
    public init(_ path: String) throws(FileError) {
        try AtomicFile.checkTarget(path)
        let existing = try Self.replacedFile(at: path)
        StaleTemporaries.removeOnce(in: AtomicFile.folder(of: path))
        self.path = path
        temporary = AtomicFile.temporaryPath(for: path)
        // A new file gets what the user's umask allows; a replaced one keeps its mode, set
        // below where the umask cannot narrow it.
        let descriptor = PathEncoding.withFileSystemPath(temporary) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, existing == nil ? 0o666 : 0o600)
        }
        guard descriptor >= 0 else { throw Self.creationError(errno, path: path) }
        if let existing {
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
            // Only root may give the file back to its owner; for anyone else it is already theirs.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
        }
        state = Locked(State(descriptor: descriptor))
    }

    deinit { abandon() }

    /// Appends `buffer`, or records why it could not be.
    public func write(_ buffer: UnsafeRawBufferPointer) {
        state.withLock { state in
            guard state.failure == nil, state.descriptor >= 0 else { return }
            if let code = DescriptorWrite.all(buffer, to: state.descriptor) { state.failure = systemReason(code) }
        }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Flushes the new file to disk and renames it over `path`; on any failure, removes it,
    /// leaves `path` as it was and throws why.
    public func commit() throws(FileError) {
        var failure: String? = state.withLock { state in
            guard state.descriptor >= 0 else { return state.failure ?? "already finished" }
            if state.failure == nil, fsync(state.descriptor) != 0 { state.failure = systemReason() }
            // close reports errors that a network file system defers until then.
            if close(state.descriptor) != 0, state.failure == nil { state.failure = systemReason() }
            state.descriptor = -1
            return state.failure
        }
        if failure == nil, PathEncoding.withFileSystemPath(temporary, { from in
            PathEncoding.withFileSystemPath(path) { to in rename(from, to) }
        }) != 0 {
            failure = systemReason()
        }
        guard let failure else { return }
        _ = PathEncoding.withFileSystemPath(temporary) { unlink($0) }
        throw .cannotWrite(path: path, reason: failure)
    }

    /// Removes the new file; `path` stays as it was.
    public func abandon() {
        let open = state.withLock { state -> Bool in
            guard state.descriptor >= 0 else { return false }
            close(state.descriptor)
            state.descriptor = -1
            return true
        }
        if open { _ = PathEncoding.withFileSystemPath(temporary) { unlink($0) } }
    }

    /// The status of the regular file at `path` that is to be replaced (nil for none); throws
    /// if its permission bits keep us from writing it. Root is held to the bits too: a file
    /// made read-only was made so on purpose.
    private static func replacedFile(at path: String) throws(FileError) -> stat? {
        var info = stat()
        guard PathEncoding.withFileSystemPath(path, { lstat($0, &info) }) == 0 else { return nil }
        let mode = info.st_mode
        let writable = if info.st_uid == geteuid() {
            mode & S_IWUSR != 0
        } else if info.st_gid == getegid() {
            mode & S_IWGRP != 0
        } else {
            geteuid() == 0 ? mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0 : mode & S_IWOTH != 0
        }
        guard writable else {
            throw .cannotWrite(path: path, reason: "it is read-only (mode \(String(mode & 0o7777, radix: 8))); "
                               + "make it writable (chmod u+w) or choose another name")
        }
        return info
    }

    private static func creationError(_ code: Int32, path: String) -> FileError {
        let folder = AtomicFile.folder(of: path)
        if code == ENOENT, case .missing = FileKind(at: folder) { return .missingFolder(path: path, folder: folder) }
        if code == ENOENT || code == EACCES || code == EROFS {
            return .cannotWrite(path: path, reason: "cannot create a file in \(PathEncoding.displayed(folder)) (\(systemReason(code)))")
        }
        return .cannotWrite(path: path, reason: systemReason(code))
    }
}
