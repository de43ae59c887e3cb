/// Puts results that finish out of order back into input order.
///
/// Pure decisions, no I/O and no locks: the one owner of the output feeds it each result
/// as it arrives and prints what it hands back. Tickets are numbered from 0 in input order.
package struct ReorderBuffer<Value> {
    private var waiting: [Int: Value] = [:]
    /// The ticket released next.
    package private(set) var next = 0
    /// How many tickets were issued, once the input has ended.
    package private(set) var total: Int?

    package init() {}

    /// Result `ticket` arrived: the results now ready, in input order (empty while an
    /// earlier one is still outstanding).
    package mutating func arrived(_ ticket: Int, _ value: Value) -> [Value] {
        precondition(ticket >= next && waiting[ticket] == nil, "ticket \(ticket) delivered twice")
        waiting[ticket] = value
        var ready: [Value] = []
        while let head = waiting.removeValue(forKey: next) {
            ready.append(head)
            next += 1
        }
        return ready
    }

    /// No tickets after the first `count` will come.
    package mutating func inputEnded(after count: Int) {
        precondition(count >= next, "input ended before tickets already released")
        total = count
    }

    /// Every ticket issued has been released.
    package var isComplete: Bool { total == next }

    /// Results held back behind an outstanding earlier one.
    package var heldBack: Int { waiting.count }
}
