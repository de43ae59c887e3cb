import Foundation
import Synchronization
import Testing

/// How many child processes the tests run at once.
///
/// The tests wait for their children without holding a thread (see `Command.run`), so nothing
/// but this bounds how many run together: without it, every test of the suite would start its
/// process at the same moment. A slot is awaited, never blocked on.
///
/// A test that keeps a process running (a `BackgroundProcess`) holds its slot until the process
/// ends, and what it runs meanwhile shares that slot: a test never waits for a slot while it
/// holds one, so tests cannot wait for each other in a ring.
public final class ChildProcessSlots: Sendable {
    /// Who holds a slot: a test (for as long as any of its background processes runs) or one
    /// command run outside such a test.
    public enum Holder: Hashable, Sendable {
        case test(Test.ID)
        case run(UUID)
    }

    private struct State {
        var free: Int
        /// Holders and how many of their processes are running.
        var holders: [Holder: Int] = [:]
        var waiting: [(holder: Holder, resume: CheckedContinuation<Void, Never>)] = []
    }

    /// One slot per core, at least two: the children are where the suite's work is done.
    public static let shared = ChildProcessSlots(capacity: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let state: Mutex<State>

    public init(capacity: Int) {
        state = Mutex(State(free: capacity))
    }

    /// The holder a process started now belongs to: the current test if it already holds a
    /// slot (or, for a process kept running, in any case), otherwise a run of its own.
    public func holder(keptRunning: Bool) -> Holder {
        guard let test = Test.current else { return .run(UUID()) }
        let holder = Holder.test(test.id)
        if keptRunning { return holder }
        return state.withLock { $0.holders[holder] != nil } ? holder : .run(UUID())
    }

    /// Waits, without holding a thread, until `holder` may start a process.
    public func acquire(for holder: Holder) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                if let running = state.holders[holder] {
                    state.holders[holder] = running + 1
                    return true
                }
                guard state.free > 0 else {
                    state.waiting.append((holder, continuation))
                    return false
                }
                state.free -= 1
                state.holders[holder] = 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Marks one of `holder`'s processes ended; its slot passes on when none is left.
    public func release(for holder: Holder) {
        let admitted = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard let running = state.holders[holder] else { return [] }
            if running > 1 {
                state.holders[holder] = running - 1
                return []
            }
            state.holders[holder] = nil
            state.free += 1
            var admitted: [CheckedContinuation<Void, Never>] = []
            // The first waiter takes the slot; others of the same holder come in with it.
            while let first = state.waiting.first, state.free > 0 || state.holders[first.holder] != nil {
                state.waiting.removeFirst()
                if let running = state.holders[first.holder] {
                    state.holders[first.holder] = running + 1
                } else {
                    state.free -= 1
                    state.holders[first.holder] = 1
                }
                admitted.append(first.resume)
            }
            return admitted
        }
        admitted.forEach { $0.resume() }
    }
}
