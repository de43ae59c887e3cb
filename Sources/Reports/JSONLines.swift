import Foundation

/// JSON Lines: one compact object per line, keys sorted, so equal input gives equal bytes.
///
/// A batch's lines are written by `line(for:)` (in Runs: a report, an error or a page left as it is)
/// and read back through `BatchLine` here, so that the format has one schema.
public enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public static func line(_ value: some Encodable) -> String {
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            // Only a non-finite number fails to encode; say so rather than print half a line.
            return #"{"error":"cannot encode the result as JSON"}"#
        }
    }

    /// What the readers of a batch's JSON Lines (`report`, `merge`) take from each line: every
    /// field the batch writes that they need, each optional, so that any line of a batch decodes.
    public struct BatchLine: Decodable, Sendable {
        public var image: String?
        public var page: Int?
        public var script: String?
        public var text: String?
        public var error: String?
        public var skipped: String?
        /// Which share of which input list wrote the line, for a `--shard` run.
        public var shard: ShardStamp?
    }

    /// What each line of a `--shard I/N` run says of the run: its share, and the identity of
    /// the whole input list (how many inputs, and a digest of their names in order), so that
    /// `merge` knows a part that is missing, given twice, out of order or from another list.
    public struct ShardStamp: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
        /// Inputs in the whole list, before it was shared out.
        public var inputs: Int
        /// The first 16 hex digits of the SHA-256 of the list's names, one per line.
        public var list: String
        /// The place in the whole list (from 0) of the input the line is of.
        public var position: Int?
        /// The first 16 hex digits of the SHA-256 of the line without this stamp, so that a line
        /// changed after it was written is known.
        public var digest: String?

        public init(index: Int, count: Int, inputs: Int, list: String, position: Int? = nil, digest: String? = nil) {
            (self.index, self.count, self.inputs, self.list) = (index, count, inputs, list)
            (self.position, self.digest) = (position, digest)
        }

        /// `1/3`.
        public var share: String { "\(index)/\(count)" }

        /// The stamp of the share as a whole: without the line's place and digest.
        public var run: ShardStamp { ShardStamp(index: index, count: count, inputs: inputs, list: list) }

        /// The inputs of the list that shard `index` of `count` (0 <= index < count) processes.
        /// Written so that no step can overflow: the counts may come from a file.
        public static func inputs(ofShare index: Int, count: Int, listLength: Int) -> Int {
            index < listLength ? (listLength - 1 - index) / count + 1 : 0
        }

        /// `"shard":{…}` as it stands in a line, to take out again.
        public var encodedField: String { #""shard":"# + JSONLines.line(self) }
    }

    /// `line` read as a batch's line, or nil when it is not a JSON object.
    public static func batchLine(_ line: some Collection<UInt8>) -> BatchLine? {
        try? JSONDecoder().decode(BatchLine.self, from: Data(line))
    }
}
