import ArgumentParser
import Imaging
import PageDocuments
import Search
import TerminalText

// The libraries' choices that options take, each read by its raw value (`--format jsonl`,
// `--color-space srgb`), so that their lists in help and errors come from the types themselves.
extension OutputFormat: ExpressibleByArgument {}
extension WorkingSpace: ExpressibleByArgument {}
extension FilterKind: ExpressibleByArgument {}
extension AutoSearch.Unit: ExpressibleByArgument {}
extension AutoSearch.Keeping: ExpressibleByArgument {}
extension SweepTable.Format: ExpressibleByArgument {}
