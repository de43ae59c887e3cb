import Foundation

/// Why an image could not be loaded, with the file or source it came from.
public struct ImageLoadError: LocalizedError, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case notFound
        case isDirectory
        case unreadable(String)
        case empty
        case unknownFormat
        case tooLarge(width: Int, height: Int, limit: Int)
        case zeroSized
        case corrupt(ImageFormat)
    }

    /// The path, or a name such as `<stdin>`, that the bytes came from.
    public let source: String
    public let problem: Problem

    public init(source: String, problem: Problem) {
        self.source = source
        self.problem = problem
    }

    public var errorDescription: String? { "\(source): \(problem.message)" }
}

extension ImageLoadError.Problem {
    var message: String {
        switch self {
        case .notFound:
            "no such file"
        case .isDirectory:
            "is a directory, not an image file"
        case .unreadable(let reason):
            "cannot be read (\(reason))"
        case .empty:
            "is empty (0 bytes), not an image"
        case .unknownFormat:
            "is not an image in a known format (\(ImageFormat.supportedList))"
        case let .tooLarge(width, height, limit):
            "is \(width)x\(height) pixels (\(Self.megapixels(width * height))), above the limit of "
                + "\(Self.megapixels(limit)); raise it with --max-pixels if this is intended"
        case .zeroSized:
            "has a width or height of 0 pixels"
        case .corrupt(let format):
            "is a corrupt or truncated \(format.displayName) file"
        }
    }

    private static func megapixels(_ pixels: Int) -> String {
        let value = Double(pixels) / 1_000_000
        return value >= 10 ? "\(Int(value.rounded())) megapixels" : String(format: "%.1f megapixels", value)
    }
}
