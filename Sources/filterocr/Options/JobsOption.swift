import ArgumentParser
import Foundation

/// `-j N`: engines in parallel, each single-threaded.
struct JobsOption: ParsableArguments {
    @Option(name: .customShort("j"), parsing: .unconditional,
            help: ArgumentHelp("Engines working in parallel, each single-threaded "
                               + "(default: 1 for ocr, the number of cores for batch).", valueName: "n"))
    var jobs: Int?

    static let limit = 256

    /// The engines a command that keeps every core busy uses: `-j`, or one per core.
    var engines: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, !(1...Self.limit).contains(jobs) {
            throw ValidationError("-j takes 1 to \(Self.limit) engines, e.g. -j 2 (not \(jobs))")
        }
    }
}
