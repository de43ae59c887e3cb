import Foundation
import ImageCodec
import Testing

/// The fixtures and hand-built files the limit and damage tests decode.
enum TestImage {
    static func fixturePath(_ name: String) throws -> String {
        try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"), "no fixture \(name)")
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixturePath(name))))
    }

    /// The problem `decoder` finds in `bytes`, or nil when they decode.
    static func problem(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder()) -> ImageLoadError.Problem? {
        error(bytes, decoder: decoder)?.problem
    }

    static func error(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder()) -> ImageLoadError? {
        do {
            _ = try decoder.decode(bytes, source: "test")
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Numbers

    static func littleEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        littleEndian(value, size: size).reversed()
    }

    // MARK: - GIF

    struct GIFFrame {
        var left = 0
        var top = 0
        var width = 1
        var height = 1
        /// LZW minimum code size, then sub-blocks: one index-0 pixel by default.
        var data: [UInt8] = [0x02, 0x02, 0x44, 0x01, 0x00]
    }

    /// A GIF89a with a two-colour global table and the given frames.
    static func gif(width: Int, height: Int, frames: [GIFFrame], trailer: Bool = true) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + littleEndian(width, size: 2) + littleEndian(height, size: 2)
        bytes += [0x80, 0x00, 0x00]  // global table of 2 colours, background 0, aspect 0
        bytes += [0, 0, 0, 255, 255, 255]
        for frame in frames {
            bytes += [0x2C] + littleEndian(frame.left, size: 2) + littleEndian(frame.top, size: 2)
                + littleEndian(frame.width, size: 2) + littleEndian(frame.height, size: 2) + [0x00]
            bytes += frame.data
        }
        return trailer ? bytes + [0x3B] : bytes
    }

    /// Sub-blocks of junk, `blocks` of 255 bytes: what a header-only attack carries.
    static func junkSubBlocks(_ blocks: Int) -> [UInt8] {
        var data: [UInt8] = [0x08]
        for _ in 0..<blocks { data += [0xFF] + [UInt8](repeating: 0x55, count: 255) }
        return data + [0x00]
    }

    // MARK: - WebP

    static func webp(chunk: String, payload: [UInt8]) -> [UInt8] {
        let body = Array("WEBP".utf8) + Array(chunk.utf8) + littleEndian(payload.count, size: 4) + payload
        return Array("RIFF".utf8) + littleEndian(body.count, size: 4) + body
    }

    /// An extended WebP header claiming a canvas of `width` x `height`, with no image after it.
    static func webpExtended(width: Int, height: Int, flags: UInt8 = 0) -> [UInt8] {
        webp(chunk: "VP8X", payload: [flags, 0, 0, 0] + littleEndian(width - 1, size: 3) + littleEndian(height - 1, size: 3))
    }

    // MARK: - BMP

    /// A Windows BMP (40-byte info header) with `pixelData` after a colour table of `colours`
    /// grey entries; the size fields are consistent with the bytes.
    static func bmp(width: Int, height: Int, bitsPerPixel: Int = 24, compression: Int = 0, colours: Int = 0,
                    pixelData: [UInt8]) -> [UInt8] {
        let offset = 14 + 40 + 4 * colours
        var bytes = Array("BM".utf8) + littleEndian(offset + pixelData.count, size: 4) + [0, 0, 0, 0]
            + littleEndian(offset, size: 4)
        bytes += littleEndian(40, size: 4) + littleEndian(width, size: 4) + littleEndian(height, size: 4)
            + littleEndian(1, size: 2) + littleEndian(bitsPerPixel, size: 2) + littleEndian(compression, size: 4)
            + littleEndian(pixelData.count, size: 4) + littleEndian(2835, size: 4) + littleEndian(2835, size: 4)
            + littleEndian(colours, size: 4) + littleEndian(0, size: 4)
        for index in 0..<colours {
            let grey = UInt8(truncatingIfNeeded: index)
            bytes += [grey, grey, grey, 0]
        }
        return bytes + pixelData
    }

    /// An OS/2 1.x BMP: 12-byte info header with 16-bit width and height.
    static func os2BMP(width: Int, height: Int) -> [UInt8] {
        let rowBytes = (width * 3 + 3) / 4 * 4
        let pixels = [UInt8](repeating: 0x80, count: rowBytes * height)
        let offset = 14 + 12
        return Array("BM".utf8) + littleEndian(offset + pixels.count, size: 4) + [0, 0, 0, 0]
            + littleEndian(offset, size: 4) + littleEndian(12, size: 4) + littleEndian(width, size: 2)
            + littleEndian(height, size: 2) + littleEndian(1, size: 2) + littleEndian(24, size: 2) + pixels
    }

    // MARK: - TIFF

    /// Builds TIFF files entry by entry: the header, `data` (strips or tiles) and the directory
    /// with the values that do not fit in their entries, in either order.
    struct TIFF {
        var bigEndian = false
        var bigTIFF = false
        /// The directory before the image data, as some writers put it; libtiff puts it after.
        var directoryFirst = false

        enum FieldType: Int {
            case short = 3, long = 4, rational = 5, long8 = 16

            /// Bytes per number written: a rational is two LONGs.
            var size: Int { [3: 2, 4: 4, 5: 4, 16: 8][rawValue] ?? 0 }
        }

        struct Entry {
            var tag: Int
            var type: FieldType
            var values: [Int]
        }

        /// Strip and tile offsets (273, 324) are given relative to the start of `data`.
        func build(_ entries: [Entry], data: [UInt8]) -> [UInt8] {
            let fieldSize = bigTIFF ? 8 : 4
            let entrySize = bigTIFF ? 20 : 12
            let headerSize = bigTIFF ? 16 : 8
            let sorted = entries.sorted { $0.tag < $1.tag }
            let tableSize = (bigTIFF ? 8 : 2) + sorted.count * entrySize + fieldSize
            let extraSize = sorted.map { $0.values.count * $0.type.size }.filter { $0 > fieldSize }.reduce(0, +)
            let paddedData = data + [UInt8](repeating: 0, count: data.count % 2)
            let directory = directoryFirst ? headerSize : headerSize + paddedData.count
            let dataStart = directoryFirst ? headerSize + tableSize + extraSize : headerSize
            var extra: [UInt8] = []
            var table: [UInt8] = number(sorted.count, size: bigTIFF ? 8 : 2)
            for entry in sorted {
                let values = [273, 324].contains(entry.tag) ? entry.values.map { $0 + dataStart } : entry.values
                let encoded = values.flatMap { number($0, size: entry.type.size) }
                table += number(entry.tag, size: 2) + number(entry.type.rawValue, size: 2)
                    + number(entry.type == .rational ? values.count / 2 : values.count, size: fieldSize)
                if encoded.count <= fieldSize {
                    table += encoded + [UInt8](repeating: 0, count: fieldSize - encoded.count)
                } else {
                    table += number(directory + tableSize + extra.count, size: fieldSize)
                    extra += encoded
                }
            }
            table += [UInt8](repeating: 0, count: fieldSize)  // no next directory
            var header: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
            if bigTIFF {
                header += number(43, size: 2) + number(8, size: 2) + number(0, size: 2) + number(directory, size: 8)
            } else {
                header += number(42, size: 2) + number(directory, size: 4)
            }
            return directoryFirst ? header + table + extra + paddedData : header + paddedData + table + extra
        }

        func number(_ value: Int, size: Int) -> [UInt8] {
            bigEndian ? TestImage.bigEndian(value, size: size) : TestImage.littleEndian(value, size: size)
        }

        /// An uncompressed 8-bit image in `rowsPerStrip`-row strips, grey or RGB (`samples` 1 or
        /// 3); every sample of pixel (x, y) is `TIFF.grey(x, y)`.
        ///
        /// - Parameter lastStripExtra: bytes the last strip's byte count claims beyond its data.
        func strips(width: Int, height: Int, rowsPerStrip: Int, samples: Int = 1, offsetType: FieldType = .long,
                    lastStripExtra: Int = 0) -> [UInt8] {
            var data: [UInt8] = []
            var offsets: [Int] = [], counts: [Int] = []
            for firstRow in stride(from: 0, to: height, by: rowsPerStrip) {
                offsets.append(data.count)
                let rows = min(rowsPerStrip, height - firstRow)
                for y in firstRow..<firstRow + rows {
                    data += (0..<width).flatMap { [UInt8](repeating: TIFF.grey($0, y), count: samples) }
                }
                counts.append(rows * width * samples)
            }
            counts[counts.count - 1] += lastStripExtra
            return build(commonEntries(width: width, height: height, samples: samples) + [
                Entry(tag: 273, type: offsetType, values: offsets),
                Entry(tag: 278, type: .short, values: [rowsPerStrip]),
                Entry(tag: 279, type: offsetType, values: counts),
            ], data: data)
        }

        /// The same grey image stored as `tileSize` x `tileSize` tiles.
        func greyTiles(width: Int, height: Int, tileSize: Int) -> [UInt8] {
            var data: [UInt8] = []
            var offsets: [Int] = [], counts: [Int] = []
            for tileTop in stride(from: 0, to: height, by: tileSize) {
                for tileLeft in stride(from: 0, to: width, by: tileSize) {
                    offsets.append(data.count)
                    for y in tileTop..<tileTop + tileSize {
                        data += (tileLeft..<tileLeft + tileSize).map { TIFF.grey($0, y) }
                    }
                    counts.append(tileSize * tileSize)
                }
            }
            return build(commonEntries(width: width, height: height, samples: 1) + [
                Entry(tag: 322, type: .short, values: [tileSize]),
                Entry(tag: 323, type: .short, values: [tileSize]),
                Entry(tag: 324, type: .long, values: offsets),
                Entry(tag: 325, type: .long, values: counts),
            ], data: data)
        }

        private func commonEntries(width: Int, height: Int, samples: Int) -> [Entry] {
            [
                Entry(tag: 256, type: width > 0xFFFF ? .long : .short, values: [width]),
                Entry(tag: 257, type: height > 0xFFFF ? .long : .short, values: [height]),
                Entry(tag: 258, type: .short, values: [Int](repeating: 8, count: samples)),
                Entry(tag: 259, type: .short, values: [1]),
                Entry(tag: 262, type: .short, values: [samples == 3 ? 2 : 1]),
                Entry(tag: 277, type: .short, values: [samples]),
                Entry(tag: 282, type: .rational, values: [72, 1]),
                Entry(tag: 283, type: .rational, values: [72, 1]),
            ]
        }

        static func grey(_ x: Int, _ y: Int) -> UInt8 { UInt8(truncatingIfNeeded: x * 16 + y * 8) }
    }

    // MARK: - JPEG 2000

    /// A JPEG 2000 code stream's start: SOC, then a SIZ segment for one 8-bit component.
    static func jpeg2000Codestream(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0x4F, 0xFF, 0x51] + bigEndian(41, size: 2) + bigEndian(0, size: 2)
            + bigEndian(width, size: 4) + bigEndian(height, size: 4) + bigEndian(0, size: 4) + bigEndian(0, size: 4)
            + bigEndian(width, size: 4) + bigEndian(height, size: 4) + bigEndian(0, size: 4) + bigEndian(0, size: 4)
            + bigEndian(1, size: 2) + [0x07, 0x01, 0x01] + [0xFF, 0xD9]
    }

    /// A JP2 file: signature, file type, header with the image header box, code stream.
    static func jpeg2000File(width: Int, height: Int) -> [UInt8] {
        func box(_ type: String, _ contents: [UInt8]) -> [UInt8] {
            bigEndian(8 + contents.count, size: 4) + Array(type.utf8) + contents
        }
        let imageHeader = box("ihdr", bigEndian(height, size: 4) + bigEndian(width, size: 4)
            + bigEndian(1, size: 2) + [0x07, 0x07, 0x00, 0x00])
        let colour = box("colr", [0x01, 0x00, 0x00] + bigEndian(17, size: 4))
        return [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
            + box("ftyp", Array("jp2 ".utf8) + bigEndian(0, size: 4) + Array("jp2 ".utf8))
            + box("jp2h", imageHeader + colour)
            + box("jp2c", jpeg2000Codestream(width: width, height: height))
    }
}

