/// Which browser sessions to keep: at most `capacity`, none idle longer than `idleLimit`.
///
/// Pure decisions over values, so the registry around it only locks, looks up and lets go;
/// the sessions it drops are returned for the caller to release outside the lock.
package struct SessionTable<Session> {
    private struct Entry {
        var session: Session
        var lastUsed: ContinuousClock.Instant
    }

    package let capacity: Int
    package let idleLimit: Duration
    private var entries: [String: Entry] = [:]

    package init(capacity: Int, idleLimit: Duration) {
        self.capacity = max(1, capacity)
        self.idleLimit = idleLimit
    }

    package var count: Int { entries.count }

    /// Adds a session; returns the ones dropped to make room (the longest idle first) or for
    /// being idle too long.
    package mutating func insert(_ session: Session, id: String, now: ContinuousClock.Instant) -> [Session] {
        var dropped = dropIdle(now: now)
        while entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            dropped.append(oldest.value.session)
            entries[oldest.key] = nil
        }
        entries[id] = Entry(session: session, lastUsed: now)
        return dropped
    }

    /// The session with `id`, marked as used now; nil if there is none or it was idle too long.
    package mutating func use(_ id: String, now: ContinuousClock.Instant) -> (session: Session?, dropped: [Session]) {
        let dropped = dropIdle(now: now)
        entries[id]?.lastUsed = now
        return (entries[id]?.session, dropped)
    }

    package mutating func remove(_ id: String) -> Session? {
        entries.removeValue(forKey: id)?.session
    }

    /// Drops the sessions idle for longer than `idleLimit`.
    package mutating func dropIdle(now: ContinuousClock.Instant) -> [Session] {
        let idle = entries.filter { now - $0.value.lastUsed > idleLimit }
        for id in idle.keys { entries[id] = nil }
        return idle.values.map(\.session)
    }
}
