internal import CTIFF
import FileSystem
import Glibc
import Imaging
import Threading

/// The pages of a multi-page TIFF, read by libtiff through one handle kept open: the chain of
/// image file directories is walked once, on opening, and libtiff remembers where each
/// directory is, so page k costs what page 1 does. (Leptonica opens the file anew for each
/// page, and libtiff then walks the k directories before page k again: 10,000 pages took
/// hours.)
public final class TIFFPages: Sendable {
    /// The path the user gave.
    public let source: String
    /// Each page's directory offset, in page order.
    private let offsets: [UInt64]
    /// libtiff's handle, which reads one directory at a time.
    private let handle: Locked<OpaquePointer>

    public var count: Int { offsets.count }

    /// A TIFF of more pages than this is refused: a directory takes at least 18 bytes, so
    /// even a crafted file needs more than 18 MB for it.
    static let maxPages = 1_000_000

    /// Opens the TIFF at `path` and finds its pages; nil when libtiff cannot read it, its chain
    /// of pages loops, or it has more than `maxPages`.
    public init?(_ path: String) {
        guard let tiff = Self.open(path) else { return nil }
        var offsets = [TIFFCurrentDirOffset(tiff)]
        // libtiff refuses a directory chain that loops back on itself.
        while TIFFReadDirectory(tiff) == 1 {
            guard offsets.count < Self.maxPages else {
                TIFFClose(tiff)
                return nil
            }
            offsets.append(TIFFCurrentDirOffset(tiff))
        }
        source = path
        self.offsets = offsets
        handle = Locked(tiff)
    }

    deinit { handle.withLock { TIFFClose($0) } }

    /// Whether the TIFF at `path` has a second page, from its first directory alone.
    public static func hasSeveralPages(_ path: String) -> Bool {
        guard let tiff = open(path) else { return false }
        defer { TIFFClose(tiff) }
        return TIFFReadDirectory(tiff) == 1
    }

    /// Page `index` (from 0), its size and kind checked from its directory before a pixel is
    /// decoded; errors name the page.
    public func page(_ index: Int, decoder: ImageDecoder) throws(ImageLoadError) -> DecodedImage {
        precondition(offsets.indices.contains(index), "page \(index) of \(offsets.count)")
        let name = "\(source) page \(index + 1)"
        let read: Result<DecodedImage, ImageLoadError> = handle.withLock { tiff in
            func failure(_ problem: ImageLoadError.Problem) -> Result<DecodedImage, ImageLoadError> {
                .failure(ImageLoadError(source: name, problem: problem))
            }
            guard TIFFSetSubDirectory(tiff, offsets[index]) == 1, let traits = TIFFPageTraits(tiff) else {
                return failure(.corrupt(.tiff))
            }
            let area = traits.width.multipliedReportingOverflow(by: traits.height)
            guard !area.overflow, area.partialValue <= decoder.maxPixels else {
                return failure(.tooLarge(width: traits.width, height: traits.height, limit: decoder.maxPixels))
            }
            guard traits.width > 0, traits.height > 0 else { return failure(.zeroSized) }
            if let variant = traits.unsupportedVariant { return failure(.unsupported(variant)) }
            guard let image = Self.decode(tiff, width: traits.width, height: traits.height) else {
                return failure(.corrupt(.tiff))
            }
            return .success(DecodedImage(image: image, format: .tiff, resolution: traits.resolution))
        }
        return try read.get()
    }

    /// The current directory's pixels through libtiff's RGBA reader (every photometric
    /// interpretation, bit depth and compression libtiff knows), alpha composited over white
    /// as every image filterocr loads is; nil when the data is damaged or cut short.
    private static func decode(_ tiff: OpaquePointer, width: Int, height: Int) -> RGBImage? {
        var raster = [UInt32](repeating: 0, count: width * height)
        // Stop at the first error: a truncated strip is an error, not a partly white page.
        let read = raster.withUnsafeMutableBufferPointer { buffer in
            TIFFReadRGBAImageOriented(tiff, UInt32(width), UInt32(height), buffer.baseAddress, Int32(ORIENTATION_TOPLEFT), 1)
        }
        guard read == 1 else { return nil }
        let samples = [UInt8](unsafeUninitializedCapacity: width * height * RGBImage.channels) { buffer, initialized in
            for (index, abgr) in raster.enumerated() {
                let alpha = abgr >> 24
                for channel in 0..<3 {
                    let value = (abgr >> (8 * UInt32(channel))) & 0xFF
                    buffer[index * 3 + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                }
            }
            initialized = width * height * RGBImage.channels
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// The TIFF at `path` open at its first directory, libtiff's messages silenced; nil when it
    /// cannot be opened.
    private static func open(_ path: String) -> OpaquePointer? {
        LibraryMessages.quiet()
        // "m": no memory-mapping, so a file truncated while open is an error, not a SIGBUS.
        return PathEncoding.withFileSystemPath(path) { TIFFOpen($0, "rm") }
    }
}

/// What a TIFF page's directory says about its pixels.
struct TIFFPageTraits {
    var width: Int
    var height: Int
    var bitsPerSample: Int
    var samplesPerPixel: Int
    /// TIFF's SampleFormat: 1 unsigned integers, 2 signed, 3 floating point.
    var sampleFormat: Int
    var tiled: Bool
    /// Pixels per inch, when the directory records it.
    var resolution: Int?

    init?(_ tiff: OpaquePointer) {
        var (width, height): (UInt32, UInt32) = (0, 0)
        var (bits, samples, format): (UInt16, UInt16, UInt16) = (1, 1, 1)
        guard filterocr_tiff_u32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &width) == 1,
              filterocr_tiff_u32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &height) == 1 else { return nil }
        _ = filterocr_tiff_u16_defaulted(tiff, UInt32(TIFFTAG_BITSPERSAMPLE), &bits)
        _ = filterocr_tiff_u16_defaulted(tiff, UInt32(TIFFTAG_SAMPLESPERPIXEL), &samples)
        _ = filterocr_tiff_u16_defaulted(tiff, UInt32(TIFFTAG_SAMPLEFORMAT), &format)
        self.width = Int(width)
        self.height = Int(height)
        bitsPerSample = Int(bits)
        samplesPerPixel = Int(samples)
        sampleFormat = Int(format)
        tiled = TIFFIsTiled(tiff) != 0
        var (xResolution, unit): (Float, UInt16) = (0, UInt16(RESUNIT_INCH))
        _ = filterocr_tiff_u16_defaulted(tiff, UInt32(TIFFTAG_RESOLUTIONUNIT), &unit)
        if filterocr_tiff_float(tiff, UInt32(TIFFTAG_XRESOLUTION), &xResolution) == 1, xResolution.isFinite, xResolution > 0 {
            let perInch = unit == UInt16(RESUNIT_CENTIMETER) ? Double(xResolution) * 2.54 : Double(xResolution)
            resolution = perInch < 100_000 ? Int(perInch.rounded()) : nil
        }
    }

    init(width: Int, height: Int, bitsPerSample: Int, samplesPerPixel: Int, sampleFormat: Int, tiled: Bool) {
        (self.width, self.height, self.bitsPerSample) = (width, height, bitsPerSample)
        (self.samplesPerPixel, self.sampleFormat, self.tiled) = (samplesPerPixel, sampleFormat, tiled)
    }

    /// A valid kind of page Leptonica does not read, said as it follows "is", with what to do;
    /// nil for one it reads.
    var unsupportedVariant: String? {
        if tiled {
            return "a tiled TIFF, which filterocr cannot read; convert it to strips first, e.g. with tiffcp -s in.tif out.tif"
        }
        if sampleFormat == 3 {
            return "a TIFF of \(bitsPerSample)-bit floating-point samples, which filterocr cannot read; "
                + "convert it to 8 or 16 bits first, e.g. with convert in.tif -depth 8 out.tif"
        }
        if sampleFormat == 2 {
            return "a TIFF of signed samples, which filterocr cannot read; convert it to unsigned 8 bits first, "
                + "e.g. with convert in.tif -depth 8 out.tif"
        }
        if ![1, 2, 4, 8, 16].contains(bitsPerSample) {
            return "a TIFF of \(bitsPerSample) bits per sample, which filterocr cannot read (it reads 1, 2, 4, 8 and 16); "
                + "convert it first, e.g. with convert in.tif -depth 8 out.tif"
        }
        if !(1...4).contains(samplesPerPixel) {
            return "a TIFF of \(samplesPerPixel) samples per pixel, which filterocr cannot read (it reads 1 to 4)"
        }
        return nil
    }
}
