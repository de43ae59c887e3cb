import FileSystem
import Foundation

/// Replaces the feed file atomically after every recognition.
///
/// Each update is written to a temporary file in the same folder, flushed to disk and
/// renamed over the feed, so a reader sees either the previous feed or the new one, never a
/// partial or empty file; a crash mid-write leaves the previous feed intact, and the
/// temporary file it left is removed by the next writer in that folder.
///
/// Several processes may write the same feed: each update takes an advisory lock on
/// `.NAME.lock` beside the feed, reads the sequence there and writes the next one, so the
/// sequence rises strictly across writers. The kernel releases the lock of a writer that
/// dies, so a crashed writer never blocks the others.
///
/// Not `Sendable`: one writer per thread; use several writers for several threads.
public final class FeedWriter {
    /// The largest sequence written; beyond it the feed starts again from 1. It is the
    /// largest integer a JavaScript reader (the web watch) holds exactly.
    public static let maximumSequence = 9_007_199_254_740_991

    public let path: String
    /// The sequence this writer wrote last.
    private var sequence = 0
    /// Set after the first failed write, so the problem is reported once, not per update.
    public private(set) var lastError: FeedError?

    public init(path: String) {
        self.path = path
    }

    /// Writes `snapshot` with the next sequence number. Returns the error if this write
    /// failed and the previous one did not, so the caller can say so once.
    @discardableResult
    public func write(_ snapshot: FeedSnapshot) -> FeedError? {
        do {
            try replace(with: snapshot)
            lastError = nil
            return nil
        } catch {
            let isNew = lastError == nil
            lastError = error
            return isNew ? error : nil
        }
    }

    private func replace(with snapshot: FeedSnapshot) throws(FeedError) {
        // Refused before anything is made beside it: `--feed /dev/null` stays a device.
        switch FileKind(at: path) {
        case .missing, .regular: break
        case let kind: throw .cannotWrite(path: path, reason: "it is \(kind.description), not a file")
        }
        let folder = AtomicFile.folder(of: path)
        do {
            try Folders.create(folder)
        } catch {
            throw .cannotWrite(path: path, reason: "cannot create folder \(PathEncoding.displayed(folder))")
        }
        try withLock(in: folder) { () throws(FeedError) in
            let current = (try? FeedReader(path: path).read().sequence) ?? 0
            let last = max(current, sequence)
            var snapshot = snapshot
            snapshot.sequence = (0..<Self.maximumSequence).contains(last) ? last + 1 : 1
            guard let bytes = try? snapshot.encoded() else {
                throw .cannotWrite(path: path, reason: "a rate that is not a number cannot be written as JSON")
            }
            do throws(FileError) {
                try AtomicFile.write(Array(bytes), to: path)
            } catch {
                throw .cannotWrite(path: path, reason: Self.reason(error))
            }
            sequence = snapshot.sequence
        }
    }

    /// Runs `body` holding the feed's advisory lock. The lock file is opened without following
    /// a link, and only a regular file serves: a link planted there must not make us create
    /// or open its target.
    private func withLock(in folder: String, _ body: () throws(FeedError) -> Void) throws(FeedError) {
        let lockName = ".\(AtomicFile.name(of: path)).lock"
        let lockPath = "\(folder)/\(lockName)"
        let descriptor = PathEncoding.withFileSystemPath(lockPath) {
            open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        }
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "its lock file \(lockName) is a symbolic link; remove it"
                : "cannot open its lock file \(lockName) (\(DescriptorWrite.reason(errno)))"
            throw .cannotWrite(path: path, reason: reason)
        }
        defer { close(descriptor) }
        guard case .regular = FileKind(descriptor: descriptor) else {
            throw .cannotWrite(path: path, reason: "its lock file \(lockName) is \(FileKind(descriptor: descriptor).description), not a file")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        }
        defer { flock(descriptor, LOCK_UN) }
        try body()
    }

    /// The reason part of a file error, without the path the feed error names again.
    private static func reason(_ error: FileError) -> String {
        switch error {
        case let .notAFile(_, kind): "it is \(kind.description), not a file"
        case let .cannotWrite(_, reason), let .unreadable(_, reason): reason
        case .missingFolder: "its folder does not exist"
        case .notFound: "no such file"
        case .tooLarge: "too large"
        }
    }
}

/// Why the feed could not be written or read.
public enum FeedError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case foreign(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            "cannot write the companion feed \(PathEncoding.displayed(path)) (\(reason)); recognition goes on without it"
        case let .missing(path):
            "waiting for feed at \(path)"
        case let .unreadable(path, reason):
            "cannot read the feed at \(path) (\(reason)); waiting for a readable one"
        case let .foreign(path, reason):
            "\(path) is not a filterocr feed (\(reason)); waiting for one"
        }
    }

    public var errorDescription: String? { description }
}
