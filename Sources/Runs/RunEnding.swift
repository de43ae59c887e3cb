/// How a run ends: for `ocr` and `batch`, whether the document it writes (a searchable PDF,
/// hOCR, …) is finished or abandoned; for every command that runs until its work is done or it
/// is stopped (`ocr`, `batch`, `sweep`, `tune`, `repl`, `watch`), its exit status, decided
/// from what happened in the run.
///
/// No I/O here: the front end asks, finishes or abandons the document as told, and exits with
/// `exitStatus`, so that each rule is a unit test.
public struct RunEnding: Sendable, Equatable {
    /// What becomes of the run's document.
    public enum Document: Sendable, Equatable {
        /// Written with every page recognised, even when some images failed, as Tesseract's own
        /// command does.
        case finish
        /// Not written (a file at its destination stays as it was): a run stopped before its end
        /// would leave a document that passes for the whole.
        case abandon
    }

    /// Whether the run stopped before its last input (a signal, or the reader of its output gone).
    public private(set) var cancelled: Bool
    /// The inputs that could not be read (the commands a script had refused, the files a hot
    /// folder could not move).
    public private(set) var failed: Int
    /// The signal that stopped the run (SIGINT, SIGTERM, SIGHUP); 0 when none did.
    public private(set) var signal: Int32
    /// Whether the reader of standard output (the results, or a document written there) went away.
    public private(set) var outputClosed: Bool

    public init(cancelled: Bool = false, failed: Int, signal: Int32 = 0, outputClosed: Bool = false) {
        (self.cancelled, self.failed, self.signal, self.outputClosed) = (cancelled, failed, signal, outputClosed)
    }

    /// What becomes of the document. `readerGone` says whether a document written to standard
    /// output has lost its reader; it is asked only of a run that reached its end with its output
    /// open, since a Ctrl-C ends the reader of a pipeline too, and a run stopped by it must end
    /// with the signal's status, not as one whose output closed.
    public mutating func document(readerGone: () -> Bool) -> Document {
        guard !cancelled, !outputClosed else { return .abandon }
        guard !readerGone() else {
            outputClosed = true
            return .abandon
        }
        return .finish
    }

    /// Whether a document that could not be finished is an error to report. A document on
    /// standard output fails once its reader has gone: that is the closed pipe, not an error,
    /// and the run then ends as one whose output closed.
    public mutating func reportsFinishFailure(readerGone: Bool) -> Bool {
        if readerGone { outputClosed = true }
        return !readerGone
    }

    /// The status the command exits with, the first that applies: 141 when the reader of the
    /// output went away, 128 + the signal when one stopped the run (1 when it stopped for
    /// another reason), 1 when any input failed, 0.
    public var exitStatus: Int32 {
        if outputClosed { return ExitStatus.outputClosed }
        if cancelled { return signal > 0 ? ExitStatus.stopped(by: signal) : ExitStatus.failure }
        return failed > 0 ? ExitStatus.failure : ExitStatus.success
    }
}
