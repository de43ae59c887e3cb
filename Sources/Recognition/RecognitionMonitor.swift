import Synchronization
import Threading

/// Watches one recognition from other threads: how far Tesseract is, a request to stop, and
/// the time it must be done by.
///
/// Tesseract asks the monitor between words whether to stop and tells it its progress, so a
/// cancelled recognition ends within a word or so and throws `RecognitionError.cancelled`, and
/// one past its deadline `RecognitionError.timedOut`. Whoever waits for the recognition waits
/// on `stop` as well, and is woken the moment it is cancelled, without waiting for Tesseract
/// to ask.
public final class RecognitionMonitor: Sendable {
    /// Raised by `cancel()`, or by the stop it follows (a Ctrl-C, a command that needs the cores).
    public let stop: StopSignal
    private let percent = Atomic<Int>(0)
    /// When the recognitions it watches must end, if ever; set once known (`end(by:)`).
    private let deadline = Locked<ContinuousClock.Instant?>(nil)
    /// Told the progress, 0-100, on Tesseract's thread, each time it moves.
    let onProgress: @Sendable (Int) -> Void

    /// - Parameters:
    ///   - onProgress: told the progress, on the recognising thread.
    ///   - following: a stop that, when raised, cancels this recognition as `cancel()` does.
    ///   - deadline: when the recognitions it watches must end.
    public init(onProgress: @escaping @Sendable (Int) -> Void = { _ in }, following parent: StopSignal? = nil,
                deadline: ContinuousClock.Instant? = nil) {
        self.onProgress = onProgress
        stop = StopSignal(following: parent)
        self.deadline.withLock { $0 = deadline }
    }

    /// A monitor for part of this one's work: stopped when this one is, told the same
    /// progress, with a deadline of its own.
    public func part(deadline: ContinuousClock.Instant? = nil) -> RecognitionMonitor {
        RecognitionMonitor(onProgress: onProgress, following: stop, deadline: deadline)
    }

    /// Asks the recognition to stop; it does at the next word, and its waiters stop waiting now.
    public func cancel() { stop.raise() }

    public var isCancelled: Bool { stop.isRaised }

    /// Sets the time the recognitions it watches must end by (the earlier, when one is set).
    public func end(by instant: ContinuousClock.Instant) {
        deadline.withLock { $0 = min($0 ?? instant, instant) }
    }

    /// Whether the deadline has passed: Tesseract then stops at the next word.
    public var isPastDeadline: Bool {
        guard let deadline = deadline.withLock({ $0 }) else { return false }
        return ContinuousClock.now >= deadline
    }

    /// Whether Tesseract should stop: cancelled, or past the deadline.
    var shouldStop: Bool { isCancelled || isPastDeadline }

    /// How far the recognition is, 0-100.
    public var progress: Int { percent.load(ordering: .relaxed) }

    func report(_ progress: Int) {
        guard percent.exchange(progress, ordering: .relaxed) != progress else { return }
        onProgress(progress)
    }
}
