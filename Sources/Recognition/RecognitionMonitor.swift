import Synchronization
import Threading

/// Watches one recognition from other threads: how far Tesseract is, and a request to stop.
///
/// Tesseract asks the monitor between words whether to stop and tells it its progress, so a
/// cancelled recognition ends within a word or so and throws `RecognitionError.cancelled`.
/// Whoever waits for the recognition waits on `stop` as well, and is woken the moment it is
/// cancelled, without waiting for Tesseract to ask.
public final class RecognitionMonitor: Sendable {
    /// Raised by `cancel()`, or by the stop it follows (a Ctrl-C, a command that needs the cores).
    public let stop: StopSignal
    private let percent = Atomic<Int>(0)
    /// Told the progress, 0-100, on Tesseract's thread, each time it moves.
    let onProgress: @Sendable (Int) -> Void

    /// - Parameters:
    ///   - onProgress: told the progress, on the recognising thread.
    ///   - following: a stop that, when raised, cancels this recognition as `cancel()` does.
    public init(onProgress: @escaping @Sendable (Int) -> Void = { _ in }, following parent: StopSignal? = nil) {
        self.onProgress = onProgress
        stop = StopSignal(following: parent)
    }

    /// Asks the recognition to stop; it does at the next word, and its waiters stop waiting now.
    public func cancel() { stop.raise() }

    public var isCancelled: Bool { stop.isRaised }

    /// How far the recognition is, 0-100.
    public var progress: Int { percent.load(ordering: .relaxed) }

    func report(_ progress: Int) {
        guard percent.exchange(progress, ordering: .relaxed) != progress else { return }
        onProgress(progress)
    }
}
