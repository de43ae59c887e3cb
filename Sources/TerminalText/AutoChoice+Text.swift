import Foundation
import Reports

extension HumanText {
    /// `auto: chose "greyscale; then sauvola" · score 812 against 640 for the original · 9 tried in
    /// 4.1 s · CER 8.2% → 3.1%`, and with `explain` a line per candidate.
    public static func auto(_ choice: AutoChoice) -> [String] {
        func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
        let chosen = choice.chosen.filters.operations.isEmpty
            ? "leave it as it is: no chain read better than the original" : "chose \"\(choice.chosen.filters)\""
        var line = "auto: \(chosen) · score \(score(choice.chosen.score))"
        if !choice.chosen.filters.operations.isEmpty { line += " against \(score(choice.original.score)) for the original" }
        let samples = choice.candidates.filter(\.sampled).count
        line += " · \(choice.candidates.count) tried" + (samples > 0 ? " (\(samples) on a sample of the page)" : "") + " in \(String(format: "%.1f", choice.seconds)) s"
        if choice.timeLimited { line += " · " + timeLimitNote }
        if let lines = choice.lines {
            line += lines.combined
                ? " · \(lines.changed) of \(lines.lines) lines chosen from the search's readings"
                : " · \(lines.readAgain) of \(lines.lines) lines read again, \(lines.changed) changed"
        }
        if let before = choice.original.accuracy, let after = choice.lines?.accuracy ?? choice.chosen.accuracy {
            line += " · CER \(percent(before.characterErrorRate)) → \(percent(after.characterErrorRate))"
        }
        guard choice.explained else { return [line] }
        let width = max(6, choice.candidates.map(\.filters.description.count).max() ?? 0)
        let hasCER = choice.original.accuracy != nil
        // Numbers right-aligned under their headings (Foundation's %@ ignores a width on Linux).
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let header = "  " + "chain".padding(toLength: width, withPad: " ", startingAt: 0)
            + right("score", 7) + right("words", 7) + right("conf", 6) + (hasCER ? right("CER", 8) : "") + right("seconds", 10)
        // The whole pages read first, then the samples that chose which chains were read whole:
        // a sample's score is the sample's, not comparable with a page's.
        let whole = choice.candidates.filter { !$0.sampled }.sorted { $0.score > $1.score }
        let sampled = choice.candidates.filter(\.sampled).sorted { $0.score > $1.score }
        let rows = (whole + sampled).enumerated().flatMap { index, candidate -> [String] in
            let heading = index == whole.count && !sampled.isEmpty ? ["  read on the page's sample:"] : []
            let mark = candidate.filters == choice.chosen.filters && !candidate.sampled ? "▸ " : "  "
            let cer = candidate.accuracy.map { right(percent($0.characterErrorRate), 8) } ?? (hasCER ? right("", 8) : "")
            let row = mark + candidate.filters.description.padding(toLength: width, withPad: " ", startingAt: 0)
                + right(score(candidate.score), 7) + right(String(candidate.wordCount), 7)
                + right(String(candidate.meanConfidence), 6) + cer + right(String(format: "%.2f", candidate.seconds), 10)
            return heading + [row]
        }
        return [line, header] + rows + lineRows(choice.lines)
    }

    /// With `--explain`, each line read again: why it was unsure, what each rendering read,
    /// and whose words the vote took.
    private static func lineRows(_ lines: LineRepairReport?) -> [String] {
        guard let lines, !lines.details.isEmpty else { return [] }
        let heading = lines.combined ? "  lines the search's readings read differently (\(lines.readAgain) of \(lines.lines)):"
            : "  lines read again (\(lines.unsure) unsure of \(lines.lines)):"
        return [heading] + lines.details.flatMap { line -> [String] in
            let verdict = line.took.isEmpty ? "kept the page's reading" : "took words from " + line.took.joined(separator: ", ")
            return ["  line \(line.number), \(line.doubt): \(verdict)"] + line.readings.map { reading in
                "      \(reading.rendering.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(format: "%3.0f", reading.meanConfidence))  \(reading.text)"
            }
        }
    }

    /// Said whenever the safety time limit cut a search, since only then may the same page
    /// give another choice.
    public static let timeLimitNote = "cut short by the time limit (a candidate Tesseract was slow to lay out, or a busy machine): another run may choose differently"

    private static func score(_ value: Double) -> String { String(format: "%.0f", value) }
}
