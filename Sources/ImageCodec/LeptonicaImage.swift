package import CTesseract
import Imaging

/// Owns one Leptonica `PIX` and destroys it when released.
///
/// Not `Sendable`: a `PIX` is mutable C state used by one thread at a time.
package final class LeptonicaImage {
    package let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`; returns nil for a null pointer (Leptonica's failure value).
    init?(taking pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
    var resolution: Int { Int(pixGetXRes(pix)) }

    /// Converts any depth, colormap or alpha to 32-bit RGB, alpha composited over white.
    func rgbComposited() -> LeptonicaImage? {
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
    func rgbImage() -> RGBImage {
        precondition(pixGetDepth(pix) == 32, "call rgbComposited() first")
        let (width, height) = (self.width, self.height)
        let wordsPerLine = Int(pixGetWpl(pix))
        let words = UnsafeBufferPointer(start: pixGetData(pix), count: wordsPerLine * height)
        var samples = [UInt8](repeating: 0, count: width * height * RGBImage.channels)
        samples.withUnsafeMutableBufferPointer { output in
            copyRGBWords(words, wordsPerLine: wordsPerLine, width: width, height: height, into: output)
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// A 32-bit `PIX` holding `image`, for the encoders.
    package convenience init?(_ image: RGBImage, resolution: Int?) {
        self.init(taking: pixCreate(Int32(image.width), Int32(image.height), 32))
        let wordsPerLine = Int(pixGetWpl(pix))
        let words = UnsafeMutableBufferPointer(start: pixGetData(pix), count: wordsPerLine * image.height)
        image.withUnsafeSamples { samples in
            copyRGBSamples(samples, width: image.width, height: image.height,
                           into: words, wordsPerLine: wordsPerLine)
        }
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
    for y in 0..<height {
        let wordRow = y * wordsPerLine
        var sample = y * width * 3
        for x in 0..<width {
            let word = words[wordRow + x]
            samples[sample] = UInt8(truncatingIfNeeded: word >> 24)
            samples[sample + 1] = UInt8(truncatingIfNeeded: word >> 16)
            samples[sample + 2] = UInt8(truncatingIfNeeded: word >> 8)
            sample += 3
        }
    }
}

/// Packed R G B bytes to Leptonica words, alpha left at 255.
private func copyRGBSamples(_ samples: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                            into words: UnsafeMutableBufferPointer<UInt32>, wordsPerLine: Int) {
    for y in 0..<height {
        let wordRow = y * wordsPerLine
        var sample = y * width * 3
        for x in 0..<width {
            words[wordRow + x] = UInt32(samples[sample]) << 24 | UInt32(samples[sample + 1]) << 16
                | UInt32(samples[sample + 2]) << 8 | 0xFF
            sample += 3
        }
    }
}
