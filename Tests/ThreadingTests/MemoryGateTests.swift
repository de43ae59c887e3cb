import Dispatch
import Testing
import Threading

@Suite("Memory gate: work let in when its memory fits")
struct MemoryGateTests {
    /// Far longer than any wait here should take; only a broken gate reaches it.
    private static let patience = 60.0
    /// How long a work stays in while the test looks at the gate: longer than the test can be
    /// kept from running on a loaded machine (its thread is Swift's shared pool's), so that a
    /// work never leaves before the test has looked; only a broken test reaches it.
    private static let holding = 900.0

    @Test("Work alone is let in whatever it costs, and returns what its body returns")
    func aloneWhateverItCosts() async {
        let gate = MemoryGate(budget: 100)
        #expect(gate.admitting(cost: 1_000_000) { "read" } == "read")
        #expect(gate.admitting(cost: 100) { 7 } == 7, "the oversize work left; the next is alone again")
    }

    @Test("An oversize cost goes in alone, and a second work, however small, waits until it leaves")
    func oversizeBlocksTheNext() async throws {
        let gate = MemoryGate(budget: 100)
        let events = Locked<[String]>([])
        let largeIn = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let large = WatchedThread {
            gate.admitting(cost: 1_000) {
                events.withLock { $0.append("large in") }
                largeIn.signal()
                _ = release.wait(timeout: .now() + Self.holding)
                events.withLock { $0.append("large out") }
            }
        }
        try #require(await largeIn.signalled(within: Self.patience), "the large work was not let in alone")
        let small = WatchedThread {
            gate.admitting(cost: 1) { events.withLock { $0.append("small in") } }
        }
        #expect(await small.waitUntilAsleep(), "the small work should wait at the gate")
        #expect(events.withLock { $0 } == ["large in"], "nothing else goes in beside an oversize work")
        release.signal()
        #expect(await allJoined([large, small]))
        #expect(events.withLock { $0 } == ["large in", "large out", "small in"])
    }

    @Test("Works whose costs fit the budget together run side by side")
    func fittingWorksShare() async throws {
        let gate = MemoryGate(budget: 100)
        let secondIn = DispatchSemaphore(value: 0)
        let firstIn = DispatchSemaphore(value: 0)
        let sawSecond = Locked(false)
        let first = WatchedThread {
            gate.admitting(cost: 40) {
                firstIn.signal()
                // Stays in until the second is in beside it; a gate that kept it out ends this wait only at the limit.
                let shared = secondIn.wait(timeout: .now() + Self.holding) == .success
                sawSecond.withLock { $0 = shared }
            }
        }
        try #require(await firstIn.signalled(within: Self.patience))
        let second = WatchedThread { gate.admitting(cost: 60) { _ = secondIn.signal() } }
        #expect(await allJoined([first, second]))
        #expect(sawSecond.withLock { $0 }, "40 and 60 fit a budget of 100 together")
    }

    @Test("A work that does not fit beside those in waits, though it is within the budget alone")
    func notFittingWaits() async throws {
        let gate = MemoryGate(budget: 100)
        let events = Locked<[String]>([])
        let firstIn = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = WatchedThread {
            gate.admitting(cost: 60) {
                firstIn.signal()
                _ = release.wait(timeout: .now() + Self.holding)
                events.withLock { $0.append("first out") }
            }
        }
        try #require(await firstIn.signalled(within: Self.patience))
        let second = WatchedThread { gate.admitting(cost: 41) { events.withLock { $0.append("second in") } } }
        #expect(await second.waitUntilAsleep(), "60 + 41 is over the budget of 100")
        #expect(events.withLock { $0 }.isEmpty)
        release.signal()
        #expect(await allJoined([first, second]))
        #expect(events.withLock { $0 } == ["first out", "second in"])
    }

    @Test("A body that throws gives its memory back: the next work is let in")
    func throwingBodyReleases() async throws {
        struct Failure: Error {}
        let gate = MemoryGate(budget: 100)
        #expect(throws: Failure.self) { try gate.admitting(cost: 100) { () throws -> Void in throw Failure() } }
        // Were the cost still counted, this would wait for ever: it runs on a thread the test can give up on.
        let after = WatchedThread { gate.admitting(cost: 100) {} }
        #expect(await after.join(), "the cost of the body that threw was kept")
    }

    @Test("Under many threads, work is in only alone or within the budget")
    func neverOverBudget() async {
        let budget = 100
        let gate = MemoryGate(budget: budget)
        struct Inside { var cost = 0, count = 0, violations: [String] = [] }
        let inside = Locked(Inside())
        let costs = [10, 30, 50, 70, 90, 150, 20, 40, 60, 80, 5, 120]
        let threads = costs.map { cost in
            WatchedThread {
                for _ in 0..<50 {
                    gate.admitting(cost: cost) {
                        inside.withLock { state in
                            state.cost += cost
                            state.count += 1
                            if state.count > 1, state.cost > budget {
                                state.violations.append("\(state.count) works costing \(state.cost)")
                            }
                        }
                        inside.withLock { state in
                            state.cost -= cost
                            state.count -= 1
                        }
                    }
                }
            }
        }
        #expect(await allJoined(threads), "a work never got in")
        #expect(inside.withLock { $0.violations }.isEmpty)
    }
}
