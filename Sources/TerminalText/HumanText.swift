import Charts
import Foundation
import Imaging
import REPL
import Recognition
import Reports
import Runs
import TextComparison
import WordFrequency

/// The REPL's outputs as text for a person: short reports, tables and lists. Pure
/// formatting, so every front end that shows text words it the same way.
public enum HumanText {
    /// How many lines of the text a report shows.
    public static let previewLines = 4

    /// - Parameter command: the command that led to it, by name (`slider`): the slider's value
    ///   is said back as a percentage, so that `slider 1.5` (150%) and `slider 1.5%` read apart.
    public static func report(_ report: RecognitionReport, width: Int, command: String? = nil) -> String {
        let timings = report.timings
        let stages = report.cached
            ? "\(report.prepared ? "prepared" : "cached") · \(format(timings.total)) ms"
            : [timings.decode > 0 ? "decode \(format(timings.decode)) ms" : nil,
               report.operations.isEmpty ? nil : "filter \(format(timings.filter)) ms",
               "ocr \(format(timings.ocr)) ms", "total \(format(timings.total)) ms"]
                .compactMap { $0 }.joined(separator: " · ")
        let rows = report.recognized.text.split(separator: "\n", omittingEmptySubsequences: true)
            .flatMap { TextWrap.lines(String($0), width: width - 4, indent: "") }
        var lines = [
            "\(report.image)\(report.page.map { " page \($0.number) of \($0.count)" } ?? "") · \(label(report))"
                + (command == "slider" ? report.operations.last.map { " (slider \(FilterOperation.percent($0.intensity)))" } ?? "" : ""),
            "  \(Plural.count(report.wordCount, "word")) · confidence \(report.recognized.meanConfidence) · "
                + "top: \(list(report.topWords))",
        ]
        if let accuracy = report.accuracy { lines.append("  " + Self.accuracy(accuracy)) }
        if let changes = report.changes, !changes.isEmpty {
            lines += TextWrap.lines(Self.changes(changes), width: width - 2, indent: "  ").map { "  " + $0 }
        }
        if let choice = report.auto { lines += auto(choice).map { "  " + $0 } }
        lines += rows.prefix(previewLines).map { "  │ \($0)" }
        if rows.count > previewLines {
            lines.append("  │ … \(Plural.count(rows.count - previewLines, "more line")) (text shows all)")
        }
        if rows.isEmpty { lines.append("  │ (no text recognised)") }
        lines.append("  \(stages)")
        return lines.joined(separator: "\n")
    }

    /// `original`, `blur σ25 → +25% → +75%`, `binarize >0.125`, `greyscale amount 1 → scale ×2`:
    /// each filter with its own parameter, and the steps that compound it.
    public static func label(_ report: RecognitionReport) -> String {
        guard !report.operations.isEmpty else { return "original" }
        var previous: FilterKind?
        return report.operations.map { operation in
            defer { previous = operation.kind }
            if operation.kind == previous { return "+" + FilterOperation.percent(operation.intensity) }
            let parameter = operation.parameter
            return "\(operation.kind.rawValue) \(parameter.symbol)\(number(parameter.value))"
        }.joined(separator: " → ")
    }

    /// `accuracy: CER 2.2% · WER 6.1% · word recall 96.4%`.
    public static func accuracy(_ accuracy: Accuracy) -> String {
        func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
        return "accuracy: CER \(percent(accuracy.characterErrorRate)) · WER \(percent(accuracy.wordErrorRate)) · "
            + "word recall \(percent(accuracy.wordRecall))"
    }

    /// `changed: −3 words (total, cash, tea) · +2 (tota1, coffee)` against the original.
    public static func changes(_ changes: WordChanges) -> String {
        func listed(_ count: Int, _ words: [String]) -> String {
            words.isEmpty ? "" : " (" + words.joined(separator: ", ") + (count > words.count ? ", …" : "") + ")"
        }
        return "changed: −\(Plural.count(changes.lost, "word"))\(listed(changes.lost, changes.lostWords)) · "
            + "+\(changes.gained)\(listed(changes.gained, changes.gainedWords)) against the original"
    }

    /// A word-level diff: removed words as `[-word-]` and added as `{+word+}` (as `git diff
    /// --word-diff` writes them), or in red and green with `colours`.
    public static func diff(_ edits: [WordDiff.Edit], changes: WordChanges, against: String, colours: Bool,
                            width: Int) -> String {
        // Unchanged stretches are cut to a few words of context on each side of a change.
        let context = 5
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        let kept = Set(changed.flatMap { max(0, $0 - context)...min(edits.count - 1, $0 + context) })
        var words: [String] = []
        for (index, edit) in edits.enumerated() {
            guard kept.contains(index) || changed.isEmpty else {
                if words.last != "…" { words.append("…") }
                continue
            }
            switch edit {
            case .same(let word): words.append(word)
            case .removed(let word): words.append(colours ? "\u{1B}[31;9m\(word)\u{1B}[0m" : "[-\(word)-]")
            case .added(let word): words.append(colours ? "\u{1B}[32;1m\(word)\u{1B}[0m" : "{+\(word)+}")
            }
        }
        let header = "against the \(against): −\(Plural.count(changes.lost, "word")), +\(Plural.count(changes.gained, "word"))"
            + " (as the words are counted: case and punctuation aside)"
        // Colour codes take no columns: wrap the plain form's lengths only when plain.
        let body = colours ? words.joined(separator: " ") : TextWrap.lines(words.joined(separator: " "), width: width).joined(separator: "\n")
        return header + "\n" + body
    }

    /// A sweep in a few lines: a bar chart per measure across the strengths, and the best.
    public static func sweep(_ summary: SweepSummary) -> String {
        let rows = summary.rows
        guard let first = rows.first, let last = rows.last else { return "(no points)" }
        // `σ1.2`, `threshold 0.65`, `radius 2`: the filter's own parameter, by its name.
        let name = summary.filter.parameter(at: 0).name
        let unit = summary.filter == .blur ? "σ" : name + " "
        func parameter(_ row: SweepRow) -> String { unit + ChartScale.number(row.parameter) }
        func bars(_ values: [Double], maximum: Double) -> String {
            let levels = Array("▁▂▃▄▅▆▇█")
            return String(values.map { levels[min(levels.count - 1, max(0, Int(($0 / max(maximum, 1e-9)) * Double(levels.count - 1) + 0.5)))] })
        }
        var lines = ["\(summary.filter.rawValue) sweep of \(summary.image): \(Plural.count(rows.count, "point")), "
                     + "\(parameter(first)) → \(parameter(last))"]
        let words = rows.map { Double($0.wordCount) }
        lines.append("  words       " + bars(words, maximum: words.max() ?? 1) + "  \(first.wordCount) → \(last.wordCount)")
        lines.append("  confidence  " + bars(rows.map { Double($0.meanConfidence) }, maximum: 100)
                     + "  \(first.meanConfidence) → \(last.meanConfidence)")
        if rows.allSatisfy({ $0.accuracy != nil }) {
            let rates = rows.map { min(1, $0.accuracy?.characterErrorRate ?? 0) }
            lines.append("  CER         " + bars(rates, maximum: 1) + String(format: "  %.1f%% → %.1f%%",
                                                                          (rates.first ?? 0) * 100, (rates.last ?? 0) * 100))
        }
        if let best = summary.best {
            let detail = best.row.accuracy.map { String(format: " (CER %.1f%%)", $0.characterErrorRate * 100) }
                ?? " (\(Plural.count(best.row.wordCount, "word")))"
            lines.append("best: \(best.criterion) at \(parameter(best.row)), slider \(FilterOperation.percent(best.row.strength))\(detail)")
        }
        return lines.joined(separator: "\n")
    }

    public static func list(_ words: [WordCount]) -> String {
        words.isEmpty ? "(none)" : words.map { "\($0.word) (\($0.count))" }.joined(separator: ", ")
    }

    /// Tesseract's word boxes as a table, under how many there are and how many words the
    /// text counts: two counts with two names.
    public static func words(_ boxes: [RecognizedWord], wordCount: Int) -> String {
        "\(Plural.count(boxes.count, "word box", "word boxes")) as Tesseract found them "
            + "(\(Plural.count(wordCount, "word")) counted in the text)\n" + wordTable(boxes)
    }

    public static func top(image: [WordCount], session: [WordCount]) -> String {
        "this image: \(list(image))\nsession:    \(list(session))"
    }

    public static func help(_ commands: [CommandSpec]) -> String {
        commands.helpText + "\nFrom a pipe: one command per line; # starts a comment."
    }

    public static func wordTable(_ words: [RecognizedWord]) -> String {
        guard !words.isEmpty else { return "(no words)" }
        let header = "confidence  box [x, y, w, h]        word"
        let rows = words.map { word in
            let box = "[\(word.box.x), \(word.box.y), \(word.box.width), \(word.box.height)]"
            return pad(String(format: "%.1f", word.confidence), 10) + "  " + pad(box, 22) + "  " + word.text
        }
        return ([header] + rows).joined(separator: "\n")
    }

    public static func status(_ status: SessionStatus) -> String {
        var fields: [(label: String, value: String)] = []
        if let image = status.image {
            let page = image.page.map { page in " page \(page) of \(image.pageCount ?? page)" } ?? ""
            fields.append(("image", "\(image.path)\(page) (\(image.width)x\(image.height), \(image.format), "
                           + "\(image.dpi.map { "\($0) dpi" } ?? "no dpi"))"))
        } else {
            fields.append(("image", "none loaded; try next or open PATH"))
        }
        fields.append(("segment", status.segment))
        fields.append(("filters", status.script))
        fields.append(("operations", status.operations.isEmpty ? "none" : status.operations.joined(separator: ", ")))
        if let words = status.wordCount, let confidence = status.meanConfidence {
            fields.append(("last", "\(Plural.count(words, "word")), confidence \(confidence)"))
        }
        fields.append(("cache", "\(Plural.count(status.cache.images, "image")), \(status.cache.megabytes) MB, "
                       + Plural.count(status.cache.hits, "hit")))
        fields.append(("image set", Plural.count(status.imageSetCount, "image")))
        let settings = status.settings
        fields.append(("settings", "--lang \(settings.language) --psm \(settings.pageSegmentation.rawValue) "
                       + "--color-space \(settings.space.rawValue)" + (settings.resolution.map { " --dpi \($0)" } ?? "")
                       + " --text-size \(settings.textSizing.rawValue)"))
        fields.append(("speculation", status.speculation.map(speculation) ?? "off"))
        let width = fields.map(\.label.count).max()! + 2
        return fields.map { pad($0.label + ":", width) + $0.value }.joined(separator: "\n")
    }

    private static func speculation(_ speculation: SessionStatus.Speculation) -> String {
        var text = "\(speculation.ready) ready, \(speculation.preparing) preparing, \(speculation.queued) queued "
            + "(\(Plural.count(speculation.engines, "engine")), \(speculation.budgetMegabytes) MB)"
        if speculation.leftOut > 0 {
            text += "; \(speculation.leftOut) left out: over \(SessionStatus.Speculation.maximumPixels / 1_000_000) megapixels "
                + "or the budget, a quarter of --cache-megabytes"
        }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    private static func format(_ milliseconds: Double) -> String {
        milliseconds >= 100 ? String(Int(milliseconds.rounded())) : String(format: "%.1f", milliseconds)
    }
}
