import ArgumentParser

/// `filterocr store prune`: the least recently used entries removed down to a size, which can
/// also become the store's limit.
struct StorePruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove the least recently used results down to a size.",
        discussion: "Without --to, down to the store's limit. --limit sets the size every command keeps the store under."
    )

    @OptionGroup var location: StorePathOption

    @Option(name: .long, help: ArgumentHelp("Prune down to this size, e.g. 200M.", valueName: "size"),
            transform: ByteSizeOption.parser("--to"))
    var to: Int?

    @Option(name: .long, help: ArgumentHelp("Keep the store under this size from now on, e.g. 2G.", valueName: "size"),
            transform: ByteSizeOption.parser("--limit"))
    var limit: Int?

    func run() throws {
        let store = try location.open()
        let removed = try Terminal.orExit { () throws -> Int in
            if let limit { try store.setLimit(limit) }
            let removed = try store.prune(to: to ?? store.limit)
            try store.compact()
            return removed
        }
        let summary = try Terminal.orExit { try store.summary() }
        Terminal.print("removed \(removed) recognitions; \(summary.recognitions) left, "
                             + "\(ByteSizeOption.shown(summary.contentBytes)) of \(ByteSizeOption.shown(summary.limit))")
    }
}
