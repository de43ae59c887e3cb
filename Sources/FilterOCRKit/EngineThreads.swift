import Foundation
import Threading

/// The worker threads of a run: each makes its own engine (Tesseract serves one thread at a
/// time) and then works with it until its queue closes.
enum EngineThreads {
    /// Starts `count` threads that each make an engine with `make`, then run `work` with it;
    /// returns once every thread has its engine, so that an engine that cannot start is one
    /// error for the run, not one per input. Threads that did start keep waiting in `work`:
    /// on an error (the first engine's that failed), the caller closes their queue.
    static func start<Engine, Failure: Error>(count: Int, make: @escaping @Sendable () throws(Failure) -> Engine,
                                              work: @escaping @Sendable (inout Engine) -> Void) throws(Failure) {
        let started = DispatchSemaphore(value: 0)
        let failure = Locked<Failure?>(nil)
        for _ in 0..<count {
            let thread = Thread {
                var engine: Engine
                do throws(Failure) {
                    engine = try make()
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    started.signal()
                    return
                }
                started.signal()
                work(&engine)
            }
            // Tesseract recurses deeply on some pages; the default 512 KB is not enough.
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<count { started.wait() }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
