import Synchronization

/// Watches one recognition from other threads: how far Tesseract is, and a request to stop.
///
/// Tesseract asks the monitor between words whether to stop and tells it its progress, so a
/// cancelled recognition ends within a word or so and throws `RecognitionError.cancelled`.
public final class RecognitionMonitor: Sendable {
    private let cancelled = Atomic<Bool>(false)
    private let percent = Atomic<Int>(0)
    /// Told the progress, 0-100, on Tesseract's thread, each time it moves.
    let onProgress: @Sendable (Int) -> Void
    /// Asked with every question Tesseract asks, for a stop requested elsewhere (a signal).
    let stopRequested: @Sendable () -> Bool

    /// - Parameters:
    ///   - onProgress: told the progress, on the recognising thread.
    ///   - stopRequested: when it answers true, the recognition stops as after `cancel()`.
    public init(onProgress: @escaping @Sendable (Int) -> Void = { _ in },
                stopRequested: @escaping @Sendable () -> Bool = { false }) {
        self.onProgress = onProgress
        self.stopRequested = stopRequested
    }

    /// Asks the recognition to stop; it does at the next word.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    public var isCancelled: Bool {
        if cancelled.load(ordering: .relaxed) { return true }
        guard stopRequested() else { return false }
        cancel()
        return true
    }

    /// How far the recognition is, 0-100.
    public var progress: Int { percent.load(ordering: .relaxed) }

    func report(_ progress: Int) {
        guard percent.exchange(progress, ordering: .relaxed) != progress else { return }
        onProgress(progress)
    }
}
