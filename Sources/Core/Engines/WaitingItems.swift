/// The items of a costliest-first map that no engine has taken yet (at most the map's
/// window, a few dozen): the costliest is taken first, the first emitted among equals.
struct WaitingItems<Item> {
    private var items: [(ticket: Int, cost: Int, item: Item)] = []

    mutating func add(_ item: Item, ticket: Int, cost: Int) {
        items.append((ticket, cost, item))
    }

    mutating func takeCostliest() -> (ticket: Int, item: Item)? {
        guard var best = items.indices.first else { return nil }
        for index in items.indices.dropFirst() {
            let (candidate, chosen) = (items[index], items[best])
            if candidate.cost > chosen.cost || (candidate.cost == chosen.cost && candidate.ticket < chosen.ticket) {
                best = index
            }
        }
        let taken = items.remove(at: best)
        return (taken.ticket, taken.item)
    }
}
