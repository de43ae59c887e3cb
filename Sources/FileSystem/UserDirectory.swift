#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A per-user base folder as the XDG base directory rules give it: the variable's value when it
/// is an absolute path, else its default under `HOME`.
///
/// A home that is unset, relative or not an existing folder gives no folder rather than a
/// `.cache` or `.local/state` tree made wherever it points (or under the working folder).
public enum UserDirectory: Sendable, Equatable {
    case path(String)
    /// No variable gives a usable folder; the reason says which and why.
    case unavailable(reason: String)

    /// Which base folder: its variable and its default under `HOME`.
    public struct Kind: Sendable {
        public var variable: String
        public var underHome: String
    }

    /// Files a program keeps between runs that are not worth a backup, such as its last result.
    public static let state = Kind(variable: "XDG_STATE_HOME", underHome: ".local/state")
    /// Files that may be deleted at any time and made again.
    public static let cache = Kind(variable: "XDG_CACHE_HOME", underHome: ".cache")

    /// The base folder of `kind` in `environment`; `isFolder` says whether a home exists.
    public static func resolve(_ kind: Kind, environment: [String: String],
                               isFolder: (String) -> Bool = UserDirectory.isFolder) -> UserDirectory {
        // A relative value is invalid and ignored, as the XDG rules say; the folder it names is
        // made by whoever writes there.
        if let base = environment[kind.variable], base.hasPrefix("/") { return .path(base) }
        guard let home = environment["HOME"], !home.isEmpty else {
            return .unavailable(reason: "HOME and \(kind.variable) are not set")
        }
        guard home.hasPrefix("/"), isFolder(home) else {
            return .unavailable(reason: "HOME (\(PathEncoding.displayed(home))) is not an existing folder, and \(kind.variable) is not set")
        }
        return .path((home.hasSuffix("/") ? String(home.dropLast()) : home) + "/" + kind.underHome)
    }

    /// Whether `path` is a folder, or a link to one.
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return PathEncoding.withFileSystemPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
