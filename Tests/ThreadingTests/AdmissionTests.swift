import Testing
import Threading

/// The one decision of what may start: a free slot, and a cost that fits beside what is charged.
@Suite("Admission: what may start")
struct AdmissionTests {
    /// What `admission` starts now, by name, in the order chosen.
    private func started(_ admission: inout Admission<String>) -> [String] {
        admission.startable().map(\.work)
    }

    @Test("As queued: the first that fits the budget beside what runs; no more than the slots")
    func asQueued() {
        var admission = Admission<String>(budget: 100, slots: 2)
        let first = admission.enqueue("first", cost: 60)
        admission.enqueue("too large beside it", cost: 50)
        admission.enqueue("small", cost: 30)
        admission.enqueue("last", cost: 1)
        #expect(started(&admission) == ["first", "small"], "the 50 does not fit beside the 60; two slots")
        #expect(started(&admission).isEmpty, "both slots are taken")
        admission.finished(first)
        #expect(started(&admission) == ["too large beside it"], "50 + 30 fit once the 60 is done")
    }

    @Test("Work over the budget waits for the rest to finish, then starts alone; nothing starts beside it")
    func aloneWhateverItCosts() {
        var admission = Admission<String>(budget: 100, slots: 2)
        admission.enqueue("huge", cost: 1_000)
        let tiny = admission.enqueue("tiny", cost: 1)
        #expect(started(&admission) == ["tiny"], "the first that fits goes first")
        admission.finished(tiny)
        #expect(started(&admission) == ["huge"], "alone, whatever it costs")
        admission.enqueue("after", cost: 1)
        #expect(started(&admission).isEmpty, "nothing goes in beside work over the budget")
    }

    @Test("Costliest first: the costliest within the pairing beside what runs, else the cheapest that fits; of equals the first queued")
    func costliestFirst() {
        var admission = Admission<String>(budget: 20, slots: 3, order: .costliestFirst(pairing: 10))
        var tickets: [String: Int] = [:]
        for (name, cost) in [("photo", 8), ("receipt", 1), ("second photo", 8), ("scan", 2), ("label", 1)] {
            tickets[name] = admission.enqueue(name, cost: cost)
        }
        #expect(started(&admission) == ["photo", "scan", "receipt"],
                "the costliest, then the costliest within the 2 the pairing leaves, then the first of the equal small ones")
        admission.finished(tickets["scan"]!)
        admission.finished(tickets["receipt"]!)
        #expect(started(&admission) == ["label", "second photo"],
                "the label fits the pairing; the second photo then fits only the budget, and is all that is left")
        #expect(admission.waitingCount == 0 && admission.runningCount == 3)
    }

    @Test("Costliest first waits rather than pass the budget beside work in flight")
    func costliestFirstWaitsPastTheBudget() {
        var admission = Admission<String>(budget: 10, slots: 2, order: .costliestFirst(pairing: 10))
        let photo = admission.enqueue("photo", cost: 8)
        admission.enqueue("second photo", cost: 8)
        #expect(started(&admission) == ["photo"])
        #expect(started(&admission).isEmpty, "8 + 8 is over the budget of 10, and a slot is free")
        admission.finished(photo)
        #expect(started(&admission) == ["second photo"])
    }

    @Test("A result kept holds its cost until released, but not its slot")
    func keptResults() {
        var admission = Admission<String>(budget: 100, slots: 1)
        let first = admission.enqueue("first", cost: 70)
        admission.enqueue("second", cost: 70)
        #expect(started(&admission) == ["first"])
        admission.finished(first, keepingResult: true)
        #expect(started(&admission).isEmpty, "the kept 70 leaves no room for another 70")
        admission.release(first)
        #expect(started(&admission) == ["second"])
    }

    @Test("Waiting work can be withdrawn; running work is not")
    func withdrawn() {
        var admission = Admission<String>(budget: 100, slots: 1)
        admission.enqueue("running", cost: 10)
        admission.enqueue("stale guess", cost: 10)
        admission.enqueue("wanted", cost: 10)
        #expect(started(&admission) == ["running"])
        admission.removeWaiting { $0 == "stale guess" || $0 == "running" }
        #expect(admission.waitingCount == 1 && admission.runningCount == 1)
    }

    @Test("Costs a file's header claims at Int.max are summed without overflow")
    func largestClaims() {
        var admission = Admission<String>(budget: .max, slots: 3, order: .costliestFirst(pairing: .max))
        let huge = admission.enqueue("huge", cost: .max)
        admission.enqueue("second huge", cost: .max)
        admission.enqueue("small", cost: 1)
        #expect(started(&admission) == ["huge"], "nothing fits beside the largest claim")
        admission.finished(huge)
        #expect(started(&admission) == ["second huge"])
    }
}
