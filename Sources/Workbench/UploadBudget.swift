/// The bytes of uploads the server keeps on disk, per session and in all, against a budget
/// for the whole server.
///
/// Pure bookkeeping: the ledger around it locks; the API reserves an upload's bytes before
/// writing it and releases them when the file goes (refused, replaced by the session's next
/// upload, or with its session).
package struct UploadBudget: Equatable {
    package enum Decision: Equatable {
        case granted
        /// Refused: the server keeps `kept` bytes, and `bytes` more would pass `limit`.
        case overServer(kept: Int, limit: Int)
    }

    package let limit: Int
    package private(set) var total = 0
    private var kept: [String: Int] = [:]

    package init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Counts `bytes` for `session` if they fit the server's budget.
    package mutating func reserve(_ bytes: Int, for session: String) -> Decision {
        guard bytes <= limit - total else { return .overServer(kept: total, limit: limit) }
        total += bytes
        kept[session, default: 0] += bytes
        return .granted
    }

    /// Gives back `bytes` of `session`'s (no more than it holds).
    package mutating func release(_ bytes: Int, for session: String) {
        let held = kept[session] ?? 0
        let freed = min(max(0, bytes), held)
        total -= freed
        kept[session] = held - freed == 0 ? nil : held - freed
    }

    /// Gives back everything `session` holds.
    package mutating func releaseAll(for session: String) {
        total -= kept.removeValue(forKey: session) ?? 0
    }

    package func bytes(of session: String) -> Int { kept[session] ?? 0 }
}
