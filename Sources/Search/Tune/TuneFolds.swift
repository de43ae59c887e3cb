import Core

/// How the pages of a tuning are split for cross-validation: the pages in order of their
/// names, dealt out in turn (page i to fold i mod k), so that every fold has pages from
/// across the corpus, the folds' sizes differ by one at most, and the same pages always make
/// the same folds.
public struct TuneFolds: Sendable, Equatable {
    /// Each page's fold, in the pages' order.
    public let foldOfPage: [Int]
    public let count: Int

    /// Folds for pages named `names` (in any order); `count` is clamped to the pages there are.
    public init(names: [String], count: Int) {
        let count = max(1, min(count, names.count))
        let keys = names.map { Array($0.utf8) }
        let order = names.indices.sorted { keys[$0] == keys[$1] ? $0 < $1 : keys[$0].lexicographicallyPrecedes(keys[$1]) }
        var folds = [Int](repeating: 0, count: names.count)
        for (position, page) in order.enumerated() { folds[page] = position % count }
        foldOfPage = folds
        self.count = count
    }

    /// The pages (indices) held out in `fold`.
    public func heldOut(_ fold: Int) -> [Int] { foldOfPage.indices.filter { foldOfPage[$0] == fold } }

    /// The pages (indices) `fold`'s recipe is tuned on: all the others.
    public func tunedOn(_ fold: Int) -> [Int] { foldOfPage.indices.filter { foldOfPage[$0] != fold } }
}
