import Foundation

/// Why a result store cannot be used.
public enum StoreError: LocalizedError, Sendable, Equatable {
    /// The file is a store of a schema this filterocr does not know (a newer release wrote it).
    case newerSchema(path: String)
    /// The file cannot be opened or read as a store.
    case unusable(path: String, reason: String)
    /// The file was damaged; it was renamed to `setAside` and a new store started.
    case damaged(path: String, setAside: String, reason: String)
    /// Damage was found while the store was in use; it was renamed to `setAside`, and the
    /// next run starts a new one.
    case damagedInUse(path: String, setAside: String, reason: String)
    /// Reading or writing the store failed for another reason (a full disk, a lock).
    case failed(path: String, reason: String)
    /// A shard's store given to `merge` was not taken, and nothing was merged.
    case refusedShard(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .newerSchema(let path):
            "result store \(path) was written by a newer filterocr; give another with --store PATH, or --no-store"
        case let .unusable(path, reason):
            "result store \(path) cannot be used (\(reason))"
        case let .damaged(path, setAside, reason):
            "result store \(path) is damaged (\(reason)); set aside as \(setAside), starting a new one"
        case let .damagedInUse(path, setAside, reason):
            "result store \(path) is damaged (\(reason)); set aside as \(setAside) (the next run starts a new one)"
        case let .failed(path, reason):
            "result store \(path): \(reason)"
        case let .refusedShard(path, reason):
            "\(path) is refused: \(reason); nothing was merged"
        }
    }
}
