import FileSystem
import Foundation
import LineEditing
import Session

/// Where the REPL's commands come from: a terminal with line editing, history and tab
/// completion, or one command per line from a pipe, without a prompt.
class LineInput {
    private let reader = LineReader()

    /// The next line, or nil at the end of input (Ctrl-D on a terminal) or when a signal
    /// ends the session.
    func readLine() -> String? { reader.readLine() }

    /// Adds a line to the history.
    func remember(_ line: String) {}

    /// Runs a command read from this input.
    func running<Result>(_ command: () -> Result) -> Result { command() }

    /// Whether a person is typing, rather than a script being read.
    var isInteractive: Bool { false }

    /// Standard input; SIGINT, SIGTERM and SIGHUP end a script after the command under way.
    static func standardInput(prompt: @escaping () -> String) -> LineInput {
        Interrupt.install(signals: Interrupt.endingSignals)
        return isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 ? TerminalLineInput(prompt: prompt) : LineInput()
    }
}

/// A terminal: Ctrl-C abandons the line being typed, not the session.
final class TerminalLineInput: LineInput {
    private let prompt: () -> String
    private let editor = LineEditor(
        name: "filterocr", completions: SessionCommand.vocabulary.words,
        argumentCompletions: SessionCommand.vocabulary.argumentWords,
        historyFile: (ProcessInfo.processInfo.environment["HOME"] ?? ".") + "/.filterocr_history")

    init(prompt: @escaping () -> String) {
        self.prompt = prompt
        super.init()
    }

    override var isInteractive: Bool { true }

    override func readLine() -> String? {
        while true {
            // Ctrl-C abandons a line; SIGTERM or SIGHUP (the terminal closed) ends the session.
            if Interrupt.signal == SIGINT { Interrupt.reset() }
            if Interrupt.happened { return nil }
            let line = editor.readLine(prompt: prompt())
            if line == nil && Interrupt.signal == SIGINT {
                Terminal.print("^C\n", terminator: "")
                continue
            }
            if line == nil { Terminal.print("\n", terminator: "") }
            return line
        }
    }

    /// Runs a command with the terminal's echo off: keys typed ahead wait for the next
    /// prompt, where the line editor shows them, instead of breaking the progress line.
    /// Ctrl-C still interrupts.
    override func running<Result>(_ command: () -> Result) -> Result {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return command() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        return command()
    }

    override func remember(_ line: String) {
        if !line.allSatisfy(\.isWhitespace) { editor.addToHistory(line) }
    }
}
