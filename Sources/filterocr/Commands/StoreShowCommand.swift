import ArgumentParser
import Foundation
import ResultStore

/// `filterocr store show`: the store's place, size, limit and contents.
struct StoreShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show what the result store holds.")

    @OptionGroup var location: StorePathOption

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() throws {
        let summary = try location.summary()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            Terminal.print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            return
        }
        var lines = [
            "store: \(summary.path) (schema \(summary.schemaVersion))",
            "recognitions: \(summary.recognitions), document pages: \(summary.documentPages), "
                + "files known without decoding: \(summary.renderings)",
            "size: \(ByteSizeOption.shown(summary.contentBytes)) of \(ByteSizeOption.shown(summary.limit)) "
                + "(file \(ByteSizeOption.shown(summary.fileBytes)))",
        ]
        if let oldest = summary.oldestUse, let newest = summary.newestUse {
            let format = ISO8601DateFormatter()
            lines.append("used: \(format.string(from: Date(timeIntervalSince1970: oldest))) to "
                         + format.string(from: Date(timeIntervalSince1970: newest)))
        }
        lines += summary.engines.map { "engine: \($0.description): \($0.recognitions) recognitions" }
        for line in lines { Terminal.print(line) }
    }
}
