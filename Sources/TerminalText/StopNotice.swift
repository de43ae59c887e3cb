import Foundation

/// The line a run says when a signal stops it: which signal, how far it had come, and what
/// becomes of its results. Every command that stops on Ctrl-C says it the same way.
public enum StopNotice {
    /// `stopped by Ctrl-C after 12 of 40 pages; no report`.
    ///
    /// - Parameters:
    ///   - total: the work the run set out to do, when it was known.
    ///   - outcome: what the user has, or has not, from the run.
    public static func text(signal: Int32, done: Int, total: Int?, unit: ProgressLine.Unit, outcome: String? = nil) -> String {
        let count = total.map { "\(done) of \(unit.counted($0))" } ?? unit.counted(done)
        return "stopped by \(name(of: signal)) after \(count)" + (outcome.map { "; " + $0 } ?? "")
    }

    /// Ctrl-C for SIGINT, as the user typed it; the others by their names.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "Ctrl-C"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP (the terminal closed)"
        default: "signal \(signal)"
        }
    }
}
