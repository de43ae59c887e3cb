import Imaging
import Foundation
import Recognition
import WordFrequency

/// The short human report printed after each transition in the REPL.
enum TransitionReport {
    /// How many lines of the text the report shows.
    static let previewLines = 4

    static func text(for report: RecognitionReport, operations: [FilterOperation]) -> String {
        let name = report.image
        let timings = report.timings
        let stages = report.cached
            ? "cached · \(format(timings.total)) ms"
            : [timings.decode > 0 ? "decode \(format(timings.decode)) ms" : nil,
               operations.isEmpty ? nil : "filter \(format(timings.filter)) ms",
               "ocr \(format(timings.ocr)) ms", "total \(format(timings.total)) ms"]
                .compactMap { $0 }.joined(separator: " · ")
        let textLines = report.recognized.text.split(separator: "\n", omittingEmptySubsequences: true)
        var lines = [
            "\(name) · \(label(operations))",
            "  \(report.wordCount) words · confidence \(report.recognized.meanConfidence) · top: \(list(report.topWords))",
        ]
        lines += textLines.prefix(previewLines).map { "  │ \($0)" }
        if textLines.count > previewLines { lines.append("  │ … \(textLines.count - previewLines) more lines (text shows all)") }
        if textLines.isEmpty { lines.append("  │ (no text recognised)") }
        lines.append("  \(stages)")
        return lines.joined(separator: "\n")
    }

    /// `original`, `blur σ25 → +25% → +75%`, `binarize >0.125`.
    static func label(_ operations: [FilterOperation]) -> String {
        guard let first = operations.first else { return "original" }
        let head: String = switch first.kind {
        case .blur: "blur σ\(number(first.sigma))"
        case .binarize: "binarize >\(number(first.threshold))"
        }
        return ([head] + operations.dropFirst().map { "+" + FilterOperation.percent($0.intensity) }).joined(separator: " → ")
    }

    static func list(_ words: [WordCount]) -> String {
        words.isEmpty ? "(none)" : words.map { "\($0.word) (\($0.count))" }.joined(separator: ", ")
    }

    static func wordTable(_ words: [RecognizedWord]) -> String {
        guard !words.isEmpty else { return "(no words)" }
        let header = "confidence  box [x, y, w, h]        word"
        let rows = words.map { word in
            let box = "[\(word.box.x), \(word.box.y), \(word.box.width), \(word.box.height)]"
            return pad(String(format: "%.1f", word.confidence), 10) + "  " + pad(box, 22) + "  " + word.text
        }
        return ([header] + rows).joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    private static func format(_ milliseconds: Double) -> String {
        milliseconds >= 100 ? String(Int(milliseconds.rounded())) : String(format: "%.1f", milliseconds)
    }
}
