import Foundation
import Imaging
import Testing

/// The exact reference the blur is measured against, written plainly: linear-light sRGB in
/// double precision, a sampled Gaussian out to 4σ normalised to 1, replicated borders, rows
/// then columns, rounded back to 8-bit sRGB.
enum ReferenceGaussian {
    static func blur(_ image: RGBImage, sigma: Double) -> RGBImage {
        let radius = Int((4 * sigma).rounded(.up))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let (width, height) = (image.width, image.height)
        var values = image.samples.map { decode(Double($0) / 255) }
        var rows = values
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<3 {
                    var sum = 0.0
                    for k in -radius...radius {
                        let sx = min(max(x + k, 0), width - 1)
                        sum += kernel[k + radius] * values[(y * width + sx) * 3 + c]
                    }
                    rows[(y * width + x) * 3 + c] = sum
                }
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<3 {
                    var sum = 0.0
                    for k in -radius...radius {
                        let sy = min(max(y + k, 0), height - 1)
                        sum += kernel[k + radius] * rows[(sy * width + x) * 3 + c]
                    }
                    values[(y * width + x) * 3 + c] = sum
                }
            }
        }
        return RGBImage(width: width, height: height,
                        samples: values.map { UInt8((encode(min(max($0, 0), 1)) * 255).rounded()) })
    }

    static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encode(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
}

/// Peak signal-to-noise ratio of two 8-bit images, in dB (infinite when equal); images of
/// different sizes fail the test.
func psnr(_ a: RGBImage, _ b: RGBImage) throws -> Double {
    try #require(a.width == b.width && a.height == b.height && a.samples.count == b.samples.count,
                 "\(a.width)x\(a.height) compared with \(b.width)x\(b.height)")
    var squared = 0.0
    for (x, y) in zip(a.samples, b.samples) {
        let d = Double(x) - Double(y)
        squared += d * d
    }
    let mse = squared / Double(a.samples.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

extension RGBImage {
    /// The `width` x `height` region at (`x`, `y`).
    func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBImage {
        var samples: [UInt8] = []
        samples.reserveCapacity(width * height * 3)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 3
            samples += self.samples[start..<(start + width * 3)]
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// Left and right swapped.
    func mirrored() -> RGBImage {
        var output = self
        for y in 0..<height {
            for x in 0..<width { output[width - 1 - x, y] = self[x, y] }
        }
        return output
    }

    /// The largest difference of one sample; images of different sizes fail the test rather
    /// than being compared over their common prefix.
    func maximumDifference(to other: RGBImage) throws -> Int {
        try #require(width == other.width && height == other.height && samples.count == other.samples.count,
                     "\(width)x\(height) compared with \(other.width)x\(other.height)")
        return zip(samples, other.samples).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }
}
