import Synchronization

/// A fixed number of uploads that may be read into memory at once, for all sessions: each
/// body is held whole (up to --max-upload-megabytes) until it is written, so without a bound
/// every open connection could hold one.
final class UploadSlots: Sendable {
    let count: Int
    private let taken = Atomic<Int>(0)

    init(count: Int) {
        self.count = max(1, count)
    }

    /// Takes a slot, or answers false when all are taken.
    func take() -> Bool {
        var current = taken.load(ordering: .relaxed)
        while current < count {
            let (exchanged, original) = taken.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func give() {
        taken.subtract(1, ordering: .acquiringAndReleasing)
    }
}
