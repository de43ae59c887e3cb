import ArgumentParser
import Core
import FileSystem
import Foundation
import ResultStore

/// `--store PATH` for the commands that look after a store rather than recognise with it.
struct StorePathOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The result store.", discussion: "By default $FILTEROCR_STORE, else $XDG_CACHE_HOME/filterocr/results.sqlite.",
                                            valueName: "path"))
    var store: String?

    var path: String? { store ?? StoreLocation.defaultPath(environment: ProcessInfo.processInfo.environment) }

    /// The store's path, or a usage error that says why there is none.
    func requiredPath() throws -> String {
        if let store { return store }
        switch StoreLocation.resolve(environment: ProcessInfo.processInfo.environment) {
        case .path(let path): return path
        case .none: throw ValidationError("no store: FILTEROCR_STORE is none; give --store PATH")
        case .unavailable(let reason): throw ValidationError("no store: \(reason); give --store PATH")
        }
    }

    /// The store, which must exist: looking after one never creates it.
    func open() throws -> ResultStore {
        let path = try existingPath()
        return try Terminal.orExit { try FilterOCR.runtime.stores.open(path: path) { Terminal.printWarning($0) } }
    }

    /// What the store holds: opened as `open` does, or read without writing when it cannot be
    /// written (a read-only file system or mode), which is said.
    func summary() throws -> StoreSummary {
        let path = try existingPath()
        // A link, a folder or a special file is refused as `open` refuses it.
        guard FileKind(at: path).isRegular, !ResultStore.isWritable(path) else {
            let store = try open()
            return try Terminal.orExit { try store.summary() }
        }
        let summary = try Terminal.orExit { try ResultStore.summary(readingOnly: path) }
        Terminal.printNote("result store \(PathEncoding.displayed(path)) cannot be written; shown as it is")
        return summary
    }

    /// The store's path, which must exist.
    private func existingPath() throws -> String {
        let path = try requiredPath()
        guard FileKind(at: path) != .missing else {
            Terminal.printError("no result store at \(PathEncoding.displayed(path)) (commands make one as they recognise; "
                                + "--store PATH names another)")
            throw ExitCode.failure
        }
        return path
    }
}
