import NIOCore
import Synchronization
import Threading

/// Every open connection of the server, under `ConnectionTable`'s rules, and the deadlines
/// each one is held to.
final class ConnectionRegistry: Sendable {
    let limits: ConnectionDeadlines.Limits
    private let table: Locked<ConnectionTable<any Channel>>
    private let nextID = Atomic<Int>(0)

    init(capacity: Int, limits: ConnectionDeadlines.Limits) {
        self.limits = limits
        table = Locked(ConnectionTable(capacity: capacity))
    }

    /// Registers `channel`; its id, or nil when it is refused for want of room.
    func open(_ channel: any Channel) -> Int? {
        let id = nextID.add(1, ordering: .relaxed).newValue
        switch table.withLock({ $0.open(id, channel, now: .now) }) {
        case .admit:
            return id
        case .admitClosing(let waiting):
            // Closed outside the lock; closing is safe from any thread.
            waiting.close(promise: nil)
            return id
        case .refuse:
            return nil
        }
    }

    func requestStarted(_ id: Int) { table.withLock { $0.requestStarted(id) } }
    func answerEnded(_ id: Int) { table.withLock { $0.answerEnded(id, now: .now) } }
    func close(_ id: Int) { table.withLock { $0.close(id) } }
}
