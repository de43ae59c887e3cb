import FileSystem

/// Files arriving in a folder, and when each is complete. Pure: the caller gives the changes,
/// what it sees of each file (its `Stamp`: identity, size, modification time) and the time, and
/// is handed the files to take.
///
/// Times are the caller's monotonic clock, never a file's modification time: a file's time says
/// nothing of when it was written here (a clock that is wrong, a share's skew, a copy or an
/// archive that keeps the original's times), so a file is judged by what the watcher saw.
///
/// A file is complete when it was moved in whole (a rename is how a writer says it is done),
/// or once it has been quiet for `settle` seconds while watched: no write, no close, and the
/// same stamp at both ends of that time. A close alone does not make a file complete, since
/// writers that append in chunks close and open it again between them. A file found when the
/// watching begins is quiet once it is seen unchanged a settle time later. Each file is handed
/// out once; a file that changes while it is taken (or a new one under its name) is looked at
/// again, from its last change, once it is finished.
///
/// A file that did not read as a whole image (cut short, of no known format) may be one a
/// slow writer has not finished: it is held, and taken again when it changes, or at a
/// deadline (once it has been left alone long enough to be given up on).
public struct Arrivals<Stamp: Equatable & Sendable>: Sendable {
    public let settle: Double
    /// Files not yet complete: their stamp as last seen (nil: not looked at since an event),
    /// and when it was seen to change.
    private var changing: [String: (stamp: Stamp?, since: Double)] = [:]
    /// Files held after a reading that failed: their stamp then, and when each is taken again
    /// if nothing changes.
    private var held: [String: (stamp: Stamp?, deadline: Double)] = [:]
    /// Files handed out, until `finished`, with when each last changed meanwhile and its stamp
    /// then (nil: it did not).
    private var taken: [String: (stamp: Stamp?, since: Double)?] = [:]
    /// When each file known was last seen to change (or first seen), by the caller's clock.
    private var lastChanges: [String: Double] = [:]

    public init(settle: Double) {
        self.settle = settle
    }

    /// A file found in the folder (at the start, or after changes were lost), with its stamp:
    /// waited for a settle time from now unless it is known and unchanged.
    public mutating func found(_ name: String, stamp: Stamp, now: Double) -> [String] {
        guard !noteIfTaken(name, stamp: stamp, at: now) else { return [] }
        if changing[name]?.stamp == stamp || held[name]?.stamp == stamp { return [] }
        held[name] = nil
        seenChanging(name, stamp: stamp, at: now)
        return settle <= 0 ? take(name) : []
    }

    /// A change the kernel reported, with the file's stamp now (nil: gone or not looked at);
    /// returns the files now complete.
    public mutating func changed(_ change: FolderEvents.Change, stamp: Stamp? = nil, now: Double) -> [String] {
        switch change {
        case .movedIn(let name):
            guard !noteIfTaken(name, stamp: stamp, at: now) else { return [] }
            lastChanges[name] = now
            return take(name)
        case .changing(let name), .closed(let name):
            if !noteIfTaken(name, stamp: stamp, at: now) {
                held[name] = nil
                seenChanging(name, stamp: stamp, at: now)
            }
        case .gone(let name):
            changing[name] = nil
            held[name] = nil
            if taken[name] == nil { lastChanges[name] = nil }
        case .overflow, .folderGone:
            break
        }
        return []
    }

    /// The files quiet for `settle` seconds by `now`, by what `stamp` sees of each now (nil:
    /// gone), and those held until `now` unchanged. A file whose stamp differs from the one
    /// last seen changed unseen: it is waited for a settle time from now.
    public mutating func settled(now: Double, stamp: (String) -> Stamp?) -> [String] {
        var due: [String] = []
        for (name, known) in changing where now - known.since >= settle {
            guard let current = stamp(name) else {
                changing[name] = nil
                lastChanges[name] = nil
                continue
            }
            if known.stamp == current {
                due.append(name)
            } else {
                seenChanging(name, stamp: current, at: now)
                if settle <= 0 { due.append(name) }
            }
        }
        for (name, kept) in held {
            guard let current = stamp(name) else {
                held[name] = nil
                lastChanges[name] = nil
                continue
            }
            if kept.stamp != nil && kept.stamp != current {
                held[name] = nil
                seenChanging(name, stamp: current, at: now)
            } else if now >= kept.deadline {
                held[name] = nil
                due.append(name)
            }
        }
        return due.sorted().flatMap { take($0) }
    }

    /// Seconds until the next file may settle, or a held one is due; nil when none is waiting.
    public func untilNextSettles(now: Double) -> Double? {
        (changing.values.map { $0.since + settle } + held.values.map(\.deadline)).min().map { max(0, $0 - now) }
    }

    /// When `name` was last seen to change (or first seen) while watched; nil when it is not known.
    public func lastChange(of name: String) -> Double? {
        lastChanges[name]
    }

    /// `name` is dealt with. If it changed while it was taken (a new file under its name, or
    /// the same one written again), it is waited for again from that change.
    public mutating func finished(_ name: String) {
        guard let changedMeanwhile = taken.removeValue(forKey: name) else { return }
        if let changedMeanwhile {
            changing[name] = changedMeanwhile
        } else {
            lastChanges[name] = nil
        }
    }

    /// `name` was taken too soon (it changed while it was read, or a writer still holds it):
    /// waited for again, from `now`, when its stamp was `stamp`.
    public mutating func putBack(_ name: String, stamp: Stamp?, now: Double) {
        taken[name] = nil
        seenChanging(name, stamp: stamp, at: now)
    }

    /// `name` was taken but did not read whole (its stamp then: `stamp`), and may still be being
    /// written: taken again when it changes, or at `deadline` if it does not. A change while it
    /// was taken counts.
    public mutating func hold(_ name: String, stamp: Stamp? = nil, until deadline: Double) {
        guard let changedMeanwhile = taken.removeValue(forKey: name) else { return }
        if let changedMeanwhile {
            changing[name] = changedMeanwhile
        } else {
            held[name] = (stamp, deadline)
        }
    }

    private mutating func seenChanging(_ name: String, stamp: Stamp?, at time: Double) {
        changing[name] = (stamp, time)
        lastChanges[name] = time
    }

    /// Records a change of a file that is taken; false when it is not taken.
    private mutating func noteIfTaken(_ name: String, stamp: Stamp?, at time: Double) -> Bool {
        guard taken[name] != nil else { return false }
        taken[name] = .some((stamp, time))
        lastChanges[name] = time
        return true
    }

    private mutating func take(_ name: String) -> [String] {
        changing[name] = nil
        held[name] = nil
        taken[name] = .some(nil)
        return [name]
    }
}
