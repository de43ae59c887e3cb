import Synchronization

/// The result stores a run opened, each opened once whatever asks for it, and folded into its
/// own file when the run ends (`checkpoint`). A command makes one (it is part of its
/// `Runtime`), so that two runs in one process (a test, the server) never see each other's.
public final class StoreRegistry: Sendable {
    private struct Entry: Sendable {
        var path: String
        weak var store: ResultStore?
    }

    private let opened = Mutex<[Entry]>([])

    public init() {}

    /// The store at `path`: the one this registry opened there, or opened now (see `ResultStore.init`).
    public func open(path: String, warn: @escaping @Sendable (String) -> Void) throws(StoreError) -> ResultStore {
        try opened.withLock { opened throws(StoreError) -> ResultStore in
            opened.removeAll { $0.store == nil }
            if let store = opened.first(where: { $0.path == path })?.store { return store }
            let store = try ResultStore(path: path, warn: warn)
            opened.append(Entry(path: path, store: store))
            return store
        }
    }

    /// Folds every store opened here and still in use into its file; returns why each that
    /// could not be folded failed.
    public func checkpoint() -> [String] {
        let stores = opened.withLock { opened in
            opened.removeAll { $0.store == nil }
            return opened.compactMap(\.store)
        }
        return stores.compactMap { $0.checkpoint() }
    }
}
