import Dispatch

/// A first-in first-out queue between threads: `pop` waits for an item, and returns nil
/// once the queue is closed and drained.
package final class WorkQueue<Item: Sendable>: Sendable {
    private let items = Locked<[Item]>([])
    private let available = DispatchSemaphore(value: 0)

    package init() {}

    package func push(_ item: Item) {
        items.withLock { $0.append(item) }
        available.signal()
    }

    package func pop() -> Item? {
        available.wait()
        return items.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// After the items pushed so far, each of `consumers` pops nil once.
    package func close(consumers: Int = 1) {
        for _ in 0..<consumers { available.signal() }
    }
}
