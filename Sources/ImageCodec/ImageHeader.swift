/// A width and height in pixels, as a file claims them.
struct PixelSize: Equatable, Sendable {
    var width: Int
    var height: Int

    /// Width times height, `Int.max` when that overflows.
    var area: Int { width.multipliedSaturating(by: height) }

    /// Whichever of the two claims more pixels; `self` on a tie.
    func larger(_ other: PixelSize) -> PixelSize { other.area > area ? other : self }
}

/// What the first bytes of a file say about its image, read without decoding a pixel.
struct ImageHeader: Equatable {
    var format: ImageFormat
    /// The size the decoder gives: for a GIF its first frame, which is what Leptonica reads.
    var size: PixelSize
    /// The largest canvas any part of the file asks a decoder for: a GIF's logical screen and
    /// each frame's extent on it, a JPEG 2000's image header and code stream. All of it must be
    /// within the pixel limit, not only `size`.
    var largestClaim: PixelSize
    /// The byte count the image data needs: for TIFF, the end of the furthest strip, tile or tag
    /// value of the first directory; for WebP, the RIFF size. A file shorter than this is
    /// truncated.
    var dataEnd = 0
    /// For GIF, the offset just after the first frame: the decoder reads every frame but only
    /// the first is used, so only that much is handed to it.
    var firstFrameEnd: Int?
    /// A variant the decoder cannot read, said as it follows "is" in a message ("a tiled TIFF,
    /// which ..."); reported only when decoding fails, so a decoder that learns it still reads it.
    var unsupportedVariant: String?
    /// TIFF orientations 5 to 8 are stored turned by a quarter; the decoder turns them back, so
    /// width and height swap.
    var mayBeTransposed = false

    /// The samples each pixel has (1 for grey, 3 for colour), where the header says plainly; nil
    /// when it does not (a palette, a format read without it).
    var samplesPerPixel: Int?

    init(format: ImageFormat, size: PixelSize, largestClaim: PixelSize? = nil, samplesPerPixel: Int? = nil) {
        self.format = format
        self.size = size
        self.largestClaim = size.larger(largestClaim ?? size)
        self.samplesPerPixel = samplesPerPixel
    }
}

/// The outcome of reading a header from bytes that may be a whole file or only its start.
enum HeaderReading: Equatable {
    case read(ImageHeader)
    /// The bytes end before the header does: a prefix, or a truncated file.
    /// `largestClaim` is the largest size seen before the end, if any.
    case cutShort(largestClaim: PixelSize?)
    /// The bytes cannot be this format's header.
    case invalid(largestClaim: PixelSize?)
}

/// Header readers for the formats whose sizes filterocr reads itself: GIF (Leptonica decodes
/// the whole file to learn its size), BMP (likewise), WebP and JPEG 2000 (Leptonica ignores a
/// header it cannot read and reports 0x0) and TIFF (whose strips must be checked against the
/// byte count). PNG, JPEG and PNM headers are read by Leptonica, which reads only the header.
///
/// The bytes may be hostile: every read is bounds-checked, every sum and product is checked for
/// overflow, nothing is allocated in proportion to a claimed size, and every loop moves forward.
enum ImageHeaders {
    /// The header of `bytes` in `format`; nil for the formats left to Leptonica.
    static func read(_ bytes: [UInt8], format: ImageFormat) -> HeaderReading? {
        switch format {
        case .gif: gif(bytes)
        case .webp: webp(bytes)
        case .bmp: bmp(bytes)
        case .tiff: TIFFHeader.read(bytes)
        case .jpeg2000: jpeg2000(bytes)
        case .png, .jpeg, .pnm: nil
        }
    }

    // MARK: - GIF

    /// The logical screen, then every frame's descriptor; the image is the first frame.
    static func gif(_ bytes: [UInt8]) -> HeaderReading {
        guard let screen = GIFStructure.screen(bytes) else { return .cutShort(largestClaim: nil) }
        var largest = PixelSize(width: screen.width, height: screen.height)
        var first: GIFStructure.Frame?
        let ending = GIFStructure.walk(bytes) { frame in
            let extent = PixelSize(width: frame.left + frame.width, height: frame.top + frame.height)
            largest = largest.larger(extent)
            if first == nil { first = frame }
        }
        switch ending {
        case .trailer:
            // A GIF with no image at all has nothing to decode.
            guard let first else { return .invalid(largestClaim: largest) }
            var header = ImageHeader(format: .gif, size: PixelSize(width: first.width, height: first.height),
                                     largestClaim: largest)
            header.firstFrameEnd = first.end
            return .read(header)
        case .cutShort:
            return .cutShort(largestClaim: largest)
        case .invalid:
            return .invalid(largestClaim: largest)
        }
    }

    // MARK: - WebP

    /// "RIFF", size, "WEBP", then the first chunk: "VP8 " (lossy), "VP8L" (lossless) or "VP8X"
    /// (extended, with the canvas size).
    static func webp(_ bytes: [UInt8]) -> HeaderReading {
        let chunk = 12, payload = 20
        guard bytes.count >= payload else { return .cutShort(largestClaim: nil) }
        let fourCC = String(decoding: bytes[chunk..<chunk + 4], as: UTF8.self)
        let size: PixelSize
        var animated = false
        switch fourCC {
        case "VP8 ":
            // A 3-byte frame tag (bit 0 clear for a key frame), the start code 9D 01 2A, then
            // 14-bit width and height, each with 2 bits of scaling above them.
            guard let width = UntrustedBytes.uint16LittleEndian(bytes, at: payload + 6),
                  let height = UntrustedBytes.uint16LittleEndian(bytes, at: payload + 8) else {
                return .cutShort(largestClaim: nil)
            }
            guard bytes[payload] & 1 == 0, bytes[payload + 3] == 0x9D, bytes[payload + 4] == 0x01,
                  bytes[payload + 5] == 0x2A else { return .invalid(largestClaim: nil) }
            size = PixelSize(width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            // The signature 0x2F, then width - 1 and height - 1 in 14 bits each.
            guard let bits = UntrustedBytes.uint32LittleEndian(bytes, at: payload + 1) else {
                return .cutShort(largestClaim: nil)
            }
            guard bytes[payload] == 0x2F else { return .invalid(largestClaim: nil) }
            size = PixelSize(width: bits & 0x3FFF + 1, height: bits >> 14 & 0x3FFF + 1)
        case "VP8X":
            // Flags, 3 reserved bytes, then canvas width - 1 and height - 1 in 24 bits each.
            guard let width = UntrustedBytes.uint24LittleEndian(bytes, at: payload + 4),
                  let height = UntrustedBytes.uint24LittleEndian(bytes, at: payload + 7) else {
                return .cutShort(largestClaim: nil)
            }
            size = PixelSize(width: width + 1, height: height + 1)
            animated = bytes[payload] & 0x02 != 0
        default:
            return .invalid(largestClaim: nil)
        }
        var header = ImageHeader(format: .webp, size: size)
        // The RIFF size counts everything after itself; libwebp needs all of it.
        header.dataEnd = UntrustedBytes.uint32LittleEndian(bytes, at: 4).map { $0 + 8 } ?? 0
        if animated {
            header.unsupportedVariant = "an animated WebP, which filterocr cannot read; convert it to PNG first"
        }
        return .read(header)
    }

    // MARK: - BMP

    /// The 14-byte file header, then the info header, whose size says which kind it is: 12 for
    /// OS/2 1.x (16-bit width and height), 40 or more for Windows (signed 32-bit; a negative
    /// height is stored top-down).
    static func bmp(_ bytes: [UInt8]) -> HeaderReading {
        guard let infoSize = UntrustedBytes.uint32LittleEndian(bytes, at: 14) else {
            return .cutShort(largestClaim: nil)
        }
        let size: PixelSize
        if infoSize == 12 {
            guard let width = UntrustedBytes.uint16LittleEndian(bytes, at: 18),
                  let height = UntrustedBytes.uint16LittleEndian(bytes, at: 20) else {
                return .cutShort(largestClaim: nil)
            }
            size = PixelSize(width: width, height: height)
        } else if infoSize >= 16 {
            guard let width = UntrustedBytes.int32LittleEndian(bytes, at: 18),
                  let height = UntrustedBytes.int32LittleEndian(bytes, at: 22) else {
                return .cutShort(largestClaim: nil)
            }
            guard width >= 0 else { return .invalid(largestClaim: nil) }
            size = PixelSize(width: width, height: abs(height))  // Int32.min fits in Int
        } else {
            return .invalid(largestClaim: nil)
        }
        var header = ImageHeader(format: .bmp, size: size)
        header.unsupportedVariant = bmpVariant(bytes, infoSize: infoSize)
        return .read(header)
    }

    /// What Leptonica cannot read: OS/2 headers, and any compression (it reads only BI_RGB).
    private static func bmpVariant(_ bytes: [UInt8], infoSize: Int) -> String? {
        let advice = "which filterocr cannot read; convert it to PNG first"
        // 12 is OS/2 1.x; 16 and 64 are the short and full OS/2 2.x headers.
        if [12, 16, 64].contains(infoSize) { return "an OS/2 BMP, \(advice)" }
        guard infoSize >= 20, let compression = UntrustedBytes.uint32LittleEndian(bytes, at: 30) else { return nil }
        switch compression {
        case 1, 2: return "an RLE-compressed BMP, \(advice)"
        case 3, 6: return "a BMP with bit-field colour masks, \(advice)"
        case 4: return "a BMP holding a JPEG image, \(advice)"
        case 5: return "a BMP holding a PNG image, \(advice)"
        default: return nil
        }
    }

    // MARK: - JPEG 2000

    /// A bare code stream starts with its SIZ segment. A JP2 file is a sequence of boxes: the
    /// image header ("ihdr", inside "jp2h") gives the size, and the code stream ("jp2c") that
    /// follows gives it again; the decoder allocates for the code stream's, so both are claims.
    static func jpeg2000(_ bytes: [UInt8]) -> HeaderReading {
        if UntrustedBytes.hasPrefix(bytes, FormatSignature.jpeg2000Codestream) {
            switch codestreamSize(bytes, at: 0) {
            case .read(let size): return .read(ImageHeader(format: .jpeg2000, size: size))
            case .cutShort: return .cutShort(largestClaim: nil)
            case .invalid: return .invalid(largestClaim: nil)
            }
        }
        var imageHeader: PixelSize?
        var offset = 0
        while true {
            let box: Box
            switch Box.read(bytes, at: offset, within: bytes.count) {
            case .box(let found): box = found
            case .cutShort: return .cutShort(largestClaim: imageHeader)
            case .invalid: return .invalid(largestClaim: imageHeader)
            }
            switch box.type {
            case "jp2h":
                guard box.end <= bytes.count else { return .cutShort(largestClaim: nil) }
                imageHeader = imageHeaderSize(bytes, in: box.contentStart..<box.end)
                guard imageHeader != nil else { return .invalid(largestClaim: nil) }
            case "jp2c":
                // Only the start of the code stream is needed, not the whole box.
                guard let imageHeader else { return .invalid(largestClaim: nil) }
                switch codestreamSize(bytes, at: box.contentStart) {
                case .read(let size):
                    return .read(ImageHeader(format: .jpeg2000, size: imageHeader, largestClaim: size))
                case .cutShort:
                    return .cutShort(largestClaim: imageHeader)
                case .invalid:
                    return .invalid(largestClaim: imageHeader)
                }
            default:
                break
            }
            // A box is at least as long as its 8-byte header, so this moves forward.
            offset = box.end
        }
    }

    private enum SizeReading {
        case read(PixelSize)
        case cutShort
        case invalid
    }

    /// SOC (FF 4F), then SIZ (FF 51): length, capabilities, then the reference grid's width and
    /// height and the image's offset on it, each 32-bit big-endian.
    private static func codestreamSize(_ bytes: [UInt8], at start: Int) -> SizeReading {
        guard let gridWidth = UntrustedBytes.uint32BigEndian(bytes, at: start + 8),
              let gridHeight = UntrustedBytes.uint32BigEndian(bytes, at: start + 12),
              let left = UntrustedBytes.uint32BigEndian(bytes, at: start + 16),
              let top = UntrustedBytes.uint32BigEndian(bytes, at: start + 20) else { return .cutShort }
        guard UntrustedBytes.hasPrefix(bytes, FormatSignature.jpeg2000Codestream, at: start),
              left <= gridWidth, top <= gridHeight else { return .invalid }
        return .read(PixelSize(width: gridWidth - left, height: gridHeight - top))
    }

    /// The "ihdr" box among the boxes in `range`: height, then width, 32-bit big-endian.
    private static func imageHeaderSize(_ bytes: [UInt8], in range: Range<Int>) -> PixelSize? {
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard case .box(let box) = Box.read(bytes, at: offset, within: range.upperBound),
                  box.end <= range.upperBound else { return nil }
            if box.type == "ihdr" {
                guard let height = UntrustedBytes.uint32BigEndian(bytes, at: box.contentStart),
                      let width = UntrustedBytes.uint32BigEndian(bytes, at: box.contentStart + 4),
                      box.contentStart + 8 <= box.end else { return nil }
                return PixelSize(width: width, height: height)
            }
            offset = box.end
        }
        return nil
    }

    /// A JPEG 2000 box: 32-bit length (1: a 64-bit length follows; 0: to the end of what
    /// contains it), 4-byte type, contents.
    private struct Box {
        var type: String
        var contentStart: Int
        /// Just after the box; may be past the end of the bytes.
        var end: Int

        enum Reading {
            case box(Box)
            case cutShort
            case invalid
        }

        static func read(_ bytes: [UInt8], at offset: Int, within limit: Int) -> Reading {
            guard let length = UntrustedBytes.uint32BigEndian(bytes, at: offset),
                  UntrustedBytes.advance(offset, by: 8, within: bytes.count) != nil else { return .cutShort }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            switch length {
            case 0:
                return limit > offset + 8 ? .box(Box(type: type, contentStart: offset + 8, end: limit)) : .invalid
            case 1:
                guard let long = UntrustedBytes.unsigned(bytes, at: offset + 8, size: 8, bigEndian: true) else {
                    return .cutShort
                }
                guard long >= 16 else { return .invalid }
                return .box(Box(type: type, contentStart: offset + 16, end: offset.addingSaturating(long)))
            case 2..<8:
                return .invalid
            default:
                return .box(Box(type: type, contentStart: offset + 8, end: offset.addingSaturating(length)))
            }
        }
    }
}
