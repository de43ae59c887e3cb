import ResultStore

/// `filterocr merge --store PATH SHARD.sqlite …`: the result stores of sharded runs made one, so
/// that a rerun anywhere answers from it.
public enum StoreMerge {
    /// Adds every recognition of the stores at `shards` that the store at `path` lacks, and
    /// returns how many were added. Every shard is checked before the store is opened, since
    /// opening it writes: a refused shard leaves the store merged into as it was.
    ///
    /// - Parameter warn: told of a problem with the store at `path` that does not stop the merge.
    public static func merge(_ shards: [String], into path: String,
                             warn: @escaping @Sendable (String) -> Void) throws(StoreError) -> Int {
        try ResultStore.check(shards: shards)
        let store = try ResultStore(path: path, warn: warn)
        let added = try store.merge(from: shards)
        // Folded into its file now: the store merged into is what a rerun elsewhere copies.
        if let failure = store.checkpoint() { warn(failure) }
        return added
    }
}
