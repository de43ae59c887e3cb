import FileSystem

/// Files arriving in a folder, and when each is complete. Pure: the caller gives the changes
/// and the time, and is handed the files to take.
///
/// A file is complete when it was moved in whole (a rename is how a writer says it is done),
/// or once it has been quiet for `settle` seconds: no write, no close, no change of any kind.
/// A close alone does not make a file complete, since writers that append in chunks close and
/// open it again between them. Each file is handed out once; a file that changes while it is
/// taken (or a new one under its name) is looked at again, from its last change, once it is
/// finished.
///
/// A file that did not read as a whole image (cut short, of no known format) may be one a
/// slow writer has not finished: it is held, and taken again when it changes, or at a
/// deadline (once it has been left alone long enough to be given up on).
public struct Arrivals: Sendable {
    public let settle: Double
    /// Files not yet complete, with when each last changed.
    private var changing: [String: Double] = [:]
    /// Files held after a reading that failed, with when each is taken again if nothing changes.
    private var held: [String: Double] = [:]
    /// Files handed out, until `finished`, with when each last changed meanwhile (nil: not).
    private var taken: [String: Double?] = [:]

    public init(settle: Double) {
        self.settle = settle
    }

    /// A file found in the folder, last written at `modified`: taken if it has been quiet long
    /// enough, otherwise waited for.
    public mutating func found(_ name: String, modified: Double, now: Double) -> [String] {
        guard !noteIfTaken(name, at: now) else { return [] }
        if now - modified >= settle { return take(name) }
        changing[name] = modified
        return []
    }

    /// A change the kernel reported; returns the files now complete.
    public mutating func changed(_ change: FolderEvents.Change, now: Double) -> [String] {
        switch change {
        case .movedIn(let name):
            guard !noteIfTaken(name, at: now) else { return [] }
            return take(name)
        case .changing(let name), .closed(let name):
            if !noteIfTaken(name, at: now) {
                held[name] = nil
                changing[name] = now
            }
        case .gone(let name):
            changing[name] = nil
            held[name] = nil
        case .overflow, .folderGone:
            break
        }
        return []
    }

    /// The files quiet for `settle` seconds by `now`, and those held until `now`.
    public mutating func settled(now: Double) -> [String] {
        let due = changing.filter { now - $0.value >= settle }.keys.sorted()
        let heldDue = held.filter { now >= $0.value }.keys.sorted()
        for name in heldDue { held[name] = nil }
        return (due + heldDue).flatMap { take($0) }
    }

    /// Seconds until the next file may settle, or a held one is due; nil when none is waiting.
    public func untilNextSettles(now: Double) -> Double? {
        (changing.values.map { $0 + settle } + held.values).min().map { max(0, $0 - now) }
    }

    /// `name` is dealt with. If it changed while it was taken (a new file under its name, or
    /// the same one written again), it is waited for again from that change.
    public mutating func finished(_ name: String) {
        guard let changedMeanwhile = taken.removeValue(forKey: name) else { return }
        if let changedMeanwhile { changing[name] = changedMeanwhile }
    }

    /// `name` was taken too soon (it changed while it was read, or a writer still holds it):
    /// waited for again, from `now`.
    public mutating func putBack(_ name: String, now: Double) {
        taken[name] = nil
        changing[name] = now
    }

    /// `name` was taken but did not read whole, and may still be being written: taken again
    /// when it changes, or at `deadline` if it does not. A change while it was taken counts.
    public mutating func hold(_ name: String, until deadline: Double) {
        guard let changedMeanwhile = taken.removeValue(forKey: name) else { return }
        if let changedMeanwhile {
            changing[name] = changedMeanwhile
        } else {
            held[name] = deadline
        }
    }

    /// Records a change of a file that is taken; false when it is not taken.
    private mutating func noteIfTaken(_ name: String, at time: Double) -> Bool {
        guard taken[name] != nil else { return false }
        taken[name] = .some(time)
        return true
    }

    private mutating func take(_ name: String) -> [String] {
        changing[name] = nil
        held[name] = nil
        taken[name] = .some(nil)
        return [name]
    }
}
