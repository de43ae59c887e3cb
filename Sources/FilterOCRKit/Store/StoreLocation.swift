/// Where the result store is, unless `--store` names one: `$XDG_CACHE_HOME/filterocr/`, or
/// `~/.cache/filterocr/` as the XDG base directory rules say when that is unset.
public enum StoreLocation {
    public static let fileName = "results.sqlite"

    /// The default store's path in `environment`; nil when neither variable gives a folder.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return cache + "/filterocr/" + fileName
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/filterocr/" + fileName
    }
}
