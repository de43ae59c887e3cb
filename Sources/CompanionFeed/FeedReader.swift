import FileSystem
import Foundation

/// Reads the feed file as the companion display does.
public struct FeedReader: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// A feed is a few hundred bytes; anything larger than this is not one.
    public static let maximumLength = 1 << 20

    /// The current snapshot, or why there is none yet.
    public func read() throws(FeedError) -> FeedSnapshot {
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.file(path, limit: Self.maximumLength)
        } catch {
            switch error {
            case .notFound: throw .missing(path: path)
            case let .notAFile(_, kind): throw .foreign(path: path, reason: "it is \(kind.description)")
            case .tooLarge: throw .foreign(path: path, reason: "larger than any feed")
            case let .unreadable(_, reason): throw .unreadable(path: path, reason: reason)
            default: throw .unreadable(path: path, reason: error.errorDescription ?? "")
            }
        }
        return try Self.decode(Data(bytes), path: path)
    }

    /// Decodes feed bytes; anything but a feed of this schema is `foreign`.
    public static func decode(_ data: Data, path: String) throws(FeedError) -> FeedSnapshot {
        let snapshot: FeedSnapshot
        do {
            snapshot = try JSONDecoder().decode(FeedSnapshot.self, from: data)
        } catch {
            throw .foreign(path: path, reason: data.isEmpty ? "empty file" : "not the expected JSON")
        }
        guard snapshot.schema == FeedSnapshot.schemaName else {
            throw .foreign(path: path, reason: "schema \(snapshot.schema), expected \(FeedSnapshot.schemaName)")
        }
        return snapshot
    }
}
