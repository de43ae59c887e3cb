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
        /// Its ticket in the admission, which charges its bytes while it runs and while its
        /// outcome is held.
        var ticket: Int
        var monitor: RecognitionMonitor
        var done: Completion<Void>
    }

    private struct State: Sendable {
        /// The jobs waiting, and what is charged against the budget: the jobs running and the
        /// outcomes held (the one admission of work, as a run's pages have theirs).
        var admission: Admission<Job>
        var running: [Target: Running] = [:]
        var finished: [Target: (outcome: Outcome, ticket: Int)] = [:]
        /// Told the progress of a running job someone waits for.
        var listeners: [Target: @Sendable (Int) -> Void] = [:]
        var closed = false
        /// Engine jobs queued to take a waiting job, not yet running.
        var queuedTakers = 0

        /// The first waiting job that fits the budget beside what runs and is held, moved to running.
        mutating func start(monitor: (Target) -> RecognitionMonitor) -> Running? {
            guard let started = admission.next() else { return nil }
            let job = started.work
            let running = Running(job: job, ticket: started.ticket, monitor: monitor(job.target), done: Completion())
            self.running[job.target] = running
            return running
        }

        /// Drops every waiting job.
        mutating func dropWaiting() {
            admission.removeWaiting { _ in true }
        }

        /// Hands over the outcome held for `target`, whose bytes are then free.
        mutating func takeOutcome(of target: Target) -> Outcome? {
            guard let held = finished.removeValue(forKey: target) else { return nil }
            admission.release(held.ticket)
            return held.outcome
        }
    }

    /// What the engines' jobs share with the speculator; closed when the speculator goes.
    private final class Core: Sendable {
        let state: Locked<State>
        /// Signalled whenever a job ends, and on closing, for `waitUntilIdle` and `deinit`.
        let ended = DispatchSemaphore(value: 0)
        /// The engines' jobs, each of which takes the first waiting job that fits when it runs.
        let takers: Engines.Batch<Void>?
        let engines: Int
        let budget: Int
        /// How to read with the engine a job runs on.
        let pipeline: Pipeline.Template

        init(engines: Engines?, budget: Int, pipeline: Pipeline.Template) {
            takers = engines?.batch(of: Void.self)
            self.engines = engines?.count ?? 1
            self.budget = budget
            self.pipeline = pipeline
            state = Locked(State(admission: Admission(budget: budget, slots: engines?.count ?? 1)))
        }

        /// Queues a taker for each waiting job an engine could start now, beyond those queued.
        func schedule() {
            guard let takers else { return }
            _ = takers.finishedNow()
            let wanted: Int = state.withLock { state in
                guard !state.closed else { return 0 }
                let wanted = max(0, min(state.admission.waitingCount, engines - state.running.count) - state.queuedTakers)
                state.queuedTakers += wanted
                return wanted
            }
            for _ in 0..<wanted { takers.submit(0) { [self] engine in runNextJob(on: engine) } }
        }

        func close() {
            state.withLock { state in
                state.closed = true
                for running in state.running.values { running.monitor.cancel() }
            }
            ended.signal()
        }

        /// Runs the first waiting job that fits, if any, on `engine`; then lets the next start.
        private func runNextJob(on engine: Engine) {
            let next: Running? = state.withLock { state in
                state.queuedTakers -= 1
                return state.closed ? nil : state.start { target in
                    RecognitionMonitor { [state = self.state] progress in state.withLock { $0.listeners[target] }?(progress) }
                }
            }
            guard let next else { return }
            let outcome = try? next.job.work(pipeline.reading(with: engine), next.monitor)
            state.withLock { state in
                state.running.removeValue(forKey: next.job.target)
                let kept = outcome != nil && !next.monitor.isCancelled
                if kept, let outcome { state.finished[next.job.target] = (outcome, next.ticket) }
                state.admission.finished(next.ticket, keepingResult: kept)
            }
            next.done.fulfil(())
            ended.signal()
            // A job that ended frees an engine and memory: another may now start.
            schedule()
        }
    }

    private let core: Core
    private var state: Locked<State> { core.state }
    /// Kept for the speculator's life; their threads end once their last jobs return.
    private let pool: Engines?

    /// - Parameters:
    ///   - budget: bytes of outcomes held and jobs running, at most.
    ///   - engines: one for each job run at once, at the lowest CPU priority; engines that could
    ///     not start (or none) leave nothing prepared, and every claim does the work itself.
    ///   - pipeline: what each job reads with, over the engine it runs on.
    package init(budget: Int, engines: Engines?, pipeline: Pipeline.Template) {
        core = Core(engines: engines, budget: budget, pipeline: pipeline)
        pool = engines
        if engines == nil { core.close() }
    }

    /// Cancels what runs and waits for it to stop, so that no job outlives its owner.
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
            state.dropWaiting()
            for job in jobs where state.running[job.target] == nil && state.finished[job.target] == nil {
                state.admission.enqueue(job, cost: job.bytes)
            }
        }
        core.schedule()
    }

    /// Stops all speculation until the next `prepare`: the waiting jobs are dropped and the
    /// running ones cancelled (they stop within a word). Outcomes held stay held.
    public func pause() {
        state.withLock { state in
            state.dropWaiting()
            for running in state.running.values { running.monitor.cancel() }
        }
    }

    /// Every outcome finished so far, handed over (no longer held).
    public func takeFinished() -> [(target: Target, outcome: Outcome)] {
        let taken = state.withLock { state in
            state.finished.keys.compactMap { target in state.takeOutcome(of: target).map { (target: target, outcome: $0) } }
        }
        // The memory they held may let a waiting job start.
        if !taken.isEmpty { core.schedule() }
        return taken
    }

    /// The outcome for `target`, for a command the user typed. Speculation stops: waiting
    /// jobs are dropped and every running job but `target`'s is cancelled. If `target` is
    /// running, waits for it, passing its progress to `onProgress`, and gives up when `stop`
    /// is raised.
    public func claim(_ target: Target, onProgress: @escaping @Sendable (Int) -> Void = { _ in },
                      stop: StopSignal? = nil) -> Claim {
        let found: Running? = state.withLock { state in
            state.dropWaiting()
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
            return state.takeOutcome(of: target).map { .prepared($0) } ?? .notPrepared
        }
    }

    /// How many jobs wait, run and are finished but not taken.
    public struct Activity: Sendable, Equatable {
        public var waiting: Int
        public var running: Int
        public var finished: Int
    }

    public var activity: Activity {
        state.withLock { Activity(waiting: $0.admission.waitingCount, running: $0.running.count, finished: $0.finished.count) }
    }

    /// Engines that run jobs at once, and bytes that outcomes held and jobs running may take.
    public var engines: Int { core.engines }
    public var budget: Int { core.budget }

    /// Waits until no job is waiting or running; for tests and benchmarks that need the
    /// speculation done before the next command.
    public func waitUntilIdle() {
        // Each job that ends, and closing, signals `ended`; a waiting job that may start is
        // started by an engine, and ends in turn.
        while state.withLock({ state in !state.closed && (!state.running.isEmpty || state.admission.mayStart) }) {
            core.ended.wait()
        }
    }
}
