/// The items of a costliest-first map that no engine has taken yet (at most the map's
/// window, a few dozen), and the cost of those taken and not yet done.
///
/// An engine takes the costliest item that fits in the budget beside the items in work, so that
/// the largest pages start first but two of them do not run side by side while smaller ones
/// wait; when none fits, the cheapest (which the others leave the most room for). Of equals,
/// the first emitted.
package struct WaitingItems<Item> {
    private var items: [(ticket: Int, cost: Int, item: Item)] = []
    /// The costs of the items taken and not yet done (one per engine at most). Costs come from
    /// file headers, which may claim anything up to `Int.max`: their sum saturates.
    private var inWork: [Int] = []
    package let budget: Int

    package init(budget: Int) { self.budget = budget }

    package mutating func add(_ item: Item, ticket: Int, cost: Int) {
        items.append((ticket, cost, item))
    }

    /// The item an engine that is free now takes, with its cost, which is in work until `done`.
    package mutating func take() -> (ticket: Int, cost: Int, item: Item)? {
        guard !items.isEmpty else { return nil }
        let room = budget - Self.saturatingSum(inWork)
        let fitting = items.indices.filter { items[$0].cost <= room }
        let index = fitting.isEmpty
            ? items.indices.min { items[$0].cost != items[$1].cost ? items[$0].cost < items[$1].cost : items[$0].ticket < items[$1].ticket }!
            : fitting.max { items[$0].cost != items[$1].cost ? items[$0].cost < items[$1].cost : items[$0].ticket > items[$1].ticket }!
        let taken = items.remove(at: index)
        inWork.append(max(0, taken.cost))
        return taken
    }

    package mutating func done(cost: Int) {
        if let index = inWork.firstIndex(of: max(0, cost)) { inWork.remove(at: index) }
    }

    private static func saturatingSum(_ costs: [Int]) -> Int {
        costs.reduce(0) { sum, cost in
            let (total, overflow) = sum.addingReportingOverflow(cost)
            return overflow ? .max : total
        }
    }
}
