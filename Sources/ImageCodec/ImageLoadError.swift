import Foundation
import FileSystem

/// Why an image could not be loaded, with the file or source it came from.
public struct ImageLoadError: LocalizedError, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case notFound
        case isDirectory
        /// A device, FIFO, socket or other special file; `kind` says which, as it follows "is"
        /// ("a FIFO (named pipe)", "a character device").
        case notAFile(kind: String)
        case unreadable(String)
        case empty
        /// More bytes than `--max-bytes`; `bytes` is nil for a stream whose length is not known.
        case tooManyBytes(bytes: Int?, limit: Int)
        case unknownFormat
        case tooLarge(width: Int, height: Int, limit: Int)
        case zeroSized
        case corrupt(ImageFormat)
        /// A valid file in a variant the decoder cannot read, said as it follows "is", with what
        /// to do about it ("a tiled TIFF, which filterocr cannot read; convert it ...").
        case unsupported(String)
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
        case .notAFile(let kind):
            "is \(kind), not an image file"
        case .unreadable(let reason):
            "cannot be read (\(reason))"
        case .empty:
            "is empty (0 bytes), not an image"
        case let .tooManyBytes(bytes, limit):
            "is " + (bytes.map { "\(ByteCount.text($0)), above" } ?? "larger than")
                + " the limit of \(ByteCount.text(limit)); raise it with --max-bytes if this is intended"
        case .unknownFormat:
            "is not an image in a known format (\(ReadableFormats.list))"
        case let .tooLarge(width, height, limit):
            "is \(width)x\(height) pixels (\(Self.pixelCounts(width.multipliedSaturating(by: height), limit))), "
                + "above the limit of \(Self.pixelCounts(limit, width.multipliedSaturating(by: height))); "
                + "raise it with --max-pixels if this is intended"
        case .zeroSized:
            "has a width or height of 0 pixels"
        case .corrupt(let format):
            "is a corrupt or truncated \(format.displayName) file"
        case .unsupported(let description):
            "is \(description)"
        }
    }

    /// `pixels` as people read it ("1 pixel", "1,200 pixels", "2.5 megapixels", "10,000
    /// megapixels"), exact when rounding would make it read the same as `other`: a limit must
    /// not look equal to the size it refuses.
    static func pixelCounts(_ pixels: Int, _ other: Int) -> String {
        let text = pixelCount(pixels)
        return text == pixelCount(other) ? exactPixelCount(pixels) : text
    }

    static func pixelCount(_ pixels: Int) -> String {
        guard pixels >= 1_000_000 else { return exactPixelCount(pixels) }
        let millions = Double(pixels) / 1_000_000
        // Below 9.95 one decimal reads well; above, "%.1f" would round up to "10.0".
        return millions < 9.95
            ? String(format: "%.1f megapixels", millions)
            : "\(grouped(Int(millions.rounded()))) megapixels"
    }

    private static func exactPixelCount(_ pixels: Int) -> String {
        pixels == 1 ? "1 pixel" : "\(grouped(pixels)) pixels"
    }

    /// Digits in groups of three, with commas whatever the locale: messages are English.
    private static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
