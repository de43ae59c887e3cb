import Foundation
import Synchronization

/// A `TaskExecutor` with a thread of its own. The live server's tests run on it: their server
/// answers within deadlines of seconds, and the shared pool's threads (two, on two cores) can
/// be held for minutes by the run's other tests, each of which blocks one while it waits for a
/// child process, so that a task of the server's waits behind all of them. Tasks that prefer
/// this executor run on its thread, and so do their child tasks and the default actors they
/// call.
final class DedicatedThreadExecutor: TaskExecutor {
    /// The one the live tests share: their work is waiting on sockets, and a thread is enough.
    static let shared = DedicatedThreadExecutor()

    private let jobs = Mutex<[UnownedJob]>([])
    /// Signalled once for each job enqueued.
    private let enqueued = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in
            while true {
                enqueued.wait()
                let job = jobs.withLock { $0.removeFirst() }
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
        thread.name = "live server tests"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        enqueued.signal()
    }
}
