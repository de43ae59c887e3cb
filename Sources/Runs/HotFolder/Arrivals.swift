import FileSystem

/// Files arriving in a folder, and when each is complete: at once when the kernel says it was
/// closed after writing or moved in whole, otherwise once it has been left unchanged for
/// `settle` seconds (a file already there, or one written where no close is seen). Each file is
/// handed out once; pure, so the caller gives the changes and the time.
public struct Arrivals: Sendable {
    public let settle: Double
    /// Files still changing, with when each last changed.
    private var changing: [String: Double] = [:]
    /// Files handed out, until `finished`: never handed out twice meanwhile.
    private var taken: Set<String> = []

    public init(settle: Double) {
        self.settle = settle
    }

    /// A file found in the folder, last written at `modified`.
    public mutating func found(_ name: String, modified: Double, now: Double) -> [String] {
        guard !taken.contains(name) else { return [] }
        if now - modified >= settle { return take(name) }
        changing[name] = modified
        return []
    }

    /// A change the kernel reported; returns the files now complete.
    public mutating func changed(_ change: FolderEvents.Change, now: Double) -> [String] {
        switch change {
        case .completed(let name):
            guard !taken.contains(name) else { return [] }
            return take(name)
        case .changing(let name):
            if !taken.contains(name) { changing[name] = now }
        case .gone(let name):
            changing[name] = nil
        case .overflow:
            break
        }
        return []
    }

    /// The files left unchanged for `settle` seconds by `now`.
    public mutating func settled(now: Double) -> [String] {
        let due = changing.filter { now - $0.value >= settle }.keys.sorted()
        return due.flatMap { take($0) }
    }

    /// Seconds until the next file may settle; nil when none is changing.
    public func untilNextSettles(now: Double) -> Double? {
        changing.values.min().map { max(0, $0 + settle - now) }
    }

    /// `name` is dealt with (moved away): a new file of that name is a new arrival.
    public mutating func finished(_ name: String) {
        taken.remove(name)
    }

    private mutating func take(_ name: String) -> [String] {
        changing[name] = nil
        taken.insert(name)
        return [name]
    }
}
