import Dispatch

extension DispatchSemaphore {
    /// Waits for a signal, asking `stop` every 10 ms in the meantime; false if `stop`
    /// answered true first (the signal is then left for no one).
    func wait(unless stop: () -> Bool) -> Bool {
        while wait(timeout: .now() + .milliseconds(10)) == .timedOut {
            if stop() { return false }
        }
        return true
    }
}
