import Foundation

/// Lets work in when its memory fits beside the work already in: a weighted semaphore over
/// bytes. Work alone is always let in, whatever it costs, so that a page larger than the
/// budget is read, one at a time.
///
/// Engines of a run read pages side by side; two large colour pages at once cost Tesseract
/// twice their copies (a 2550 x 3300 page is 34 MB at 4 bytes a pixel, plus its grey and
/// binary images). The gate lets small pages share the cores and queues large ones.
package final class MemoryGate: Sendable {
    private let budget: Int
    private let state = Locked(State())
    /// Woken whenever work leaves; a waiter then looks again whether it fits.
    private let changed = NSCondition()

    private struct State {
        var inUse = 0
        var running = 0
    }

    package init(budget: Int) {
        self.budget = budget
    }

    /// Runs `body` once `cost` bytes fit beside the work already in (or nothing else runs).
    package func admitting<Result>(cost: Int, _ body: () throws -> Result) rethrows -> Result {
        changed.lock()
        while !state.withLock({ $0.running == 0 || $0.inUse + cost <= budget }) { changed.wait() }
        state.withLock { state in
            state.inUse += cost
            state.running += 1
        }
        changed.unlock()
        defer {
            changed.lock()
            state.withLock { state in
                state.inUse -= cost
                state.running -= 1
            }
            changed.broadcast()
            changed.unlock()
        }
        return try body()
    }
}
