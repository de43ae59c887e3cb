/// Where the first image in a byte stream ends, for the formats that mark it.
///
/// Standard input should hold one image; `pdftoppm -png` of several pages or `cat a.png b.png`
/// gives several back to back, and a decoder would silently read only the first. Comparing
/// this length with the byte count tells the two apart without decoding a pixel.
///
/// The bytes may be hostile: every read is checked against the count, every length is added
/// without overflow, and every loop moves forward, so damaged input gives nil, never a trap or
/// a hang.
public enum ImageExtent {
    /// The length in bytes of the first image in `bytes`, when its format marks where the image
    /// ends: PNG through the IEND chunk; JPEG through the EOI marker, walking marker segments
    /// by their lengths and skipping entropy-coded data; GIF through the trailer, walking
    /// blocks; BMP and WebP by the size in the header; binary PNM (P4, P5, P6) as header plus
    /// raster.
    ///
    /// nil when the format has no such end (TIFF, plain-text PNM, anything unknown) or the bytes
    /// are damaged or cut short. A length is never more than `bytes.count`.
    public static func length(ofFirstImageIn bytes: [UInt8]) -> Int? {
        let length: Int?
        if hasPrefix(bytes, Signature.png) {
            length = pngLength(bytes)
        } else if hasPrefix(bytes, Signature.jpeg) {
            length = jpegLength(bytes)
        } else if hasPrefix(bytes, Signature.gif87) || hasPrefix(bytes, Signature.gif89) {
            length = gifLength(bytes)
        } else if hasPrefix(bytes, Signature.bmp) {
            length = bmpLength(bytes)
        } else if hasPrefix(bytes, Signature.riff) {
            length = webpLength(bytes)
        } else if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
                  (UInt8(ascii: "4")...UInt8(ascii: "6")).contains(bytes[1]) {
            length = pnmLength(bytes)
        } else {
            length = nil
        }
        guard let length, length > 0, length <= bytes.count else { return nil }
        return length
    }

    // MARK: - Formats

    /// Signature, then chunks of length, type, data and CRC up to IEND.
    private static func pngLength(_ bytes: [UInt8]) -> Int? {
        var offset = 8
        while true {
            // A chunk length above 2^31 - 1 is invalid in PNG.
            guard let length = uint32BigEndian(bytes, at: offset), length <= Int(Int32.max),
                  let next = advance(offset, by: 12, plus: length, within: bytes.count) else { return nil }
            let type = offset + 4
            guard (type..<type + 4).allSatisfy({ isASCIILetter(bytes[$0]) }) else { return nil }
            if bytes[type] == 0x49, bytes[type + 1] == 0x45, bytes[type + 2] == 0x4E, bytes[type + 3] == 0x44 {
                return next  // IEND
            }
            offset = next
        }
    }

    /// Marker segments by their lengths; after each SOS, entropy-coded data up to the next
    /// marker that is not a stuffed zero, a restart or a fill byte.
    private static func jpegLength(_ bytes: [UInt8]) -> Int? {
        let count = bytes.count
        var offset = 2
        while offset < count {
            guard bytes[offset] == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may come before a marker.
            var markerIndex = offset + 1
            while markerIndex < count, bytes[markerIndex] == 0xFF { markerIndex += 1 }
            guard markerIndex < count else { return nil }
            let marker = bytes[markerIndex]
            offset = markerIndex + 1
            switch marker {
            case 0xD9:
                return offset  // EOI
            case 0x01, 0xD0...0xD7:
                continue  // TEM and RSTn stand alone
            case 0x00, 0xD8:
                return nil  // a stuffed zero outside a scan, or a second SOI: damaged
            default:
                guard let length = uint16BigEndian(bytes, at: offset), length >= 2,
                      let next = advance(offset, by: length, within: count) else { return nil }
                offset = next
                if marker == 0xDA {
                    guard let end = endOfEntropyCodedData(bytes, from: offset) else { return nil }
                    offset = end
                }
            }
        }
        return nil
    }

    /// The index of the 0xFF that starts the first real marker at or after `start`.
    private static func endOfEntropyCodedData(_ bytes: [UInt8], from start: Int) -> Int? {
        let count = bytes.count
        var offset = start
        while offset < count {
            guard let found = bytes[offset...].firstIndex(of: 0xFF), found + 1 < count else { return nil }
            let next = bytes[found + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                offset = found + 2  // stuffed 0xFF data byte, or a restart marker
            } else if next == 0xFF {
                offset = found + 1  // a fill byte; the marker is further on
            } else {
                return found
            }
        }
        return nil
    }

    /// Header and colour table, then extension and image blocks (each followed by data
    /// sub-blocks) up to the 0x3B trailer.
    private static func gifLength(_ bytes: [UInt8]) -> Int? {
        guard case .trailer(let end) = GIFStructure.walk(bytes) else { return nil }
        return end
    }

    /// The file size in the file header, when it is consistent with the other headers.
    private static func bmpLength(_ bytes: [UInt8]) -> Int? {
        guard let size = uint32LittleEndian(bytes, at: 2), let pixels = uint32LittleEndian(bytes, at: 10),
              let header = uint32LittleEndian(bytes, at: 14), header >= 12,
              pixels >= 14 + header, size > pixels else { return nil }
        return size
    }

    /// "RIFF", the size of what follows it, "WEBP".
    private static func webpLength(_ bytes: [UInt8]) -> Int? {
        guard hasPrefix(bytes, Signature.webp, at: 8), let size = uint32LittleEndian(bytes, at: 4), size >= 4 else {
            return nil
        }
        return 8 + size
    }

    /// "P4", "P5" or "P6", width, height and (except P4) the largest sample value as decimal
    /// text separated by white space or comments, one white-space byte, then the raster.
    private static func pnmLength(_ bytes: [UInt8]) -> Int? {
        let kind = bytes[1]
        var offset = 2
        guard let width = pnmNumber(bytes, at: &offset), width > 0,
              let height = pnmNumber(bytes, at: &offset), height > 0 else { return nil }
        var bytesPerSample = 1
        if kind != UInt8(ascii: "4") {
            guard let maximum = pnmNumber(bytes, at: &offset), (1...65535).contains(maximum) else { return nil }
            bytesPerSample = maximum > 255 ? 2 : 1
        }
        guard offset < bytes.count, isPNMWhiteSpace(bytes[offset]) else { return nil }
        offset += 1
        let rowBytes: Int
        switch kind {
        case UInt8(ascii: "4"): rowBytes = width / 8 + (width % 8 == 0 ? 0 : 1)
        case UInt8(ascii: "5"): rowBytes = width * bytesPerSample
        default: rowBytes = width * 3 * bytesPerSample
        }
        // Each number is below 2^40, so the row is too; the raster needs a checked product.
        let (raster, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow else { return nil }
        return advance(offset, by: raster, within: bytes.count)
    }

    /// The decimal number after at least one separator (white space or a `#` comment), leaving
    /// `offset` just after its last digit.
    private static func pnmNumber(_ bytes: [UInt8], at offset: inout Int) -> Int? {
        let count = bytes.count
        let start = offset
        while offset < count {
            if isPNMWhiteSpace(bytes[offset]) {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "#") {
                while offset < count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            } else {
                break
            }
        }
        guard offset > start else { return nil }
        var value = 0
        let digitsStart = offset
        while offset < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
            // Far beyond any real image, and small enough that later products cannot overflow.
            guard value < 1 << 40 else { return nil }
            offset += 1
        }
        return offset > digitsStart ? value : nil
    }

    private static func isPNMWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private enum Signature {
        static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        static let jpeg: [UInt8] = [0xFF, 0xD8]
        static let gif87 = Array("GIF87a".utf8)
        static let gif89 = Array("GIF89a".utf8)
        static let bmp = Array("BM".utf8)
        static let riff = Array("RIFF".utf8)
        static let webp = Array("WEBP".utf8)
    }

    // MARK: - Checked reading

    private static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at start: Int = 0) -> Bool {
        UntrustedBytes.hasPrefix(bytes, prefix, at: start)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func advance(_ offset: Int, by first: Int, plus second: Int = 0, within count: Int) -> Int? {
        UntrustedBytes.advance(offset, by: first, plus: second, within: count)
    }

    private static func uint16BigEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        UntrustedBytes.uint16BigEndian(bytes, at: offset)
    }

    private static func uint32BigEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        UntrustedBytes.uint32BigEndian(bytes, at: offset)
    }

    private static func uint32LittleEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        UntrustedBytes.uint32LittleEndian(bytes, at: offset)
    }
}
