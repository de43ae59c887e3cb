import Core
import Dispatch
import Foundation
import Recognition
import Threading

/// Engines of its own that do, while the user reads, work the user is likely to ask for next.
///
/// The caller hands it a list of jobs, most worth doing first; each runs on a free engine at
/// the lowest CPU priority, so that anything else the process does comes first. The list is
/// replaced as the session moves on, and a running job that is no longer wanted is cancelled.
/// A finished job's outcome waits to be taken; the outcomes held and the jobs running stay
/// within a memory budget. When the user asks for something, `claim` gives its outcome if it
/// is done, waits for it if it is running, and otherwise stops every running job, so that the
/// command the user typed never waits behind a guess.
public final class Speculator<Target: Hashable & Sendable, Outcome: Sendable>: Sendable {
    public struct Job: Sendable {
        public var target: Target
        /// Memory the job's outcome holds, counted against the budget.
        public var bytes: Int
        public var work: @Sendable (Pipeline, RecognitionMonitor) throws -> Outcome

        public init(target: Target, bytes: Int, work: @escaping @Sendable (Pipeline, RecognitionMonitor) throws -> Outcome) {
            self.target = target
            self.bytes = bytes
            self.work = work
        }
    }

    /// What `claim` found.
    public enum Claim: Sendable {
        /// The outcome, done before or while the caller waited.
        case prepared(Outcome)
        /// Nothing prepared for it: the caller does the work itself.
        case notPrepared
        /// The caller's stop request came while it waited.
        case cancelled
    }

    private struct Running: Sendable {
        var job: Job
        var monitor: RecognitionMonitor
        var done: Completion<Void>
    }

    private struct State: Sendable {
        var waiting: [Job] = []
        var running: [Target: Running] = [:]
        var finished: [Target: (outcome: Outcome, bytes: Int)] = [:]
        /// Told the progress of a running job someone waits for.
        var listeners: [Target: @Sendable (Int) -> Void] = [:]
        var closed = false

        var heldBytes: Int { running.values.reduce(0) { $0 + $1.job.bytes } + finished.values.reduce(0) { $0 + $1.bytes } }

        /// The first waiting job that fits the budget, moved to running.
        mutating func start(budget: Int, monitor: (Target) -> RecognitionMonitor) -> Running? {
            let held = heldBytes
            guard let index = waiting.firstIndex(where: { held + $0.bytes <= budget }) else { return nil }
            let job = waiting.remove(at: index)
            let running = Running(job: job, monitor: monitor(job.target), done: Completion())
            self.running[job.target] = running
            return running
        }
    }

    /// What the engines' threads share with the speculator; closed when the speculator goes.
    private final class Core: Sendable {
        let state = Locked(State())
        /// Signalled when there may be work for an engine; an engine that finds none waits again.
        let wake = DispatchSemaphore(value: 0)
        /// Signalled whenever a job ends, and on closing, for `waitUntilIdle` and `deinit`.
        let ended = DispatchSemaphore(value: 0)
        /// The engines; dropped on closing, which ends their threads once their jobs return.
        let started = Locked<Engines<Result<Pipeline, RunnerError>>?>(nil)
        let engines: Int
        let budget: Int

        init(engines: Int, budget: Int) {
            self.engines = engines
            self.budget = budget
        }

        func wakeEngines(_ count: Int) {
            for _ in 0..<min(count, engines) { wake.signal() }
        }

        func close() {
            state.withLock { state in
                state.closed = true
                for running in state.running.values { running.monitor.cancel() }
            }
            started.withLock { $0 = nil }
            wakeEngines(engines)
            ended.signal()
        }

        /// Runs the next job that fits, or waits to be woken; false once closed.
        func runNextJob(with pipeline: Pipeline) -> Bool {
            let next: Running? = state.withLock { state in
                state.closed ? nil : state.start(budget: budget) { target in
                    RecognitionMonitor { [state = self.state] progress in state.withLock { $0.listeners[target] }?(progress) }
                }
            }
            guard let next else {
                if state.withLock({ $0.closed }) { return false }
                wake.wait()
                return !state.withLock { $0.closed }
            }
            let outcome = try? LibraryDiagnostics.silenced { try next.job.work(pipeline, next.monitor) }
            state.withLock { state in
                state.running.removeValue(forKey: next.job.target)
                if let outcome, !next.monitor.isCancelled { state.finished[next.job.target] = (outcome, next.job.bytes) }
            }
            next.done.fulfil(())
            ended.signal()
            // A job that ended frees memory: another may now fit.
            wake.signal()
            return true
        }
    }

    private let core: Core
    private var state: Locked<State> { core.state }

    /// - Parameters:
    ///   - budget: bytes of outcomes held and jobs running, at most.
    ///   - pipelines: one engine for each job run at once, started while the caller goes on;
    ///     engines that could not start leave nothing prepared, and every claim does the work itself.
    package init(budget: Int, pipelines: Engines<Result<Pipeline, RunnerError>>) {
        let core = Core(engines: pipelines.count, budget: budget)
        self.core = core
        for _ in 0..<pipelines.count {
            pipelines.submit { made in
                guard case .success(let pipeline) = made else {
                    core.close()
                    return
                }
                BackgroundPriority.lowerForThisThread()
                while core.runNextJob(with: pipeline) {}
            }
        }
        core.started.withLock { $0 = pipelines }
        // An engine that could not start closed the core, perhaps before the engines were kept.
        if core.state.withLock({ $0.closed }) { core.started.withLock { $0 = nil } }
    }

    /// Cancels what runs and waits for it to stop, so that no job outlives its owner (a job
    /// silences the libraries' standard error while it runs).
    deinit {
        core.close()
        // Each job that ends signals `ended`.
        while core.state.withLock({ !$0.running.isEmpty }) { core.ended.wait() }
    }

    /// Replaces the jobs to do with `jobs`, in order. Outcomes held stay held; a running job
    /// that is in `jobs` goes on, one that is not is cancelled.
    public func prepare(_ jobs: [Job]) {
        let wanted = Set(jobs.map(\.target))
        state.withLock { state in
            for (target, running) in state.running where !wanted.contains(target) { running.monitor.cancel() }
            state.waiting = jobs.filter { state.running[$0.target] == nil && state.finished[$0.target] == nil }
        }
        core.wakeEngines(jobs.count)
    }

    /// Stops all speculation until the next `prepare`: the waiting jobs are dropped and the
    /// running ones cancelled (they stop within a word). Outcomes held stay held.
    public func pause() {
        state.withLock { state in
            state.waiting = []
            for running in state.running.values { running.monitor.cancel() }
        }
    }

    /// Every outcome finished so far, handed over (no longer held).
    public func takeFinished() -> [(target: Target, outcome: Outcome)] {
        let taken = state.withLock { state in
            let taken = state.finished.map { (target: $0.key, outcome: $0.value.outcome) }
            state.finished = [:]
            return taken
        }
        // The memory they held may let a waiting job start.
        if !taken.isEmpty { core.wakeEngines(core.engines) }
        return taken
    }

    /// The outcome for `target`, for a command the user typed. Speculation stops: waiting
    /// jobs are dropped and every running job but `target`'s is cancelled. If `target` is
    /// running, waits for it, passing its progress to `onProgress`, and gives up when `stop`
    /// is raised.
    public func claim(_ target: Target, onProgress: @escaping @Sendable (Int) -> Void = { _ in },
                      stop: StopSignal? = nil) -> Claim {
        let found: Running? = state.withLock { state in
            state.waiting = []
            for (other, running) in state.running where other != target { running.monitor.cancel() }
            guard state.finished[target] == nil, let running = state.running[target] else { return nil }
            state.listeners[target] = onProgress
            return running
        }
        if let found, found.done.wait(unless: stop) == nil {
            found.monitor.cancel()
            state.withLock { _ = $0.listeners.removeValue(forKey: target) }
            return .cancelled
        }
        return state.withLock { state in
            state.listeners.removeValue(forKey: target)
            return state.finished.removeValue(forKey: target).map { .prepared($0.outcome) } ?? .notPrepared
        }
    }

    /// How many jobs wait, run and are finished but not taken.
    public struct Activity: Sendable, Equatable {
        public var waiting: Int
        public var running: Int
        public var finished: Int
    }

    public var activity: Activity {
        state.withLock { Activity(waiting: $0.waiting.count, running: $0.running.count, finished: $0.finished.count) }
    }

    /// Engines that run jobs at once, and bytes that outcomes held and jobs running may take.
    public var engines: Int { core.engines }
    public var budget: Int { core.budget }

    /// Waits until no job is waiting or running; for tests and benchmarks that need the
    /// speculation done before the next command.
    public func waitUntilIdle() {
        let budget = core.budget
        // Each job that ends, and closing, signals `ended`; a waiting job that fits is started
        // by an engine, and ends in turn.
        while state.withLock({ state in
            !state.closed && (!state.running.isEmpty || state.waiting.contains { state.heldBytes + $0.bytes <= budget })
        }) {
            core.ended.wait()
        }
    }
}

/// Work done in the background yields the CPU to the work the user waits for.
enum BackgroundPriority {
    /// The calling thread gets the lowest scheduling priority (nice 19). On Linux the nice
    /// value belongs to a thread, and `who` 0 is the calling one, so the process's other
    /// threads keep theirs.
    static func lowerForThisThread() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }
}
