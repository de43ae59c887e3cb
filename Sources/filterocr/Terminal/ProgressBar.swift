import Dispatch
import Foundation
import Runs
import TerminalText
import Threading

/// The one-line progress display on standard error, shown only when it is a terminal: the
/// `ProgressLine` decides what to draw; this draws it, and ticks on a timer of its own so that
/// the line shows within a second even while no result comes. Events come from any thread:
/// each decision and its drawing happen under one lock, so draws never interleave.
final class ProgressBar: Sendable {
    private let line: Locked<ProgressLine>
    /// Signalled by `finish`: the timer's thread ends.
    private let stopped = DispatchSemaphore(value: 0)

    private init(unit: ProgressLine.Unit) {
        line = Locked(ProgressLine(unit: unit, startingAt: .now))
        let interval = ProgressLine.tickInterval.components
        let nanoseconds = Int(interval.seconds) * 1_000_000_000 + Int(interval.attoseconds / 1_000_000_000)
        // Weak: a bar that is dropped without `finish` ends its timer at the next tick.
        Thread.detachNewThread { [weak self, stopped] in
            while stopped.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
                guard let bar = self else { return }
                bar.act { $0.tick(at: .now) }
            }
        }
    }

    static func standardErrorIfTerminal(counting unit: ProgressLine.Unit = .pages) -> ProgressBar? {
        isatty(STDERR_FILENO) != 0 ? ProgressBar(unit: unit) : nil
    }

    /// New figures; a run's first call, with nothing done yet, gives the total to show.
    func update(_ progress: ImageRunner.Progress) {
        act { $0.progressed(progress, at: .now) }
    }

    /// Shows `text` in place of the figures.
    func show(_ text: String) {
        act { $0.said(text, at: .now) }
    }

    /// Removes the line so that a line of output or an error can be printed; the next `update`
    /// or `show` draws it again at once.
    func clear() {
        act { $0.clear() }
    }

    /// Removes the line for good and stops the timer.
    func finish() {
        act { $0.finish() }
        stopped.signal()
    }

    private func act(_ decide: (inout ProgressLine) -> ProgressLine.Action?) {
        line.withLock { line in
            switch decide(&line) {
            case .draw(let text)?: Terminal.writeToStandardError("\r\u{1B}[2K" + Terminal.fittedToStandardError(text))
            case .erase?: Terminal.writeToStandardError("\r\u{1B}[2K")
            case nil: break
            }
        }
    }
}
