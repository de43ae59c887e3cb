#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names are bytes on Linux, not always UTF-8. Swift strings must be valid Unicode, so
/// a byte that is not part of valid UTF-8 is kept in a string as a private-use scalar
/// (U+10FF00 plus the byte) and turned back into that byte when the path is opened. Such
/// names are processed like any other and shown escaped (`scan\xff.png`).
public enum PathEncoding {
    private static let escapeBase: UInt32 = 0x10_FF00

    /// The path in `bytes`, with bytes that are not valid UTF-8 kept as escapes.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                // A byte that cannot start valid UTF-8 here: keep it, go on after it.
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index])) ?? "?")
                index += 1
            }
        }
        return String(scalars)
    }

    /// The scalar whose UTF-8 starts at `index`, and its length; nil if the bytes there are
    /// not valid UTF-8 (overlong forms, surrogates and cut sequences included).
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x1_0000, UInt32(lead & 0x07))
        default: return nil
        }
        guard bytes.count - index >= length else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The bytes to hand the system for `path`: escapes become their bytes again.
    public static func bytes(of path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Runs `body` with `path` as a C string for a system call.
    public static func withFileSystemPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var cString = bytes(of: path).map { CChar(bitPattern: $0) }
        cString.append(0)
        return try cString.withUnsafeBufferPointer { buffer in
            // A non-empty array always has storage.
            try body(buffer.baseAddress.unsafelyUnwrapped)
        }
    }

    /// `path` as a person may see it on a terminal: undecodable bytes as `\xFF`, control
    /// characters (escape sequences among them) as `\x1B`, and characters that are invisible
    /// yet move or hide others as `\u{202E}`, never raw.
    public static func displayed(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                shown += "\\x" + hex(scalar.value - escapeBase)
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                shown += "\\x" + hex(scalar.value)
            } else if isInvisible(scalar) {
                shown += "\\u{" + hex(scalar.value) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// A scalar that draws nothing yet can change what is seen around it: the format
    /// characters (the bidirectional overrides, embeddings, isolates and marks that make
    /// `photo\u{202E}gnp.exe` look like `photoexe.png`, zero-width spaces and joiners, the
    /// byte order mark, tags), line and paragraph separators, the other default-ignorable
    /// scalars (Hangul fillers, the combining grapheme joiner) and noncharacters. Variation
    /// selectors stay: they only choose a glyph (an emoji's colour).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default:
            return (properties.isDefaultIgnorableCodePoint && !properties.isVariationSelector)
                || properties.isNoncharacterCodePoint
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
