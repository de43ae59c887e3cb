#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a reader sees the old content or the new, never a part: the new
/// bytes go to a temporary file in the same folder, are flushed to disk, and are renamed
/// over the target. Only a regular file (or nothing) is ever replaced: a device, FIFO,
/// socket, directory or symbolic link at the path is refused, so that `-o /dev/null` or a
/// link to elsewhere is never silently turned into a file.
public enum AtomicFile {
    /// Writes `bytes` to `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try checkTarget(path)
        let folder = folder(of: path)
        let temporary = temporaryPath(for: path)
        let descriptor = PathEncoding.withFileSystemPath(temporary) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missingFolder(path: path, folder: folder) }
            throw .cannotWrite(path: path, reason: code == EACCES ? "permission denied" : systemReason(code))
        }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.unsafelyUnwrapped + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno == ENOSPC ? "the disk is full" : systemReason()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = systemReason() }
        close(descriptor)
        try replace(path, with: temporary, unless: failure)
    }

    /// A new name for a temporary file beside `path`, that `removeStaleTemporaries` knows.
    public static func temporaryPath(for path: String) -> String {
        "\(folder(of: path))/\(temporaryPrefix(for: path))\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    }

    /// Flushes `temporary`, a file written by someone else (a library), to disk and renames it
    /// over `path`; removes it if that fails.
    public static func commit(_ temporary: String, to path: String) throws(FileError) {
        do {
            try checkTarget(path)
        } catch {
            _ = PathEncoding.withFileSystemPath(temporary) { unlink($0) }
            throw error
        }
        var failure: String?
        let descriptor = PathEncoding.withFileSystemPath(temporary) { open($0, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 || fsync(descriptor) != 0 { failure = systemReason() }
        if descriptor >= 0 { close(descriptor) }
        try replace(path, with: temporary, unless: failure)
    }

    /// Renames the flushed `temporary` over `path`, unless writing it failed; on any failure
    /// removes it and throws.
    private static func replace(_ path: String, with temporary: String, unless failure: String?) throws(FileError) {
        var failure = failure
        if failure == nil, PathEncoding.withFileSystemPath(temporary, { from in
            PathEncoding.withFileSystemPath(path) { to in rename(from, to) }
        }) != 0 {
            failure = systemReason()
        }
        if let failure {
            _ = PathEncoding.withFileSystemPath(temporary) { unlink($0) }
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Refuses a target that is not a regular file or absent, and one whose folder is missing.
    public static func checkTarget(_ path: String) throws(FileError) {
        guard !path.isEmpty, !path.hasSuffix("/"), name(of: path) != ".", name(of: path) != ".." else {
            throw .notAFile(path: path, kind: .directory)
        }
        switch FileKind(at: path) {
        case .missing, .regular: break
        case let kind: throw .notAFile(path: path, kind: kind)
        }
        let folder = folder(of: path)
        switch FileKind(at: folder) {
        case .directory: break
        case .missing: throw .missingFolder(path: path, folder: folder)
        case .symbolicLink where isDirectory(following: folder): break
        case let kind: throw .cannotWrite(path: path, reason: "\(PathEncoding.displayed(folder)) is \(kind.description), not a folder")
        }
    }

    /// The folder part of `path` (`.` for a bare name), without Foundation's path logic.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Removes temporary files that writers of `path` left when they were killed mid-write:
    /// those named after a process that no longer exists.
    public static func removeStaleTemporaries(of path: String) {
        let folder = folder(of: path)
        let prefix = temporaryPrefix(for: path)
        guard let directory = PathEncoding.withFileSystemPath(folder, { opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathEncoding.decode(raw.prefix { $0 != 0 })
            }
            guard entryName.hasPrefix(prefix), entryName.hasSuffix(".tmp") else { continue }
            let parts = entryName.dropFirst(prefix.count).split(separator: ".")
            guard parts.count == 3, let pid = Int32(parts[0]), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                _ = PathEncoding.withFileSystemPath(folder + "/" + entryName) { unlink($0) }
            }
        }
    }

    /// `.NAME.`, with NAME cut so that the temporary name, with a process number and a
    /// random number after it, still fits a file system's 255 bytes.
    static func temporaryPrefix(for path: String) -> String {
        var kept = ""
        var length = 0
        for character in name(of: path) {
            length += PathEncoding.bytes(of: String(character)).count
            guard length <= 255 - 26 else { break }
            kept.append(character)
        }
        return "." + kept + "."
    }

    private static func isDirectory(following path: String) -> Bool {
        var info = stat()
        return PathEncoding.withFileSystemPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
