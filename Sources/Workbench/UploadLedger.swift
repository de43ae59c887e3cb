import Threading

/// The server's `UploadBudget`, shared by every session.
final class UploadLedger: Sendable {
    private let budget: Locked<UploadBudget>

    init(limit: Int) {
        budget = Locked(UploadBudget(limit: limit))
    }

    func reserve(_ bytes: Int, for session: String) -> UploadBudget.Decision {
        budget.withLock { $0.reserve(bytes, for: session) }
    }

    func release(_ bytes: Int, for session: String) { budget.withLock { $0.release(bytes, for: session) } }
    func releaseAll(for session: String) { budget.withLock { $0.releaseAll(for: session) } }
}
