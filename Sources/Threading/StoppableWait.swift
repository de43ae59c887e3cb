import Dispatch
import Foundation

extension DispatchSemaphore {
    /// Waits for a signal, asking `stop` every 10 ms in the meantime; false if `stop`
    /// answered true first (the signal is then left for no one).
    package func wait(unless stop: () -> Bool) -> Bool {
        while wait(timeout: .now() + .milliseconds(10)) == .timedOut {
            if stop() { return false }
        }
        return true
    }
}

/// Runs `work` on a thread of its own and waits for it unless `stop` answers true first;
/// nil then, and the work finishes unseen. For work that cannot stop halfway, such as a
/// filter over a large image, when the caller must be able to give up on it at once.
package func runAside<Value: Sendable>(unless stop: () -> Bool, _ work: @escaping @Sendable () -> Value) -> Value? {
    let result = Locked<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = work()
        result.withLock { $0 = value }
        done.signal()
    }
    // As for the engines: the libraries behind some filters need more than the default stack.
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(unless: stop) else { return nil }
    return result.withLock { $0 }
}
