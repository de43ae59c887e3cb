import Foundation

/// A blocking wait moved off Swift's shared threads.
public enum OwnThread {
    /// Runs `wait` (a `waitpid`, a semaphore) on a thread started for it and returns what it
    /// returned, so that the awaiting task holds none of the shared pool's few threads meanwhile.
    public static func wait<Value: Sendable>(_ wait: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: wait()) }.start()
        }
    }
}

extension DispatchSemaphore {
    /// Waits up to `seconds` for a signal, on a thread of its own (see `OwnThread`); whether
    /// one came.
    public func signalled(within seconds: Double) async -> Bool {
        await OwnThread.wait { self.wait(timeout: .now() + seconds) == .success }
    }
}

extension DispatchGroup {
    /// Waits up to `seconds` for the group's work to end, on a thread of its own (see
    /// `OwnThread`); whether it did.
    public func ended(within seconds: Double) async -> Bool {
        await OwnThread.wait { self.wait(timeout: .now() + seconds) == .success }
    }
}
