import Synchronization
#if TSAN
import CSanitizers
#endif

/// A value behind the standard library's `Mutex`, usable from any thread.
///
/// On Linux `Mutex` waits with futex system calls, which Thread Sanitizer cannot see, so it
/// reports every access under the lock as a race (a ten-line program with a `Mutex`-guarded
/// counter shows the same). In `make tsan` builds (`-DTSAN`) each critical section tells the
/// sanitizer it acquires and releases the lock, so that real races stay visible.
package final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { value throws(Failure) in
            #if TSAN
            let address = Unmanaged.passUnretained(self).toOpaque()
            __tsan_acquire(address)
            defer { __tsan_release(address) }
            #endif
            return try body(&value)
        }
    }
}
