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

    /// The store, opened once by the command's runtime; nil with `--no-store`, or when it cannot be used
    /// (said once on standard error: the command goes on without it). A store of a later
    /// release stops the command, since going on would silently keep nothing.
    func open() throws -> ResultStore? {
        if noStore { return nil }
        if let store { return try Terminal.orExit { try Self.open(store) } }
        switch StoreLocation.resolve(environment: ProcessInfo.processInfo.environment) {
        case .path(let path): return try Terminal.orExit { try Self.open(path) }
        case .none: return nil
        case .unavailable(let reason):
            Terminal.printWarning("no result store: \(reason); recognising without one (give --store PATH)")
            return nil
        }
    }

    /// The store at `path`, opened once by the command's runtime; nil, said, when it cannot be used.
    private static func open(_ path: String) throws -> ResultStore? {
        do {
            return try FilterOCR.runtime.stores.open(path: path) { Terminal.printWarning($0) }
        } catch {
            if case .newerSchema = error { throw error }
            Terminal.printWarning((error.errorDescription ?? "result store \(path) cannot be used") + "; recognising without it")
            return nil
        }
    }

}
