import Threading

/// What the process has cleaned up after runs that were killed: the temporary folder's
/// leftovers of each kind (`PrivateTemporaries`), and each folder it writes into
/// (`StaleTemporaries`), listed once however many files it makes there. The folders are the
/// process's, not a run's: a second run in the process finds them cleaned already, and
/// leftovers of a dead process cannot come back.
public final class LeftoverCleanup: Sendable {
    /// The process's one record.
    public static let process = LeftoverCleanup()

    private let done = Locked<Set<String>>([])

    /// Runs `clean` the first time the process asks for `place` (a folder, or a kind of temporary).
    public func once(_ place: String, _ clean: () -> Void) {
        if done.withLock({ $0.insert(place).inserted }) { clean() }
    }
}
