import Foundation
import LineEditing
import Session

/// Where the REPL's commands come from: a terminal with line editing, history and tab
/// completion, or one command per line from a pipe, without a prompt.
class LineInput {
    /// The next line, or nil at the end of input (Ctrl-D on a terminal).
    func readLine() -> String? { Swift.readLine(strippingNewline: true) }

    /// Adds a line to the history.
    func remember(_ line: String) {}

    /// Whether a person is typing, rather than a script being read.
    var isInteractive: Bool { false }

    static func standardInput(prompt: @escaping () -> String) -> LineInput {
        isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 ? TerminalLineInput(prompt: prompt) : LineInput()
    }
}

/// A terminal: Ctrl-C abandons the line being typed, not the session.
final class TerminalLineInput: LineInput {
    private let prompt: () -> String
    private let editor = LineEditor(
        name: "filterocr", completions: SessionCommand.vocabulary.words,
        historyFile: (ProcessInfo.processInfo.environment["HOME"] ?? ".") + "/.filterocr_history")

    init(prompt: @escaping () -> String) {
        self.prompt = prompt
        super.init()
        Interrupt.install()
    }

    override var isInteractive: Bool { true }

    override func readLine() -> String? {
        while true {
            Interrupt.reset()
            let line = editor.readLine(prompt: prompt())
            if line == nil && Interrupt.happened {
                FileHandle.standardOutput.write(Data("^C\n".utf8))
                continue
            }
            if line == nil { FileHandle.standardOutput.write(Data("\n".utf8)) }
            return line
        }
    }

    override func remember(_ line: String) {
        if !line.allSatisfy(\.isWhitespace) { editor.addToHistory(line) }
    }
}
