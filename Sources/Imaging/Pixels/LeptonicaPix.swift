package import CTesseract

/// Owns one Leptonica `PIX` and destroys it when released: how the filters that use
/// Leptonica's geometry and light operations hand it pixels and take its results back.
///
/// Only 8-bit grey and 32-bit RGB pixels cross here; decoding and encoding files is
/// ImageCodec's. Not `Sendable`: a `PIX` is mutable C state used by one thread at a time.
package final class LeptonicaPix {
    package let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`; nil for a null pointer (Leptonica's failure value).
    package init?(taking pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    /// A 32-bit `PIX` holding `image`.
    package convenience init?(_ image: RGBImage) {
        LeptonicaMessages.quiet()
        self.init(taking: pixCreate(Int32(image.width), Int32(image.height), 32))
        let wordsPerLine = Int(pixGetWpl(pix))
        let words = pixGetData(pix)!
        image.withUnsafeSamples { samples in
            for y in 0..<image.height {
                let row = words + y * wordsPerLine
                let input = samples.baseAddress! + y * image.width * 3
                for x in 0..<image.width {
                    // 0xRRGGBBAA in native order, alpha opaque.
                    row[x] = UInt32(input[3 * x]) << 24 | UInt32(input[3 * x + 1]) << 16 | UInt32(input[3 * x + 2]) << 8 | 0xFF
                }
            }
        }
    }

    /// An 8-bit grey `PIX` of `image`'s luminance (Leptonica's weights, on the encoded levels).
    static func luminance(of image: RGBImage) -> LeptonicaPix? {
        guard let colour = LeptonicaPix(image) else { return nil }
        return LeptonicaPix(taking: pixConvertRGBToLuminance(colour.pix))
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }

    /// The pixels as RGB: a grey `PIX` gives three equal channels. Nil for other depths.
    func rgbImage() -> RGBImage? {
        let depth = pixGetDepth(pix)
        guard pixGetColormap(pix) == nil, depth == 8 || depth == 32, width > 0, height > 0 else { return nil }
        let (width, height) = (self.width, self.height)
        let wordsPerLine = Int(pixGetWpl(pix))
        let words = UnsafePointer(pixGetData(pix)!)
        let count = width * height * 3
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            for y in 0..<height {
                let row = words + y * wordsPerLine
                let out = output.baseAddress! + y * width * 3
                if depth == 32 {
                    for x in 0..<width {
                        let word = row[x]
                        out[3 * x] = UInt8(truncatingIfNeeded: word >> 24)
                        out[3 * x + 1] = UInt8(truncatingIfNeeded: word >> 16)
                        out[3 * x + 2] = UInt8(truncatingIfNeeded: word >> 8)
                    }
                } else {
                    // Four samples to a native word, the first in its high byte.
                    for x in 0..<width {
                        let value = UInt8(truncatingIfNeeded: row[x >> 2] >> (24 - 8 * UInt32(x & 3)))
                        (out[3 * x], out[3 * x + 1], out[3 * x + 2]) = (value, value, value)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: samples)
    }
}
