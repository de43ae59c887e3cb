internal import CTIFF
internal import CTesseract
import FileSystem
import Glibc
import Imaging

/// The pages of a multi-page TIFF: libtiff walks the chain of image file directories once, on
/// opening, and each page is then read from its own directory's offset. (Leptonica's
/// `pixReadTiff(path, n)` walks the n directories before page n on every call: 10,000 pages
/// took hours.)
public final class TIFFPages: Sendable {
    /// The path the user gave.
    public let source: String
    /// Each page's directory offset, in page order.
    private let offsets: [UInt64]

    public var count: Int { offsets.count }

    /// A TIFF of more pages than this is refused: a directory takes at least 18 bytes, so
    /// even a crafted file needs more than 18 MB for it.
    public static let maxPages = 1_000_000

    /// Opens the TIFF at `path` and finds its pages; nil when libtiff cannot read it.
    public init?(_ path: String) {
        guard let offsets = Self.directoryOffsets(path) else { return nil }
        source = path
        self.offsets = offsets
    }

    /// Whether the TIFF at `path` has a second page, from its first directory alone.
    public static func hasSeveralPages(_ path: String) -> Bool {
        withTIFF(path) { tiff in TIFFReadDirectory(tiff) == 1 } ?? false
    }

    /// Page `index` (from 0), its size and kind checked from its directory before a pixel is
    /// decoded; errors name the page.
    public func page(_ index: Int, decoder: ImageDecoder) throws(ImageLoadError) -> DecodedImage {
        precondition(offsets.indices.contains(index), "page \(index) of \(offsets.count)")
        let name = "\(source) page \(index + 1)"
        func failure(_ problem: ImageLoadError.Problem) -> ImageLoadError { ImageLoadError(source: name, problem: problem) }
        guard let traits = Self.withTIFF(source, { tiff in
            TIFFSetSubDirectory(tiff, offsets[index]) == 1 ? TIFFPageTraits(tiff) : nil
        }) ?? nil else { throw failure(.corrupt(.tiff)) }
        let area = traits.width.multipliedReportingOverflow(by: traits.height)
        guard !area.overflow, area.partialValue <= decoder.maxPixels else {
            throw failure(.tooLarge(width: traits.width, height: traits.height, limit: decoder.maxPixels))
        }
        guard traits.width > 0, traits.height > 0 else { throw failure(.zeroSized) }
        if let variant = traits.unsupportedVariant { throw failure(.unsupported(variant)) }
        LeptonicaMessages.silence()
        // Leptonica reads the page at this offset, directly (0 means the first page).
        var offset = index == 0 ? 0 : Int(offsets[index])
        let image = PathEncoding.withFileSystemPath(source) { LeptonicaImage(taking: pixReadFromMultipageTiff($0, &offset)) }
        guard let image, image.width == traits.width, image.height == traits.height, let rgb = image.rgbComposited() else {
            throw failure(.corrupt(.tiff))
        }
        return DecodedImage(image: rgb.rgbImage(), format: .tiff, resolution: image.resolution > 0 ? image.resolution : nil)
    }

    /// The offsets of the TIFF's directories, in order; nil when it cannot be read, loops, or
    /// has more than `maxPages`.
    private static func directoryOffsets(_ path: String) -> [UInt64]? {
        withTIFF(path) { tiff -> [UInt64]? in
            var offsets = [TIFFCurrentDirOffset(tiff)]
            // libtiff refuses a directory chain that loops back on itself.
            while TIFFReadDirectory(tiff) == 1 {
                guard offsets.count < maxPages else { return nil }
                offsets.append(TIFFCurrentDirOffset(tiff))
            }
            return offsets
        } ?? nil
    }

    /// `body` with the TIFF at `path` open at its first directory, libtiff's messages
    /// silenced; nil when it cannot be opened.
    private static func withTIFF<T>(_ path: String, _ body: (OpaquePointer) -> T) -> T? {
        TIFFSilence.install()
        // "m": no memory-mapping, so a file truncated while open is an error, not a SIGBUS.
        guard let tiff = PathEncoding.withFileSystemPath(path, { TIFFOpen($0, "rm") }) else { return nil }
        defer { TIFFClose(tiff) }
        return body(tiff)
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

/// libtiff prints its warnings and errors on standard error by default; filterocr says what
/// matters in one line of its own.
enum TIFFSilence {
    private static let installed: Void = {
        TIFFSetWarningHandler(nil)
        TIFFSetErrorHandler(nil)
    }()

    static func install() { installed }
}
