import Foundation

/// Reads the feed file as the companion display does.
public struct FeedReader: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The current snapshot, or why there is none yet.
    public func read() throws(FeedError) -> FeedSnapshot {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw .missing(path: path)
        } catch {
            if !FileManager.default.fileExists(atPath: path) { throw .missing(path: path) }
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? "\(error)")
        }
        return try Self.decode(data, path: path)
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
