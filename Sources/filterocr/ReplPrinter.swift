import FilterOCRKit
import Foundation
import Imaging
import Recognition
import Session
import WordFrequency

/// Renders the REPL driver's outputs.
protocol ReplPrinter {
    func print(_ outputs: [ReplOutput])
}

/// One JSON object per output on standard output; refusals also on standard error.
struct JSONReplPrinter: ReplPrinter {
    func print(_ outputs: [ReplOutput]) {
        for output in outputs {
            if case .refusal(let message) = output.content { Terminal.printError(message) }
            Terminal.print(JSONLines.line(output))
        }
    }
}

/// Short reports for a person at a terminal; refusals on standard error.
struct HumanReplPrinter: ReplPrinter {
    /// How many lines of the text the report shows.
    static let previewLines = 4

    func print(_ outputs: [ReplOutput]) {
        for output in outputs {
            switch output.content {
            case .recognition(let report):
                Terminal.print(Self.report(report, width: Terminal.size().width))
            case .text(let text):
                Terminal.print(text, terminator: text.hasSuffix("\n") || text.isEmpty ? "" : "\n")
            case let .words(boxes, wordCount):
                Terminal.print("\(Plural.count(boxes.count, "word box", "word boxes")) as Tesseract found them "
                               + "(\(Plural.count(wordCount, "word")) counted in the text)")
                Terminal.print(Self.wordTable(boxes))
            case let .top(image, session):
                Terminal.print("this image: " + Self.list(image))
                Terminal.print("session:    " + Self.list(session))
            case .preview(let preview):
                Terminal.print(ImagePreview.render(preview.image, fitting: Terminal.size()), terminator: "")
            case .saved(let path):
                Terminal.print("saved \(path)")
            case .status(let status):
                Terminal.print(Self.status(status))
            case .help(let commands):
                Terminal.print(commands.helpText)
                Terminal.print("From a pipe: one command per line; # starts a comment.")
            case .refusal(let message):
                Terminal.printError(message)
            }
        }
    }

    static func report(_ report: RecognitionReport, width: Int) -> String {
        let timings = report.timings
        let stages = report.cached
            ? "cached · \(format(timings.total)) ms"
            : [timings.decode > 0 ? "decode \(format(timings.decode)) ms" : nil,
               report.operations.isEmpty ? nil : "filter \(format(timings.filter)) ms",
               "ocr \(format(timings.ocr)) ms", "total \(format(timings.total)) ms"]
                .compactMap { $0 }.joined(separator: " · ")
        let rows = report.recognized.text.split(separator: "\n", omittingEmptySubsequences: true)
            .flatMap { TextWrap.lines(String($0), width: width - 4, indent: "") }
        var lines = [
            "\(report.image) · \(label(report))",
            "  \(Plural.count(report.wordCount, "word")) · confidence \(report.recognized.meanConfidence) · "
                + "top: \(list(report.topWords))",
        ]
        lines += rows.prefix(previewLines).map { "  │ \($0)" }
        if rows.count > previewLines {
            lines.append("  │ … \(Plural.count(rows.count - previewLines, "more line")) (text shows all)")
        }
        if rows.isEmpty { lines.append("  │ (no text recognised)") }
        lines.append("  \(stages)")
        return lines.joined(separator: "\n")
    }

    /// `original`, `blur σ25 → +25% → +75%`, `binarize >0.125`.
    static func label(_ report: RecognitionReport) -> String {
        guard let first = report.operations.first else { return "original" }
        let head: String = switch first.kind {
        case .blur: "blur σ\(number(first.sigma))"
        case .binarize: "binarize >\(number(first.threshold))"
        }
        return ([head] + report.operations.dropFirst().map { "+" + FilterOperation.percent($0.intensity) })
            .joined(separator: " → ")
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

    static func status(_ status: SessionStatus) -> String {
        var lines: [String] = []
        if let image = status.image {
            lines.append("image:      \(image.path) (\(image.width)x\(image.height), \(image.format), "
                         + "\(image.dpi.map { "\($0) dpi" } ?? "no dpi"))")
        } else {
            lines.append("image:      none loaded; try next or open PATH")
        }
        lines.append("segment:    \(status.segment)")
        lines.append("operations: \(status.operations.isEmpty ? "none" : status.operations.joined(separator: ", "))")
        if let words = status.wordCount, let confidence = status.meanConfidence {
            lines.append("last:       \(Plural.count(words, "word")), confidence \(confidence)")
        }
        lines.append("cache:      \(Plural.count(status.cache.images, "image")), \(status.cache.megabytes) MB, "
                     + Plural.count(status.cache.hits, "hit"))
        lines.append("image set:  \(Plural.count(status.imageSetCount, "image"))")
        let settings = status.settings
        lines.append("settings:   --lang \(settings.language) --psm \(settings.pageSegmentation.rawValue) "
                     + "--color-space \(settings.space.rawValue)"
                     + (settings.resolution.map { " --dpi \($0)" } ?? ""))
        return lines.joined(separator: "\n")
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
