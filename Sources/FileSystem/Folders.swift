#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders read and made with file names as bytes, so that names that are not UTF-8 are
/// listed and reached (see `PathEncoding`).
public enum Folders {
    /// The names in `folder` (not `.` and `..`), unsorted; nil if it cannot be read.
    public static func names(in folder: String) -> [String]? {
        guard let directory = PathEncoding.withFileSystemPath(folder, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        return names(in: directory)
    }

    /// The names an open directory stream lists from where it stands (not `.` and `..`).
    static func names(in directory: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in PathEncoding.decode(raw.prefix { $0 != 0 }) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Every file under `folder` whose name passes `include`, sorted, searching sub-folders.
    /// Links to folders are not followed, so a link back up cannot make the walk endless.
    public static func files(under folder: String, including include: (String) -> Bool) -> [String] {
        var files: [String] = []
        walk(under: folder) { path, name, kind in
            switch kind {
            case .regular, .symbolicLink: if include(name) { files.append(path) }
            default: break
            }
        }
        return sortedByBytes(files)
    }

    /// `folder` and every folder under it, each ending in `/`, sorted; links to folders are
    /// not followed.
    public static func folders(under folder: String) -> [String] {
        guard isFolder(following: folder) else { return [] }
        var folders = [folder.hasSuffix("/") ? folder : folder + "/"]
        walk(under: folder) { path, _, kind in
            if kind == .directory { folders.append(path + "/") }
        }
        return sortedByBytes(folders)
    }

    /// Calls `visit` with the path, name and kind of everything under `folder`, descending
    /// into sub-folders but not into links to them.
    private static func walk(under folder: String, _ visit: (_ path: String, _ name: String, _ kind: FileKind) -> Void) {
        var pending = [folder.hasSuffix("/") ? folder : folder + "/"]
        while let current = pending.popLast() {
            for name in names(in: current) ?? [] {
                let path = current + name
                let kind = FileKind(at: path)
                if kind == .directory { pending.append(path + "/") }
                visit(path, name, kind)
            }
        }
    }

    /// `paths` in the order of their bytes, as `ls` sorts in the C locale.
    public static func sortedByBytes(_ paths: some Sequence<String>) -> [String] {
        paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Makes `folder` and any missing parents, as `mkdir -p` does.
    public static func create(_ folder: String) throws(FileError) {
        var path = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            path += "/" + component
            switch FileKind(at: path) {
            case .directory: continue
            case .symbolicLink where isFolder(following: path): continue
            case .missing:
                let made = PathEncoding.withFileSystemPath(path) { mkdir($0, 0o755) }
                if made != 0 && errno != EEXIST {
                    throw .cannotWrite(path: folder, reason: "cannot create the folder (\(systemReason()))")
                }
            case let kind:
                throw .cannotWrite(path: folder, reason: "\(PathEncoding.displayed(path)) is \(kind.description), not a folder")
            }
        }
    }

    static func isFolder(following path: String) -> Bool {
        var info = stat()
        return PathEncoding.withFileSystemPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
