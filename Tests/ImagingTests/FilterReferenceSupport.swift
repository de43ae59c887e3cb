import Foundation
import ImageCodec
import Imaging
import TestSupport
import Testing

/// Real photographs from the image set for the filters' reference tests, each decoded once;
/// a file that fails to load fails the tests that use it instead of stopping the runner.
enum Photos {
    /// A colour photograph of a sign: saturated colours, edges, lettering.
    static let streetSign = Result { try ImageFile.load(Paths.images + "/street_sign.jpg").image }
    /// A phone photograph of a page with sensor noise: what a median is for.
    static let noisyPage = Result { try ImageFile.load(Paths.images + "/phone_photo_noisy.jpg").image }

    /// The `width` x `height` region whose top left corner is a third of the way into the photo.
    static func crop(_ photo: Result<RGBImage, any Error>, width: Int, height: Int) throws -> RGBImage {
        let image = try photo.get()
        try #require(image.width / 3 + width <= image.width && image.height / 3 + height <= image.height,
                     "the photo is \(image.width)x\(image.height), too small for a \(width)x\(height) crop")
        return image.cropped(x: image.width / 3, y: image.height / 3, width: width, height: height)
    }
}

/// 8-bit levels and working-space values, exactly, in double precision.
enum ReferenceLevels {
    static func value(_ level: UInt8, in space: WorkingSpace) -> Double {
        let encoded = Double(level) / 255
        return space == .linear ? ReferenceGaussian.decode(encoded) : encoded
    }

    /// The nearest level to a value, which is clamped to 0...1 first.
    static func level(_ value: Double, in space: WorkingSpace) -> UInt8 {
        let clamped = min(max(value, 0), 1)
        return UInt8(((space == .linear ? ReferenceGaussian.encode(clamped) : clamped) * 255).rounded())
    }
}

extension RGBImage {
    /// A sample by pixel and channel, with coordinates clamped to the image: the edge
    /// replicated, as the filters treat their borders.
    func clampedSample(x: Int, y: Int, channel: Int) -> UInt8 {
        let (cx, cy) = (min(max(x, 0), width - 1), min(max(y, 0), height - 1))
        return samples[(cy * width + cx) * 3 + channel]
    }

    /// The image with each sample replaced by `transform(x, y, channel)`.
    func mapSamples(_ transform: (Int, Int, Int) -> UInt8) -> RGBImage {
        var output = [UInt8](repeating: 0, count: samples.count)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 { output[(y * width + x) * 3 + channel] = transform(x, y, channel) }
            }
        }
        return RGBImage(width: width, height: height, samples: output)
    }

    /// The distinct levels of the samples, for checking a whole image at once.
    var levelsUsed: Set<UInt8> { Set(samples) }
}

/// A test image of the given size whose samples run through many levels in every channel
/// and direction, deterministic, so that tiny and oddly sized images have structure.
func patternImage(width: Int, height: Int, seed: Int = 1) -> RGBImage {
    var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for index in samples.indices {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        samples[index] = UInt8(truncatingIfNeeded: state >> 24)
    }
    return RGBImage(width: width, height: height, samples: samples)
}
