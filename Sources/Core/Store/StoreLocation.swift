import FileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the result store is, unless `--store` names one: `$FILTEROCR_STORE` (`none` for no
/// store, as benchmarks that time recognitions want), else `$XDG_CACHE_HOME/filterocr/`, or
/// `~/.cache/filterocr/` as the XDG base directory rules say when that is unset.
///
/// A home that is unset, relative or not an existing folder gives no store rather than a
/// `.cache/filterocr` tree made wherever it points (or under the working folder).
public enum StoreLocation {
    public static let fileName = "results.sqlite"
    /// The value of `FILTEROCR_STORE` that means no store.
    public static let none = "none"

    /// What the environment says of the default store.
    public enum Default: Sendable, Equatable {
        case path(String)
        /// `FILTEROCR_STORE=none`: no store, asked for.
        case none
        /// No variable gives a usable folder; the reason says which and why.
        case unavailable(reason: String)
    }

    /// The default store in `environment`.
    public static func resolve(environment: [String: String]) -> Default {
        if let chosen = environment["FILTEROCR_STORE"], !chosen.isEmpty {
            return chosen == none ? .none : .path(chosen)
        }
        // A relative XDG_CACHE_HOME is invalid and ignored, as the XDG rules say; the folder it
        // names is made if missing.
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return .path(cache + "/filterocr/" + fileName)
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            return .unavailable(reason: "HOME and XDG_CACHE_HOME are not set")
        }
        guard home.hasPrefix("/"), isFolder(home) else {
            return .unavailable(reason: "HOME (\(PathEncoding.displayed(home))) is not an existing folder, and XDG_CACHE_HOME is not set")
        }
        return .path(home + "/.cache/filterocr/" + fileName)
    }

    /// The default store's path in `environment`; nil for none, or when no variable gives a folder.
    public static func defaultPath(environment: [String: String]) -> String? {
        if case .path(let path) = resolve(environment: environment) { return path }
        return nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return PathEncoding.withFileSystemPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
