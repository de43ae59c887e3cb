import FileSystem

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
        switch UserDirectory.resolve(UserDirectory.cache, environment: environment) {
        case .path(let cache): return .path(cache + "/filterocr/" + fileName)
        case .unavailable(let reason): return .unavailable(reason: reason)
        }
    }

    /// The default store's path in `environment`; nil for none, or when no variable gives a folder.
    public static func defaultPath(environment: [String: String]) -> String? {
        if case .path(let path) = resolve(environment: environment) { return path }
        return nil
    }
}
