import Foundation

/// JSON Lines: one compact object per line, keys sorted, so equal input gives equal bytes.
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
}
