import FileSystem

/// Follows the feed file for every display of it (the companion's watch face and lines, the
/// web's event stream): asked at each tick, it says what is new, a snapshot not seen before or
/// a problem that was not there before, and nothing otherwise. An unchanged file costs one
/// `stat`: the feed is replaced atomically, so a new stamp is the only sign of a new snapshot.
public struct FeedFollower: Sendable {
    /// What a look at the feed found that is new.
    public enum Change: Sendable, Equatable {
        case snapshot(FeedSnapshot)
        case problem(FeedError)
    }

    public let reader: FeedReader
    /// The file's stamp at the last read; nil before the first look or while it is missing.
    private var stamp: FileStamp?
    /// The last change reported, which a display shows until the next.
    public private(set) var latest: Change?

    public init(path: String) {
        reader = FeedReader(path: path)
    }

    /// Looks at the feed; what is new since the last look, or nil.
    public mutating func poll() -> Change? {
        let current = FileStamp(at: reader.path)
        if let current, current == stamp { return nil }
        stamp = current
        let change: Change
        do {
            let snapshot = try reader.read()
            // The file may have been replaced again between the look and the read: a snapshot
            // already reported is not reported twice.
            if case .snapshot(let last)? = latest, (last.sequence, last.updatedAt) == (snapshot.sequence, snapshot.updatedAt) {
                return nil
            }
            change = .snapshot(snapshot)
        } catch {
            // A missing or foreign file is looked at again on every tick until it changes.
            stamp = nil
            guard latest != .problem(error) else { return nil }
            change = .problem(error)
        }
        latest = change
        return change
    }
}
