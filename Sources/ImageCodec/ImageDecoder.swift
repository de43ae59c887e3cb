internal import CTesseract
import Imaging

/// Decodes image bytes of any supported format into an `RGBImage`.
///
/// The size is checked from the header before any pixel is decoded, so a file that claims
/// billions of pixels is refused without allocating for them: GIF (logical screen and every
/// frame), BMP, WebP, TIFF and JPEG 2000 headers are read here, PNG, JPEG and PNM headers by
/// Leptonica, which reads only the header of those.
public struct ImageDecoder: Sendable {
    /// 100 megapixels: a 12-megapixel phone photo fits eight times over.
    public static let defaultMaxPixels = 100_000_000

    /// The most pixels an image may claim, checked from its header before decoding.
    public var maxPixels: Int
    /// The most bytes an encoded image may have; more is refused before decoding. Set from
    /// `maxPixels` by `init(maxPixels:)`, not updated when `maxPixels` changes later.
    public var maxBytes: Int

    /// A decoder whose byte limit follows from the pixel limit (`defaultMaxBytes(forPixels:)`).
    public init(maxPixels: Int = ImageDecoder.defaultMaxPixels) {
        self.init(maxPixels: maxPixels, maxBytes: Self.defaultMaxBytes(forPixels: maxPixels))
    }

    /// A decoder with both limits given, as `--max-pixels` and `--max-bytes` set them.
    public init(maxPixels: Int, maxBytes: Int) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
    }

    /// 8 bytes per allowed pixel plus 1 MiB, `Int.max` rather than overflowing.
    ///
    /// No supported format stores a pixel in more than 8 bytes (16-bit RGBA, uncompressed), so
    /// an image within the pixel limit is within this too; the MiB is for headers and metadata.
    public static func defaultMaxBytes(forPixels pixels: Int) -> Int {
        pixels.multipliedSaturating(by: 8).addingSaturating(1 << 20)
    }

    /// Leptonica's version string, such as `leptonica-1.82.0`: what decodes the pixels.
    public static let libraryVersion: String = {
        guard let version = getLeptonicaVersion() else { return "leptonica" }
        defer { lept_free(version) }
        return String(cString: version)
    }()

    /// Checks the header in the first bytes of a file (64 KB, say) before the rest is read.
    ///
    /// Never decodes a pixel. For a GIF, every frame's descriptor must be in `prefix` too, since
    /// each frame is checked against the limit.
    ///
    /// - Returns: true when the header was read from `prefix` and is within the limits; false
    ///   when `prefix` ends before the header does: read the whole file then and call `decode`,
    ///   which checks again.
    /// - Throws: `.tooLarge`, `.zeroSized`, `.unknownFormat` or `.corrupt` when `prefix` already
    ///   shows it; `.empty` for an empty prefix, which is an empty file.
    public func checkHeader(_ prefix: [UInt8], source: String) throws(ImageLoadError) -> Bool {
        LibraryMessages.quiet()
        guard !prefix.isEmpty else { throw ImageLoadError(source: source, problem: .empty) }
        return try checkedHeader(prefix, source: source, isWholeFile: false) != nil
    }

    /// The sizes a JPEG can be decoded at besides its own: libjpeg scales its blocks down in
    /// the transform, so a reduced decoding costs a fraction of a whole one and needs no
    /// resampling after it.
    public static let jpegReductions = [2, 4, 8]

    /// The format and size `bytes` (an image file's first bytes, its header among them) say
    /// the image has, without decoding it; nil when they do not say or the header is refused.
    public func header(of bytes: [UInt8]) -> (format: ImageFormat, width: Int, height: Int, samplesPerPixel: Int?)? {
        LibraryMessages.quiet()
        guard let header = try? checkedHeader(bytes, source: "", isWholeFile: false) else { return nil }
        return (header.format, header.size.width, header.size.height, header.samplesPerPixel)
    }

    /// Decodes `bytes`; `source` names them in errors (a path, or `<stdin>`).
    /// - Parameter reduction: for a JPEG, 1 or one of `jpegReductions`: the image decoded at
    ///   that fraction of its size in each direction (rounded up). Other formats ignore it.
    public func decode(_ bytes: [UInt8], source: String, reduction: Int = 1) throws(ImageLoadError) -> DecodedImage {
        LibraryMessages.quiet()
        func failure(_ problem: ImageLoadError.Problem) -> ImageLoadError {
            ImageLoadError(source: source, problem: problem)
        }
        guard !bytes.isEmpty else { throw failure(.empty) }
        guard bytes.count <= maxBytes else { throw failure(.tooManyBytes(bytes: bytes.count, limit: maxBytes)) }
        // A whole file's header is read or refused; nil is only for a prefix.
        guard let header = try checkedHeader(bytes, source: source, isWholeFile: true) else {
            throw failure(.unknownFormat)
        }
        let format = header.format
        // Image data past the end (a TIFF strip, the rest of a WebP): truncated, though libtiff
        // would decode what is there and leave the rest black.
        guard header.dataEnd <= bytes.count else { throw failure(.corrupt(format)) }

        let reduction = format == .jpeg && Self.jpegReductions.contains(reduction) ? reduction : 1
        if format == .png || format == .jpeg {
            guard let decoded = PNGAndJPEG.decode(bytes, format: format, size: header.size, reduction: reduction) else {
                throw failure(header.unsupportedVariant.map { .unsupported($0) } ?? Self.unreadable(bytes, format: format))
            }
            return decoded
        }
        let decoded = Self.leptonicaDecode(bytes, header: header, reduction: reduction)
        guard let decoded else {
            throw failure(header.unsupportedVariant.map { .unsupported($0) } ?? Self.unreadable(bytes, format: format))
        }
        let size = (decoded.width, decoded.height)
        let expected = ((header.size.width + reduction - 1) / reduction, (header.size.height + reduction - 1) / reduction)
        guard size == expected || (header.mayBeTransposed && size == (expected.1, expected.0)),
              let rgb = decoded.rgbImage() else {
            throw failure(.corrupt(format))
        }
        let resolution = decoded.resolution
        return DecodedImage(image: rgb, format: format,
                            resolution: resolution > 0 ? resolution : nil)
    }

    /// The header of `bytes`, checked against the limits; nil when `bytes` is a prefix that ends
    /// before the header does.
    private func checkedHeader(_ bytes: [UInt8], source: String,
                               isWholeFile: Bool) throws(ImageLoadError) -> ImageHeader? {
        func failure(_ problem: ImageLoadError.Problem) -> ImageLoadError {
            ImageLoadError(source: source, problem: problem)
        }
        func checkLimit(_ size: PixelSize?) throws(ImageLoadError) {
            guard let size, size.area > maxPixels else { return }
            throw failure(.tooLarge(width: size.width, height: size.height, limit: maxPixels))
        }
        guard let format = ImageFormat(signatureOf: bytes) else {
            if !isWholeFile && bytes.count < ImageFormat.signatureLength { return nil }
            // A file's PDF is read as a document before it gets here; standard input's is not.
            if bytes.starts(with: Array("%PDF-".utf8)) {
                throw failure(.unsupported("a PDF, whose pages are read from a file: give its path "
                                           + "(filterocr ocr scan.pdf) instead of standard input"))
            }
            throw failure(.unknownFormat)
        }
        let reading = ImageHeaders.read(bytes, format: format) ?? Self.leptonicaHeader(bytes, format: format,
                                                                                          isWholeFile: isWholeFile)
        switch reading {
        case .read(let header):
            try checkLimit(header.largestClaim)
            guard header.size.width > 0, header.size.height > 0 else { throw failure(.zeroSized) }
            return header
        case .cutShort(let claim):
            // A size already seen is refused whatever follows it.
            try checkLimit(claim)
            if isWholeFile { throw failure(Self.unreadable(bytes, format: format)) }
            return nil
        case .invalid(let claim):
            try checkLimit(claim)
            throw failure(Self.unreadable(bytes, format: format))
        }
    }

    /// Why bytes of `format` whose header or data a decoder refused cannot be read: a variant it
    /// does not read (a 12-bit JPEG), else a damaged file.
    private static func unreadable(_ bytes: [UInt8], format: ImageFormat) -> ImageLoadError.Problem {
        let variant = format == .jpeg ? JPEGFrame.unsupportedVariant(bytes) : nil
        return variant.map { .unsupported($0) } ?? .corrupt(format)
    }

    /// PNG, JPEG and PNM headers, as Leptonica reads them (the header only, for these formats).
    /// From a prefix, a header Leptonica cannot read may only be cut short.
    private static func leptonicaHeader(_ bytes: [UInt8], format: ImageFormat, isWholeFile: Bool) -> HeaderReading {
        let failed: HeaderReading = isWholeFile ? .invalid(largestClaim: nil) : .cutShort(largestClaim: nil)
        // Leptonica reads 12 bytes to tell the format, whatever the count.
        guard bytes.count >= ImageFormat.signatureLength else { return failed }
        // Leptonica reads a JPEG's header through libjpeg with its printing defaults.
        if format == .jpeg {
            guard let size = PNGAndJPEG.jpegSize(bytes) else { return failed }
            return .read(ImageHeader(format: format, size: size, samplesPerPixel: JPEGFrame.frameHeader(bytes)?.components))
        }
        var (leptonicaFormat, width, height, bitsPerSample, samplesPerPixel, hasColormap): (Int32, Int32, Int32, Int32, Int32, Int32)
            = (0, 0, 0, 0, 0, 0)
        let status = bytes.withUnsafeBufferPointer {
            pixReadHeaderMem($0.baseAddress, $0.count, &leptonicaFormat, &width, &height,
                             &bitsPerSample, &samplesPerPixel, &hasColormap)
        }
        guard status == 0, ImageFormat(leptonicaFormat: leptonicaFormat) == format else { return failed }
        return .read(ImageHeader(format: format, size: PixelSize(width: Int(width), height: Int(height)),
                                 samplesPerPixel: hasColormap == 0 && samplesPerPixel > 0 ? Int(samplesPerPixel) : nil))
    }

    /// Leptonica's decoding of `bytes` (neither PNG nor JPEG), whose header has been checked.
    private static func leptonicaDecode(_ bytes: [UInt8], header: ImageHeader, reduction: Int) -> LeptonicaImage? {
        var bytes = bytes
        // Leptonica decodes every frame of a GIF (giflib's DGifSlurp) and keeps the first: hand
        // it only the first, followed by the trailer, so later frames cost nothing.
        if let end = header.firstFrameEnd, end < bytes.count, bytes[end] != 0x3B {
            bytes.removeSubrange(end...)
            bytes.append(0x3B)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            LeptonicaImage(taking: pixReadMem(buffer.baseAddress, buffer.count))
        }
    }
}


