import ArgumentParser
import Core
import Foundation
import ResultStore
import Threading

/// `--store PATH` and `--no-store`: where recognitions are kept and looked up.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The result store to read and keep recognitions in.",
        discussion: """
            By default $FILTEROCR_STORE, else $XDG_CACHE_HOME/filterocr/results.sqlite (~/.cache/filterocr/ when \
            unset); FILTEROCR_STORE=none keeps none.
            """,
        valueName: "path"))
    var store: String?

    @Flag(name: .long, help: "Keep no results, and read none: recognise everything.")
    var noStore = false

    func validate() throws {
        if store != nil && noStore { throw ValidationError("give --store PATH or --no-store, not both") }
        if store?.isEmpty == true { throw ValidationError("--store needs a file, e.g. --store results.sqlite") }
    }

    /// The store's path, or nil for none.
    var path: String? {
        if noStore { return nil }
        if let store { return store }
        return StoreLocation.defaultPath(environment: ProcessInfo.processInfo.environment)
    }

    /// The store, opened once per process; nil with `--no-store`, or when it cannot be used
    /// (said once on standard error: the command goes on without it). A store of a later
    /// release stops the command, since going on would silently keep nothing.
    func open() throws -> ResultStore? {
        if noStore { return nil }
        if let store { return try Terminal.orExit { try Self.open(store) } }
        switch StoreLocation.resolve(environment: ProcessInfo.processInfo.environment) {
        case .path(let path): return try Terminal.orExit { try Self.open(path) }
        case .none: return nil
        case .unavailable(let reason):
            Self.unavailableSaid.withLock { said in
                if !said { Terminal.printWarning("no result store: \(reason); recognising without one (give --store PATH)") }
                said = true
            }
            return nil
        }
    }

    private static func open(_ path: String) throws -> ResultStore? {
        try opened.withLock { opened throws -> ResultStore? in
            if let (openedPath, store) = opened, openedPath == path { return store }
            do {
                let store = try ResultStore(path: path) { Terminal.printWarning($0) }
                opened = (path, store)
                return store
            } catch let error as StoreError {
                if case .newerSchema = error { throw error }
                Terminal.printWarning((error.errorDescription ?? "result store \(path) cannot be used") + "; recognising without it")
                opened = (path, nil)
                return nil
            }
        }
    }

    private static let opened = Locked<(String, ResultStore?)?>(nil)
    private static let unavailableSaid = Locked(false)
}
