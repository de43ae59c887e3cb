import Charts
import Foundation
import Imaging
import Reports
import Runs

/// The rows of a sweep as a table, CSV or JSON Lines, one point at a time.
public struct SweepTable: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case table, csv, jsonl
    }

    public let format: Format
    public let filter: FilterKind
    /// Whether the rows are a compounding chain's, counted in steps.
    public let compound: Bool
    private var wroteHeader = false

    public init(format: Format, filter: FilterKind, compound: Bool) {
        (self.format, self.filter, self.compound) = (format, filter, compound)
    }

    /// The lines for the next row: the header first in a table or CSV.
    public mutating func lines(for row: SweepRow) -> [String] {
        let parameter = filter.parameter(at: 0).name
        let columns = [compound ? "steps" : "strength", parameter, "words", "confidence", "cer", "wer", "recall"]
        let values = [compound ? String(Int(row.strength)) : FilterOperation.percent(row.strength),
                      ChartScale.number(row.parameter), String(row.wordCount), String(row.meanConfidence),
                      row.accuracy.map { String(format: "%.4f", $0.characterErrorRate) } ?? "",
                      row.accuracy.map { String(format: "%.4f", $0.wordErrorRate) } ?? "",
                      row.accuracy.map { String(format: "%.4f", $0.wordRecall) } ?? ""]
        var lines: [String] = []
        switch format {
        case .jsonl:
            lines.append(JSONLines.line(row))
        case .csv:
            if !wroteHeader { lines.append(columns.joined(separator: ",")) }
            lines.append(values.joined(separator: ","))
        case .table:
            func padded(_ cells: [String]) -> String {
                cells.map { $0.count >= 11 ? $0 : String(repeating: " ", count: 11 - $0.count) + $0 }.joined(separator: " ")
            }
            if !wroteHeader { lines.append(padded(columns)) }
            lines.append(padded(values))
        }
        wroteHeader = true
        return lines
    }
}
