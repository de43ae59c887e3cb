import Foundation

/// Why a file could not be read or written, said so that the user can act on it.
public enum FileError: LocalizedError, Equatable, Sendable {
    case notFound(path: String)
    /// The path is a directory, device, FIFO, socket or link where a file was expected.
    case notAFile(path: String, kind: FileKind)
    /// `bytes` is nil for a stream whose length is not known.
    case tooLarge(path: String, bytes: Int?, limit: Int)
    case unreadable(path: String, reason: String)
    case missingFolder(path: String, folder: String)
    case cannotWrite(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .notFound(let path):
            "\(shown(path)): no such file"
        case let .notAFile(path, kind):
            "\(shown(path)): is \(kind.description), not a file"
        case let .tooLarge(path, bytes, limit):
            "\(shown(path)): is " + (bytes.map { "\(ByteCount.text($0)), above" } ?? "larger than")
                + " the limit of \(ByteCount.text(limit)); raise it with --max-bytes if this is intended"
        case let .unreadable(path, reason):
            "\(shown(path)): cannot be read (\(reason))"
        case let .missingFolder(path, folder):
            "cannot write \(shown(path)): the folder \(shown(folder)) does not exist; create it first (mkdir -p \(shown(folder)))"
        case let .cannotWrite(path, reason):
            "cannot write \(shown(path)): \(reason)"
        }
    }

    private func shown(_ path: String) -> String { PathEncoding.displayed(path) }
}

/// Sizes in bytes as people read them.
public enum ByteCount {
    /// `512 bytes`, `3.4 MB`, `8 GB`.
    public static func text(_ bytes: Int) -> String {
        let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
        guard bytes >= 1000 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count {
            value /= 1000
            unit += 1
        }
        let number = value >= 10 ? String(Int(value.rounded())) : String(format: "%.1f", value)
        return "\(number) \(units[unit - 1])"
    }
}

/// The message for the current `errno`, as a reason within a sentence: `no space left on device`.
func systemReason(_ code: Int32 = errno) -> String {
    let message = String(cString: strerror(code))
    return message.prefix(1).lowercased() + message.dropFirst()
}
