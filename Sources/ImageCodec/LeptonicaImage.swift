package import CTesseract
import Imaging

/// A Leptonica `PIX` of any depth a file holds, owned as the filters' `LeptonicaPix` is, with
/// the conversions decoding and encoding need.
///
/// Not `Sendable`: a `PIX` is mutable C state used by one thread at a time.
package final class LeptonicaImage {
    private let owned: LeptonicaPix
    package var pix: UnsafeMutablePointer<PIX> { owned.pix }

    /// Takes ownership of `pix`; returns nil for a null pointer (Leptonica's failure value).
    init?(taking pix: UnsafeMutablePointer<PIX>?) {
        guard let owned = LeptonicaPix(taking: pix) else { return nil }
        self.owned = owned
    }

    private init(_ owned: LeptonicaPix) {
        self.owned = owned
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
    var resolution: Int { Int(pixGetXRes(pix)) }

    /// The image as packed RGB, alpha composited over white; nil when Leptonica cannot
    /// convert it. Black-and-white and grey pages are expanded here in one pass: through a
    /// 32-bit `PIX` they cost a second page-sized buffer (57 MB for a 14 MP scan) and its
    /// page faults.
    func rgbImage() -> RGBImage? {
        if pixGetColormap(pix) == nil, pixGetSpp(pix) == 1 {
            switch pixGetDepth(pix) {
            case 1: return expanded(bitsPerSample: 1)
            case 8: return expanded(bitsPerSample: 8)
            default: break
            }
        }
        return rgbComposited()?.copiedRGB()
    }

    /// Converts any depth, colormap or alpha to 32-bit RGB, alpha composited over white.
    private func rgbComposited() -> LeptonicaImage? {
        if let colormap = pixGetColormap(pix) {
            var opaque: Int32 = 1
            pixcmapIsOpaque(colormap, &opaque)
            let removal = opaque != 0 ? REMOVE_CMAP_TO_FULL_COLOR : REMOVE_CMAP_WITH_ALPHA
            guard let expanded = LeptonicaImage(taking: pixRemoveColormap(pix, Int32(removal))) else {
                return nil
            }
            return expanded.rgbComposited()
        }
        if pixGetDepth(pix) == 32 && pixGetSpp(pix) == 4 {
            return LeptonicaImage(taking: pixAlphaBlendUniform(pix, Self.whiteBackground))
        }
        return LeptonicaImage(taking: pixConvertTo32(pix))
    }

    /// Copies a 32-bit RGB `PIX` into an `RGBImage`.
    private func copiedRGB() -> RGBImage {
        precondition(pixGetDepth(pix) == 32, "call rgbComposited() first")
        return withSamples { words, wordsPerLine, output in
            copyRGBWords(words, wordsPerLine: wordsPerLine, width: width, height: height, into: output)
        }
    }

    /// A 1-bit (1 is black) or 8-bit grey `PIX` as RGB with three equal channels.
    private func expanded(bitsPerSample: Int) -> RGBImage {
        withSamples { words, wordsPerLine, output in
            if bitsPerSample == 1 {
                copyBitWords(words, wordsPerLine: wordsPerLine, width: width, height: height, into: output)
            } else {
                copyGreyWords(words, wordsPerLine: wordsPerLine, width: width, height: height, into: output)
            }
        }
    }

    /// An `RGBImage` of this size whose samples `fill` writes, every one of them, from the
    /// `PIX`'s words: the buffer is not cleared first.
    private func withSamples(_ fill: (UnsafeBufferPointer<UInt32>, Int, UnsafeMutableBufferPointer<UInt8>) -> Void) -> RGBImage {
        let (width, height) = (self.width, self.height)
        let wordsPerLine = Int(pixGetWpl(pix))
        let words = UnsafeBufferPointer(start: pixGetData(pix), count: wordsPerLine * height)
        let count = width * height * RGBImage.channels
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            fill(words, wordsPerLine, output)
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// A 32-bit `PIX` holding `image`, for the encoders.
    package convenience init?(_ image: RGBImage, resolution: Int?) {
        guard let owned = LeptonicaPix(image) else { return nil }
        self.init(owned)
        if let resolution {
            pixSetResolution(pix, Int32(resolution), Int32(resolution))
        }
    }

    /// `image` at the smallest depth that holds it: 1 bit for black and white, 8 for grey,
    /// 32 for colour, so that an encoder picks what suits it (G4 for a scanned page rather than
    /// JPEG of three equal channels).
    package static func smallestDepth(_ image: RGBImage, bilevel allowed: Bool = true) -> LeptonicaImage? {
        guard let colour = LeptonicaImage(image, resolution: nil) else { return nil }
        guard image.isGreyscale else { return colour }
        guard let grey = LeptonicaImage(taking: pixConvertRGBToLuminance(colour.pix)) else { return nil }
        guard allowed, image.isBilevel else { return grey }
        return LeptonicaImage(taking: pixThresholdToBinary(grey.pix, 128))
    }

    /// Leptonica's 32-bit pixels are 0xRRGGBBAA words; this is white with alpha 0.
    private static let whiteBackground: UInt32 = 0xFFFF_FF00
}

/// Leptonica words (0xRRGGBBAA, in native byte order) to packed R G B bytes.
private func copyRGBWords(_ words: UnsafeBufferPointer<UInt32>, wordsPerLine: Int, width: Int, height: Int,
                          into samples: UnsafeMutableBufferPointer<UInt8>) {
    copyRows(height: height, width: width, wordsPerLine: wordsPerLine, into: samples) { row, x in
        let word = words[row + x]
        return (UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8))
    }
}

/// Leptonica's 1-bit rows (bits from the most significant down, 1 black) to grey R G B bytes.
private func copyBitWords(_ words: UnsafeBufferPointer<UInt32>, wordsPerLine: Int, width: Int, height: Int,
                          into samples: UnsafeMutableBufferPointer<UInt8>) {
    copyRows(height: height, width: width, wordsPerLine: wordsPerLine, into: samples) { row, x in
        let value: UInt8 = words[row + x >> 5] >> (31 - UInt32(x & 31)) & 1 == 1 ? 0 : 255
        return (value, value, value)
    }
}

/// Leptonica's 8-bit rows (four samples to a native word, the first in its high byte) to grey
/// R G B bytes.
private func copyGreyWords(_ words: UnsafeBufferPointer<UInt32>, wordsPerLine: Int, width: Int, height: Int,
                           into samples: UnsafeMutableBufferPointer<UInt8>) {
    copyRows(height: height, width: width, wordsPerLine: wordsPerLine, into: samples) { row, x in
        let value = UInt8(truncatingIfNeeded: words[row + x >> 2] >> (24 - 8 * UInt32(x & 3)))
        return (value, value, value)
    }
}

/// Every pixel of `height` rows of `width`, as `pixel` reads it from the row starting at that
/// word, into packed R G B bytes.
@inline(__always)
private func copyRows(height: Int, width: Int, wordsPerLine: Int, into samples: UnsafeMutableBufferPointer<UInt8>,
                      pixel: (_ row: Int, _ x: Int) -> (UInt8, UInt8, UInt8)) {
    for y in 0..<height {
        let row = y * wordsPerLine
        var sample = y * width * 3
        for x in 0..<width {
            (samples[sample], samples[sample + 1], samples[sample + 2]) = pixel(row, x)
            sample += 3
        }
    }
}
