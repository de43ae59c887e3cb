import Dispatch

/// A first-in first-out queue between threads that holds at most `capacity` items: when a
/// producer outruns the consumer, the oldest waiting items are dropped, so the consumer is
/// never more than `capacity` items behind and memory stays bounded. For a feed, where only
/// the newest state matters once the consumer has fallen behind.
package final class NewestQueue<Item: Sendable>: Sendable {
    private struct State: Sendable {
        var items: [Item] = []
        var closed = false
        /// Whether the consumer is, or is about to be, waiting on `wakeUp`.
        var consumerWaiting = false
    }

    package let capacity: Int
    private let state = Locked(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds an item; returns how many older items were dropped to make room.
    @discardableResult
    package func push(_ item: Item) -> Int {
        let (dropped, wake) = state.withLock { state in
            state.items.append(item)
            let dropped = max(0, state.items.count - capacity)
            state.items.removeFirst(dropped)
            defer { state.consumerWaiting = false }
            return (dropped, state.consumerWaiting)
        }
        if wake { wakeUp.signal() }
        return dropped
    }

    /// The oldest item; waits for one. Nil once the queue is closed and drained.
    package func pop() -> Item? {
        while true {
            let next: Item?? = state.withLock { state in
                if !state.items.isEmpty { return .some(state.items.removeFirst()) }
                if state.closed { return .some(nil) }
                state.consumerWaiting = true
                return nil
            }
            if let next { return next }
            wakeUp.wait()
        }
    }

    /// After the items pushed so far, `pop` returns nil.
    package func close() {
        let wake = state.withLock { state in
            state.closed = true
            defer { state.consumerWaiting = false }
            return state.consumerWaiting
        }
        if wake { wakeUp.signal() }
    }
}
