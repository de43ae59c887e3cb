/// Which connections to keep: at most `capacity` open at once.
///
/// At the limit a new connection takes the place of the one that has waited longest for a
/// request (a client that opened a connection and sends nothing, or sends its head a byte at
/// a time, or keeps an idle connection), so that clients holding connections without asking
/// for anything cannot keep the others out. When every connection is busy answering, the new
/// one is refused. Pure decisions over values; the caller closes what it is told to.
package struct ConnectionTable<Connection> {
    package enum Admission {
        case admit
        /// Admit, and close this connection to make room.
        case admitClosing(Connection)
        case refuse
    }

    private struct Entry {
        var connection: Connection
        /// Since when it has waited for a request's head; nil while a request is under way.
        var waitingSince: ContinuousClock.Instant?
    }

    package let capacity: Int
    private var entries: [Int: Entry] = [:]

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    package var count: Int { entries.count }

    package mutating func open(_ id: Int, _ connection: Connection, now: ContinuousClock.Instant) -> Admission {
        var admission = Admission.admit
        if entries.count >= capacity {
            guard let longest = entries.filter({ $0.value.waitingSince != nil })
                .min(by: { $0.value.waitingSince! < $1.value.waitingSince! }) else { return .refuse }
            entries[longest.key] = nil
            admission = .admitClosing(longest.value.connection)
        }
        entries[id] = Entry(connection: connection, waitingSince: now)
        return admission
    }

    /// A request's head arrived on `id`: it is busy until its answer ends.
    package mutating func requestStarted(_ id: Int) {
        entries[id]?.waitingSince = nil
    }

    /// The answer on `id` ended: it waits for the next request from now.
    package mutating func answerEnded(_ id: Int, now: ContinuousClock.Instant) {
        entries[id]?.waitingSince = now
    }

    package mutating func close(_ id: Int) {
        entries[id] = nil
    }
}
