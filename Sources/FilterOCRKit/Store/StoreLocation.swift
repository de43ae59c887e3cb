/// Where the result store is, unless `--store` names one: `$FILTEROCR_STORE` (`none` for no
/// store, as benchmarks that time recognitions want), else `$XDG_CACHE_HOME/filterocr/`, or
/// `~/.cache/filterocr/` as the XDG base directory rules say when that is unset.
public enum StoreLocation {
    public static let fileName = "results.sqlite"
    /// The value of `FILTEROCR_STORE` that means no store.
    public static let none = "none"

    /// The default store's path in `environment`; nil for none, or when no variable gives a folder.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let chosen = environment["FILTEROCR_STORE"], !chosen.isEmpty {
            return chosen == none ? nil : chosen
        }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return cache + "/filterocr/" + fileName
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/filterocr/" + fileName
    }
}
