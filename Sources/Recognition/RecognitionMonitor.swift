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

    public init(onProgress: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.onProgress = onProgress
    }

    /// Asks the recognition to stop; it does at the next word.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// How far the recognition is, 0-100.
    public var progress: Int { percent.load(ordering: .relaxed) }

    func report(_ progress: Int) {
        guard percent.exchange(progress, ordering: .relaxed) != progress else { return }
        onProgress(progress)
    }
}
