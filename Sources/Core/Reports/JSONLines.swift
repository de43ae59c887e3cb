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
    }

    /// `line` read as a batch's line, or nil when it is not a JSON object.
    public static func batchLine(_ line: some Collection<UInt8>) -> BatchLine? {
        try? JSONDecoder().decode(BatchLine.self, from: Data(line))
    }
}
