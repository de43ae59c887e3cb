import Foundation
import REPL
import Reports
import TerminalText

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
    func print(_ outputs: [ReplOutput]) {
        for output in outputs {
            switch output.content {
            case .recognition(let report):
                Terminal.print(HumanText.report(report, width: Terminal.size().width, command: output.command))
            case .text(let text):
                Terminal.print(text, terminator: text.hasSuffix("\n") || text.isEmpty ? "" : "\n")
            case let .words(boxes, wordCount):
                Terminal.print(HumanText.words(boxes, wordCount: wordCount))
            case let .top(image, session):
                Terminal.print(HumanText.top(image: image, session: session))
            case .sweep(let summary):
                Terminal.print(HumanText.sweep(summary))
            case let .diff(against, edits, changes):
                Terminal.print(HumanText.diff(edits, changes: changes, against: against,
                                              colours: isatty(STDOUT_FILENO) != 0, width: Terminal.size().width))
            case .preview(let preview):
                Terminal.print(ImagePreview.render(preview.image, fitting: Terminal.size()), terminator: "")
            case .saved(let path):
                Terminal.print("saved \(path)")
            case .status(let status):
                Terminal.print(HumanText.status(status))
            case .help(let commands):
                Terminal.print(HumanText.help(commands))
            case .refusal(let message):
                Terminal.printError(message)
            case .cancelled:
                Terminal.print("cancelled \(output.command): the image and filters are as they were")
            }
        }
    }
}
