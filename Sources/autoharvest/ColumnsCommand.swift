import ArgumentParser
import Decisions
import Foundation
import Search
import TextComparison

/// Aligns each harvested line's readings into columns and writes one row per candidate of each
/// column: its features (as `ColumnChooser` computes them), and whether it is the truth's symbol
/// there. bench/train66.py learns the column chooser from these rows.
struct ColumnsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "columns",
        abstract: "Writes each column's candidates with their features and their label, as TSV.")

    @Option(help: "The folder of `lines`' JSON files.")
    var harvest: String

    @Option(help: "The folder of the truths cut into lines (NAME.json, from bench/lines66.py).")
    var truth: String

    @Option(help: "The readings to align, in order, the page's own first: those `--auto-by learned` reads (a subset of what `lines` read).")
    var sources = "page,original,median,background"

    @Flag(help: "Align every reading each line has, in its order (`pages`' harvests: the search's readings differ from page to page), without the sources' support features.")
    var allSources = false

    func run() throws {
        let sources = self.sources.split(separator: ",").map(String.init)
        let names = try FileManager.default.contentsOfDirectory(atPath: self.truth).filter { $0.hasSuffix(".json") }.sorted()
        let features = ColumnChooser.featureNames + (allSources ? [] : sources.map { "support.\($0)" })
        print((["page", "line", "column", "candidate", "truth", "label"] + features).joined(separator: "\t"))
        let decoder = JSONDecoder()
        for file in names {
            let page = try decoder.decode(HarvestPage.self, from: Data(contentsOf: URL(fileURLWithPath: "\(self.harvest)/\(file)")))
            let truths = try decoder.decode(LineTruth.self, from: Data(contentsOf: URL(fileURLWithPath: "\(self.truth)/\(file)")))
            guard truths.lines.count == page.lines.count else {
                throw ValidationError("\(file): \(truths.lines.count) truth lines for \(page.lines.count) lines")
            }
            let folded = truths.scoring == "casefold"
            for (index, line) in page.lines.enumerated() {
                guard let truth = truths.lines[index] else { continue }
                // The readings of the sources asked for, in their order: a model is trained on the
                // readings it will be given.
                let chosen = try allSources ? line.readings : sources.map { source -> HarvestPage.Reading in
                    guard let reading = line.readings.first(where: { $0.source == source }) else {
                        throw ValidationError("\(file) line \(index + 1) was not read from \(source) (it has \(line.readings.map(\.source)))")
                    }
                    return reading
                }
                let readings = chosen.map { LineReading(source: $0.source, recognized: $0.words) }
                let network = CharacterNetwork(readings.map(\.texts))
                let placed = network.aligning(truth.map(String.init)).symbols
                for column in network.columns.indices {
                    let candidates = ColumnChooser.candidates(in: network, column: column)
                    for candidate in candidates {
                        let vector = ColumnChooser.features(of: candidate, among: candidates, in: network, column: column,
                                                            readings: readings)
                        let right = folded ? candidate.text?.lowercased() == placed[column]?.lowercased()
                            : candidate.text == placed[column]
                        let values = features.map { vector[$0] ?? 0 }
                        print(([page.name, String(index), String(column), Self.quoted(candidate.text), Self.quoted(placed[column]),
                                right ? "1" : "0"] + values.map { String($0) }).joined(separator: "\t"))
                    }
                }
            }
        }
    }

    /// A symbol as JSON (a string, or null for a gap), so that a tab or a quote stays in its field.
    static func quoted(_ symbol: String?) -> String {
        guard let symbol else { return "null" }
        let data = try? JSONEncoder().encode(symbol)
        return data.flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }
}
