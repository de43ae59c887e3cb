/// The names a file may take in a folder without replacing another: `scan.pdf`, then
/// `scan-2.pdf`, `scan-3.pdf`, …, each cut to fit a file system's 255 bytes (the stem is cut,
/// the extension and number kept), so that a name that comes back never takes an earlier
/// file's place.
public struct UniqueNames: Sequence, Sendable {
    /// A file system's longest name, in bytes.
    public static let maximumLength = 255
    /// How many numbered names are tried before giving up.
    static let limit = 100_000

    private let stem: String
    /// `.pdf`, or empty for a name without an extension.
    private let fileExtension: String

    /// The names for `name`, whose extension is replaced by `fileExtension` when one is given.
    public init(_ name: String, fileExtension replacement: String? = nil) {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        stem = dot.map { String(name[..<$0]) } ?? name
        let kept = dot.map { String(name[$0...]) } ?? ""
        fileExtension = replacement.map { "." + $0 } ?? kept
    }

    public func makeIterator() -> some IteratorProtocol<String> {
        (1...Self.limit).lazy.map { number in
            Self.fitted(stem, number == 1 ? fileExtension : "-\(number)" + fileExtension)
        }.makeIterator()
    }

    /// `stem` followed by `tail`, the stem cut at a character so that the whole name fits.
    public static func fitted(_ stem: String, _ tail: String) -> String {
        cut(stem, toBytes: maximumLength - PathEncoding.bytes(of: tail).count) + tail
    }

    /// The longest start of `text`, whole characters, whose bytes on disk are at most `limit`.
    static func cut(_ text: String, toBytes limit: Int) -> String {
        var kept = ""
        var length = 0
        for character in text {
            length += PathEncoding.bytes(of: String(character)).count
            guard length <= limit else { break }
            kept.append(character)
        }
        return kept
    }
}
