import ArgumentParser

/// The development tool that gathers what `--auto`'s learned decisions are trained on: each
/// page's lines read again under several renderings (`lines`), then those readings aligned and
/// labelled with the truth (`columns`). Not installed: bench/README.md says how it is run.
@main
struct AutoHarvest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autoharvest",
        abstract: "Gathers the readings that --auto's learned decisions are trained on.",
        subcommands: [PagesCommand.self, LinesCommand.self, ColumnsCommand.self])
}
