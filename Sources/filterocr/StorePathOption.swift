import ArgumentParser
import FilterOCRKit
import Foundation
import ResultStore

/// `--store PATH` for the commands that look after a store rather than recognise with it.
struct StorePathOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The result store.", discussion: "By default $FILTEROCR_STORE, else $XDG_CACHE_HOME/filterocr/results.sqlite.",
                                            valueName: "path"))
    var store: String?

    var path: String? { store ?? StoreLocation.defaultPath(environment: ProcessInfo.processInfo.environment) }

    /// The store, which must exist: looking after one never creates it.
    func open() throws -> ResultStore {
        guard let path else { throw ValidationError("no store: FILTEROCR_STORE is none, or no HOME or XDG_CACHE_HOME; give --store PATH") }
        guard FileManager.default.fileExists(atPath: path) else {
            Terminal.printError("no result store at \(path) (commands make one as they recognise; --store PATH names another)")
            throw ExitCode.failure
        }
        return try Terminal.orExit { try ResultStore(path: path) { Terminal.printWarning($0) } }
    }
}
