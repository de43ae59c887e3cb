import Foundation

/// Replaces the feed file atomically after every recognition.
///
/// Each update is written to a temporary file in the same folder, flushed to disk and
/// renamed over the feed, so a reader sees either the previous feed or the new one, never a
/// partial or empty file; a crash mid-write leaves the previous feed intact. Sequences
/// continue from the feed already there, so a display following it sees every process's
/// updates as new.
///
/// Not `Sendable`: one writer per feed, used from one thread at a time.
public final class FeedWriter {
    public let path: String
    private var sequence: Int
    /// Set after the first failed write, so the problem is reported once, not per update.
    public private(set) var lastError: FeedError?

    /// Prepares to write `path`, creating its folder if needed.
    public init(path: String) {
        self.path = path
        sequence = (try? FeedReader(path: path).read().sequence) ?? 0
    }

    /// The sequence number the next update will carry.
    public var nextSequence: Int { sequence + 1 }

    /// Writes `snapshot` with the next sequence number. Returns the error if this write
    /// failed and the previous one did not, so the caller can say so once.
    @discardableResult
    public func write(_ snapshot: FeedSnapshot) -> FeedError? {
        var snapshot = snapshot
        snapshot.sequence = sequence + 1
        do {
            try replaceAtomically(with: snapshot.encoded())
            sequence = snapshot.sequence
            lastError = nil
            return nil
        } catch {
            let isNew = lastError == nil
            lastError = error
            return isNew ? error : nil
        }
    }

    private func replaceAtomically(with data: Data) throws(FeedError) {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, reason: "cannot create folder \(directory)")
        }
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
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
            "cannot write the companion feed \(path) (\(reason)); recognition goes on without it"
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
