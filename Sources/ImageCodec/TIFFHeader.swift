/// Reads the first image file directory (IFD) of a TIFF: its size, whether it is tiled, and where
/// its strips or tiles and out-of-line tag values end.
///
/// libtiff reads a strip that runs past the end of the bytes as far as it can and Leptonica
/// keeps the rest of the image black, so a truncated TIFF decodes "successfully" into a mostly
/// dark page. Comparing `dataEnd` with the byte count catches that before decoding.
///
/// Classic TIFF ("II*\0", "MM\0*": 32-bit offsets, 12-byte entries) and BigTIFF ("II+\0",
/// "MM\0+": 64-bit offsets, 20-byte entries), in either byte order. An entry's value is stored
/// in the entry when it fits (4 or 8 bytes), else at an offset.
enum TIFFHeader {
    private enum Tag {
        static let imageWidth = 256
        static let imageLength = 257
        static let bitsPerSample = 258
        static let samplesPerPixel = 277
        static let sampleFormat = 339
        static let stripOffsets = 273
        static let orientation = 274
        static let stripByteCounts = 279
        static let tileWidth = 322
        static let tileOffsets = 324
        static let tileByteCounts = 325
    }

    /// An entry's values: `count` numbers of `size` bytes from `offset`.
    private struct Values {
        var type: Int
        var count: Int
        var offset: Int
        var size: Int
    }

    /// The layout of classic TIFF or BigTIFF, and the byte order.
    private struct Layout {
        var bigEndian: Bool
        var offsetSize: Int   // 4 or 8: IFD offsets, entry counts, values stored in an entry
        var countSize: Int    // 2 or 8: the number of entries in an IFD
        var entrySize: Int { 4 + 2 * offsetSize }

        func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
            UntrustedBytes.unsigned(bytes, at: offset, size: size, bigEndian: bigEndian)
        }
    }

    static func read(_ bytes: [UInt8]) -> HeaderReading {
        guard bytes.count >= 8 else { return .cutShort(largestClaim: nil) }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return .invalid(largestClaim: nil)
        }
        var layout = Layout(bigEndian: bigEndian, offsetSize: 4, countSize: 2)
        let directory: Int
        switch layout.number(bytes, at: 2, size: 2) {
        case 42:
            guard let offset = layout.number(bytes, at: 4, size: 4) else { return .cutShort(largestClaim: nil) }
            directory = offset
        case 43:
            layout.offsetSize = 8
            layout.countSize = 8
            guard let offsetSize = layout.number(bytes, at: 4, size: 2), let zero = layout.number(bytes, at: 6, size: 2),
                  offsetSize == 8, zero == 0 else { return .invalid(largestClaim: nil) }
            guard let offset = layout.number(bytes, at: 8, size: 8) else { return .cutShort(largestClaim: nil) }
            directory = offset
        default:
            return .invalid(largestClaim: nil)
        }

        guard let entryCount = layout.number(bytes, at: directory, size: layout.countSize) else {
            return .cutShort(largestClaim: nil)
        }
        let (entriesLength, overflow) = entryCount.multipliedReportingOverflow(by: layout.entrySize)
        guard entryCount > 0, !overflow else { return .invalid(largestClaim: nil) }
        guard let firstEntry = UntrustedBytes.advance(directory, by: layout.countSize, within: bytes.count),
              UntrustedBytes.advance(firstEntry, by: entriesLength, within: bytes.count) != nil else {
            return .cutShort(largestClaim: nil)
        }

        var width: Int?, height: Int?
        var tiled = false
        var orientation = 1
        var (bitsPerSample, samplesPerPixel, sampleFormat) = (1, 1, 1)
        var stripOffsets: Values?, stripByteCounts: Values?, tileOffsets: Values?, tileByteCounts: Values?
        var dataEnd = 0
        // entryCount * entrySize bytes were checked above, so this loop is bounded by the bytes.
        for index in 0..<entryCount {
            let entry = firstEntry + index * layout.entrySize
            guard let tag = layout.number(bytes, at: entry, size: 2),
                  let type = layout.number(bytes, at: entry + 2, size: 2),
                  let count = layout.number(bytes, at: entry + 4, size: layout.offsetSize) else {
                return .cutShort(largestClaim: nil)
            }
            // libtiff skips entries of types it does not know; so does this.
            guard let size = typeSize(type) else { continue }
            let length = count.multipliedSaturating(by: size)
            let field = entry + 4 + layout.offsetSize
            let offset: Int
            if length <= layout.offsetSize {
                offset = field
            } else {
                guard let stored = layout.number(bytes, at: field, size: layout.offsetSize) else {
                    return .cutShort(largestClaim: nil)
                }
                offset = stored
                dataEnd = max(dataEnd, offset.addingSaturating(length))
            }
            let values = Values(type: type, count: count, offset: offset, size: size)
            switch tag {
            case Tag.imageWidth, Tag.imageLength:
                guard isInteger(values), values.count >= 1 else { return .invalid(largestClaim: nil) }
                // Stored out of line only by odd writers, but then possibly past a prefix.
                guard let value = first(of: values, in: bytes, layout: layout) else { return .cutShort(largestClaim: nil) }
                if tag == Tag.imageWidth { width = value } else { height = value }
            case Tag.orientation: orientation = first(of: values, in: bytes, layout: layout) ?? 1
            case Tag.bitsPerSample: bitsPerSample = first(of: values, in: bytes, layout: layout) ?? 1
            case Tag.samplesPerPixel: samplesPerPixel = first(of: values, in: bytes, layout: layout) ?? 1
            case Tag.sampleFormat: sampleFormat = first(of: values, in: bytes, layout: layout) ?? 1
            case Tag.stripOffsets: stripOffsets = values
            case Tag.stripByteCounts: stripByteCounts = values
            case Tag.tileWidth: tiled = true
            case Tag.tileOffsets: tileOffsets = values
            case Tag.tileByteCounts: tileByteCounts = values
            default: break
            }
        }
        // Without both, libtiff refuses the directory.
        guard let width, let height else { return .invalid(largestClaim: nil) }

        for (offsets, byteCounts) in [(stripOffsets, stripByteCounts), (tileOffsets, tileByteCounts)] {
            guard let offsets else { continue }
            dataEnd = max(dataEnd, endOfData(offsets: offsets, byteCounts: byteCounts, in: bytes, layout: layout))
        }

        var header = ImageHeader(format: .tiff, size: PixelSize(width: width, height: height))
        header.dataEnd = dataEnd
        header.mayBeTransposed = (5...8).contains(orientation)
        header.unsupportedVariant = TIFFPageTraits(width: width, height: height, bitsPerSample: bitsPerSample,
                                                   samplesPerPixel: samplesPerPixel, sampleFormat: sampleFormat,
                                                   tiled: tiled).unsupportedVariant
        return .read(header)
    }

    /// The end of the furthest strip or tile: offset plus byte count, pair by pair. Without byte
    /// counts (libtiff then estimates them), each offset must at least point inside the bytes.
    private static func endOfData(offsets: Values, byteCounts: Values?, in bytes: [UInt8], layout: Layout) -> Int {
        guard isInteger(offsets), fits(offsets, in: bytes) else {
            // Values of another type are for libtiff to refuse; an array past the end is
            // already counted in the directory's data end.
            return 0
        }
        var end = 0
        if let byteCounts, isInteger(byteCounts), fits(byteCounts, in: bytes) {
            // Both arrays lie within the bytes, so this loop is bounded by them.
            for index in 0..<min(offsets.count, byteCounts.count) {
                guard let start = layout.number(bytes, at: offsets.offset + index * offsets.size, size: offsets.size),
                      let length = layout.number(bytes, at: byteCounts.offset + index * byteCounts.size,
                                                 size: byteCounts.size) else { break }
                end = max(end, start.addingSaturating(length))
            }
        } else if byteCounts == nil {
            for index in 0..<offsets.count {
                guard let start = layout.number(bytes, at: offsets.offset + index * offsets.size, size: offsets.size) else {
                    break
                }
                end = max(end, start.addingSaturating(1))
            }
        }
        return end
    }

    private static func fits(_ values: Values, in bytes: [UInt8]) -> Bool {
        UntrustedBytes.advance(values.offset, by: values.count.multipliedSaturating(by: values.size),
                               within: bytes.count) != nil
    }

    /// The first value of an entry of an integer type, when it lies within the bytes.
    private static func first(of values: Values, in bytes: [UInt8], layout: Layout) -> Int? {
        guard values.count >= 1, isInteger(values) else { return nil }
        return layout.number(bytes, at: values.offset, size: values.size)
    }

    /// BYTE, SHORT, LONG, LONG8 and the IFD offset types: what sizes, offsets and counts may be.
    private static func isInteger(_ values: Values) -> Bool {
        [1, 3, 4, 13, 16, 18].contains(values.type)
    }

    /// Bytes per value of each TIFF 6 and BigTIFF field type; nil for types libtiff does not know.
    private static func typeSize(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1         // BYTE, ASCII, SBYTE, UNDEFINED
        case 3, 8: 2               // SHORT, SSHORT
        case 4, 9, 11, 13: 4       // LONG, SLONG, FLOAT, IFD
        case 5, 10, 12: 8          // RATIONAL, SRATIONAL, DOUBLE
        case 16, 17, 18: 8         // LONG8, SLONG8, IFD8
        default: nil
        }
    }
}
