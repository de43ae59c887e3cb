import Foundation

/// An output of a run (a document, a PNG file) that could not be written, with what the user
/// can do about it.
public enum OutputError: LocalizedError, Equatable, Sendable {
    /// An output file could not be written.
    case cannotWrite(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        }
    }
}
