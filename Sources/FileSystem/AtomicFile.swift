#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a reader sees the old content or the new, never a part: the new
/// bytes go to a temporary file in the same folder (`FileReplacement`), are flushed to disk,
/// and are renamed over the target. Only a regular file (or nothing) is ever replaced: a
/// device, FIFO, socket, directory or symbolic link at the path is refused, so that
/// `-o /dev/null` or a link to elsewhere is never silently turned into a file.
public enum AtomicFile {
    /// Writes `bytes` to `path`, whole or not at all (see `FileReplacement`).
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let replacement = try FileReplacement(path)
        replacement.write(bytes)
        try replacement.commit()
    }

    /// A new name for a temporary file beside `path`, that `StaleTemporaries` knows.
    public static func temporaryPath(for path: String) -> String {
        "\(folder(of: path))/\(temporaryPrefix(for: path))\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    }

    /// Refuses a target that is not a regular file or absent, and one whose folder is missing;
    /// the message says it is an output that was refused, and what to give instead.
    public static func checkTarget(_ path: String) throws(FileError) {
        guard !path.isEmpty, !path.hasSuffix("/"), name(of: path) != ".", name(of: path) != ".." else {
            throw .cannotWrite(path: path, reason: "it is a directory, not a file; name a file in it")
        }
        switch FileKind(at: path) {
        case .missing, .regular: break
        case .symbolicLink:
            throw .cannotWrite(path: path, reason: "it is a symbolic link, not a file; give the path it points to")
        case let kind: throw .cannotWrite(path: path, reason: "it is \(kind.description), not a file")
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

    /// `.NAME.`, with NAME cut so that the temporary name, with a process number, a random
    /// number and `.tmp` after it (and a library's extension after that), still fits a file
    /// system's 255 bytes.
    static func temporaryPrefix(for path: String) -> String {
        "." + UniqueNames.cut(name(of: path), toBytes: UniqueNames.maximumLength - 32) + "."
    }

    private static func isDirectory(following path: String) -> Bool {
        var info = stat()
        return PathEncoding.withFileSystemPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
