import FileSystem

/// Where the companion feed is, unless `--feed` names one: `$XDG_STATE_HOME/filterocr/topwords.json`,
/// or `~/.local/state/filterocr/topwords.json` when that is unset.
///
/// One file per user, whatever folder a command runs in, so that `companion` shows every run's
/// words and no run leaves a folder behind where it happened to start. The feed is the last
/// result, kept between runs but not worth a backup or a place among the user's documents:
/// what the XDG rules call state. (The result store, which can be made again, is a cache.)
public enum FeedLocation {
    public static let fileName = "topwords.json"

    /// The rule, as help and messages state it.
    public static let rule = "$XDG_STATE_HOME/filterocr/\(fileName) (~/.local/state/filterocr/ when XDG_STATE_HOME is unset)"

    /// The default feed's path in `environment`, or why there is none.
    public static func resolve(environment: [String: String],
                               isFolder: (String) -> Bool = UserDirectory.isFolder) -> UserDirectory {
        switch UserDirectory.resolve(UserDirectory.state, environment: environment, isFolder: isFolder) {
        case .path(let state): .path(state + "/filterocr/" + fileName)
        case .unavailable(let reason): .unavailable(reason: reason)
        }
    }
}
