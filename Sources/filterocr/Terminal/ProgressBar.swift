import FileSystem
import Foundation
import Runs

/// A one-line progress display on standard error: bar, count, rate and time left. Shown
/// only when standard error is a terminal. Used by the one thread that prints.
final class ProgressBar {
    /// What is counted, `images` or `points`, and its short form for the rate.
    private let unit: (plural: String, short: String)
    private let started = ContinuousClock.now
    private var lastDraw = ContinuousClock.now - .seconds(1)
    private var shown = false

    private init(unit: (plural: String, short: String)) {
        self.unit = unit
    }

    static func standardErrorIfTerminal(counting unit: (plural: String, short: String) = ("images", "img"))
        -> ProgressBar? {
        isatty(STDERR_FILENO) != 0 ? ProgressBar(unit: unit) : nil
    }

    /// Redraws at most ten times a second, and always for the last image.
    func update(_ progress: ImageRunner.Progress) {
        let (done, failed, total) = (progress.done, progress.failed, progress.total)
        let now = ContinuousClock.now
        guard now - lastDraw >= .milliseconds(100) || done == total else { return }
        lastDraw = now
        let elapsed = Double((now - started).components.seconds) + Double((now - started).components.attoseconds) / 1e18
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let perSecond = " · " + String(format: "%.1f", rate) + " \(unit.short)/s"
        var line = ""
        if let total, total > 0 {
            let width = 24
            let filled = min(width, done * width / total)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            line += "\(done)/\(total)"
            if rate > 0 && done < total { line += perSecond + " · " + String(format: "%.0f", Double(total - done) / rate) + " s left" }
        } else {
            line += "\(done) \(unit.plural)" + (rate > 0 ? perSecond : "")
        }
        if progress.stored > 0 { line += " · \(progress.stored) from store" }
        if failed > 0 { line += " · \(failed) failed" }
        draw(line)
    }

    /// Shows `text` in place of the bar, at most ten times a second.
    func show(_ text: String) {
        let now = ContinuousClock.now
        guard now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = now
        draw(PathEncoding.displayed(text))
    }

    /// Removes the bar so that a line of output or an error can be printed.
    func clear() {
        if shown { write("\r\u{1B}[2K") }
    }

    func finish() {
        if shown { write("\r\u{1B}[2K") }
    }

    /// Replaces the line with `line`, cut to the terminal's width.
    private func draw(_ line: String) {
        write("\r\u{1B}[2K" + Terminal.fittedToStandardError(line))
        shown = true
    }

    private func write(_ text: String) {
        Terminal.writeToStandardError(text)
    }
}
