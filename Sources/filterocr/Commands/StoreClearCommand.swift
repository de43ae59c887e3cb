import ArgumentParser

/// `filterocr store clear`: every result removed.
struct StoreClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every result from the store.")

    @OptionGroup var location: StorePathOption

    func run() throws {
        let store = try location.open()
        try Terminal.orExit { try store.clear() }
        Terminal.print("cleared \(store.path)")
    }
}
