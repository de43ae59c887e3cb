/// A value that JSON writes as its word (`"blur"`, `"original"`) and reads back through
/// `init?(rawValue:)`: a word no entry has is a decoding error that names it.
public protocol WordCoded: RawRepresentable, Codable where RawValue == String {}

extension WordCoded {
    public init(from decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: word) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown word '\(word)'"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
