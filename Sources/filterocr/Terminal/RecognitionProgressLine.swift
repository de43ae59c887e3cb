import Core
import Foundation
import Threading

/// The REPL's line on standard error while a command works: shown once it has taken half a
/// second (`working…` while it loads or filters, then Tesseract's progress), and cleared
/// before the report prints. Progress comes from whichever thread recognises, so the line
/// is locked.
final class RecognitionProgressLine: Sendable {
    private struct State {
        var started: ContinuousClock.Instant?
        var shown = false
        var lastPercent = -1
        /// Which command the line belongs to, so that a late timer does not draw over the next.
        var command = 0
    }

    /// How long a recognition runs before the line appears: a quick one should not flicker.
    static let delayMilliseconds = 500
    static let delay = Duration.milliseconds(delayMilliseconds)
    private let state = Locked(State())

    /// The line when standard error is a terminal; nil otherwise.
    static func standardErrorIfTerminal() -> RecognitionProgressLine? {
        isatty(STDERR_FILENO) != 0 ? RecognitionProgressLine() : nil
    }

    /// A command starts: its recognition's progress may follow.
    func begin() {
        let command = state.withLock { state in
            state = State(started: .now, command: state.command + 1)
            return state.command
        }
        // Loading and filtering report no progress: the line says the command is at work.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Self.delayMilliseconds)) {
            self.state.withLock { state in
                guard state.command == command, state.started != nil, !state.shown else { return }
                state.shown = true
                self.write("\r\u{1B}[2K" + Terminal.fittedToStandardError("working… · Ctrl-C cancels"))
            }
        }
    }

    /// Tesseract's progress, 0-100.
    func update(_ percent: Int) {
        state.withLock { state in
            guard let started = state.started, ContinuousClock.now - started >= Self.delay,
                  percent != state.lastPercent else { return }
            state.lastPercent = percent
            state.shown = true
            write("\r\u{1B}[2K" + Terminal.fittedToStandardError("recognising… \(percent)% · Ctrl-C cancels"))
        }
    }

    /// The command has finished: the line goes, and later progress is not shown.
    func end() {
        state.withLock { state in
            if state.shown { write("\r\u{1B}[2K") }
            state = State(command: state.command)
        }
    }

    private func write(_ text: String) {
        Terminal.writeToStandardError(text)
    }
}
