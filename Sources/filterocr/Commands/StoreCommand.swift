import ArgumentParser

/// `filterocr store`: what the result store holds, and keeping it small.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Show the result store, or prune or clear it.",
        discussion: """
            Every command keeps what Tesseract read in the store and answers from it next time: \
            a recognition is known by the pixels read, the engine's settings, Tesseract's version \
            and its language models. The store is a cache: deleting it loses nothing but time.
            """,
        subcommands: [StoreShowCommand.self, StorePruneCommand.self, StoreClearCommand.self],
        defaultSubcommand: StoreShowCommand.self
    )
}
