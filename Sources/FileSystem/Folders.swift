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
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var files: [String] = []
        var pending = [prefix]
        while let current = pending.popLast() {
            for name in names(in: current) ?? [] {
                let path = current + name
                switch FileKind(at: path) {
                case .directory: pending.append(path + "/")
                case .regular, .symbolicLink: if include(name) { files.append(path) }
                default: break
                }
            }
        }
        return files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// `folder` and every folder under it, each ending in `/`, sorted; links to folders are
    /// not followed.
    public static func folders(under folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard FileKind(at: prefix) == .directory || isFolder(following: prefix) else { return [] }
        var folders: [String] = []
        var pending = [prefix]
        while let current = pending.popLast() {
            folders.append(current)
            for name in names(in: current) ?? [] where FileKind(at: current + name) == .directory {
                pending.append(current + name + "/")
            }
        }
        return folders.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
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
