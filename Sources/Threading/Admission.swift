/// What may start, decided in one place: work waits with its cost (the bytes it will hold while
/// it runs, or its result while it is kept), and starts when a slot (an engine) is free and its
/// cost fits beside what is charged. Work alone always starts, whatever it costs, so that a page
/// larger than the budget is still read, one at a time.
///
/// A run's pages (`Engines.map`) and the REPL's speculation decide through it. It only decides:
/// its owner keeps it under a lock and starts what `next` returns outside the lock.
///
/// In `costliestFirst` order, the costliest work that fits beside what runs within `pairing`
/// starts first, so that the largest pages start first but two large ones do not run side by
/// side while smaller ones wait; when none fits so, the cheapest that fits the `budget`. In
/// `asQueued` order, the first queued that fits the budget. Of equals, the first queued.
package struct Admission<Work> {
    package typealias Order = AdmissionOrder

    package let budget: Int
    package let slots: Int
    package let order: Order

    private var waiting: [(ticket: Int, cost: Int, work: Work)] = []
    /// The costs charged, by ticket: work running, and results kept after it (`finished`).
    private var charged: [Int: Int] = [:]
    /// The tickets of the work running, which each hold a slot.
    private var running: Set<Int> = []
    private var nextTicket = 0

    /// - Parameters:
    ///   - budget: the most charged at once, but for work that starts alone.
    ///   - slots: the most work running at once (the engines).
    package init(budget: Int, slots: Int, order: Order = .asQueued) {
        self.budget = budget
        self.slots = max(1, slots)
        self.order = order
    }

    /// Queues `work` costing `cost` bytes (a file's header may claim up to `Int.max`: sums
    /// saturate); returns its ticket, which `finished` and `release` name it by.
    @discardableResult
    package mutating func enqueue(_ work: Work, cost: Int) -> Int {
        let ticket = nextTicket
        nextTicket += 1
        waiting.append((ticket, max(0, cost), work))
        return ticket
    }

    /// Drops the waiting work that `isUnwanted` picks (a list of guesses replaced by another).
    package mutating func removeWaiting(where isUnwanted: (Work) -> Bool) {
        waiting.removeAll { isUnwanted($0.work) }
    }

    package var waitingCount: Int { waiting.count }
    package var runningCount: Int { running.count }

    /// Whether `next` would start something now.
    package var mayStart: Bool { running.count < slots && chosen() != nil }

    /// The work to start now, charged and holding a slot until `finished`; nil when none may.
    package mutating func next() -> (ticket: Int, work: Work)? {
        guard running.count < slots, let index = chosen() else { return nil }
        let started = waiting.remove(at: index)
        charged[started.ticket] = started.cost
        running.insert(started.ticket)
        return (started.ticket, started.work)
    }

    /// Everything that may start now, in the order chosen.
    package mutating func startable() -> [(ticket: Int, work: Work)] {
        var started: [(ticket: Int, work: Work)] = []
        while let work = next() { started.append(work) }
        return started
    }

    /// The work at `ticket` has run: its slot is free, and its cost too unless its result is
    /// kept (`keepingResult`), until `release`.
    package mutating func finished(_ ticket: Int, keepingResult: Bool = false) {
        running.remove(ticket)
        if !keepingResult { charged[ticket] = nil }
    }

    /// The result kept for `ticket` is gone: its cost is free.
    package mutating func release(_ ticket: Int) {
        if !running.contains(ticket) { charged[ticket] = nil }
    }

    /// Where in `waiting` the work to start now is.
    private func chosen() -> Int? {
        guard !waiting.isEmpty else { return nil }
        let inUse = Self.saturatingSum(charged.values)
        let room = inUse >= budget ? 0 : budget - inUse
        let cheapest = { (indices: [Int]) in
            indices.min { waiting[$0].cost != waiting[$1].cost ? waiting[$0].cost < waiting[$1].cost : $0 < $1 }
        }
        let fitting = waiting.indices.filter { waiting[$0].cost <= room }
        switch order {
        case .asQueued:
            if let first = fitting.first { return first }
        case .costliestFirst(let pairing):
            let pairingRoom = inUse >= pairing ? 0 : pairing - inUse
            let paired = fitting.filter { waiting[$0].cost <= pairingRoom }
            if let costliest = paired.max(by: { waiting[$0].cost != waiting[$1].cost ? waiting[$0].cost < waiting[$1].cost : $0 > $1 }) {
                return costliest
            }
            if let index = cheapest(fitting) { return index }
        }
        // Nothing fits: work alone starts whatever it costs (the first queued, or the cheapest).
        guard charged.isEmpty else { return nil }
        return order == .asQueued ? waiting.indices.first : cheapest(Array(waiting.indices))
    }

    private static func saturatingSum(_ costs: some Sequence<Int>) -> Int {
        costs.reduce(0) { sum, cost in
            let (total, overflow) = sum.addingReportingOverflow(cost)
            return overflow ? .max : total
        }
    }
}


extension Admission: Sendable where Work: Sendable {}

/// The order in which waiting work starts (`Admission`).
package enum AdmissionOrder: Sendable, Equatable {
    case asQueued
    /// `pairing`: the most charged at once by work started costliest first.
    case costliestFirst(pairing: Int)
}
