import Foundation
import Imaging

/// The exact reference the Lanczos scaling is measured against, written plainly: each
/// output pixel is a direct two-dimensional sum over the source pixels under the kernel,
/// in double precision, in the working space, with the edge replicated and the weights of
/// each axis normalised to sum 1.
enum ReferenceLanczos {
    static func kernel(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        return 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x)
    }

    /// The output length of one axis and the scale it is sampled at: round(length × factor),
    /// or 1 pixel sampling the whole axis when that rounds to nothing.
    static func axis(_ length: Int, factor: Double) -> (count: Int, scale: Double) {
        let count = Int((Double(length) * factor).rounded())
        return count >= 1 ? (count, factor) : (1, 1 / Double(length))
    }

    /// Source coordinates (clamped to the image) and normalised weights for output coordinate `o`.
    static func taps(output o: Int, input length: Int, scale: Double) -> [(index: Int, weight: Double)] {
        let stretch = min(scale, 1), support = 3 / stretch
        let centre = (Double(o) + 0.5) / scale - 0.5
        var taps: [(index: Int, weight: Double)] = []
        for i in Int((centre - support).rounded(.down))...Int((centre + support).rounded(.up)) {
            let weight = kernel((Double(i) - centre) * stretch)
            if weight != 0 { taps.append((min(max(i, 0), length - 1), weight)) }
        }
        let total = taps.reduce(0) { $0 + $1.weight }
        return taps.map { ($0.index, $0.weight / total) }
    }

    static func scale(_ image: RGBImage, factor: Double, in space: WorkingSpace = .linear) -> RGBImage {
        let columns = axis(image.width, factor: factor), rows = axis(image.height, factor: factor)
        func decode(_ sample: UInt8) -> Double {
            space == .linear ? ReferenceGaussian.decode(Double(sample) / 255) : Double(sample) / 255
        }
        func encode(_ value: Double) -> UInt8 {
            let clamped = min(max(value, 0), 1)
            return UInt8((255 * (space == .linear ? ReferenceGaussian.encode(clamped) : clamped)).rounded())
        }
        let values = image.samples.map(decode)
        var output = RGBImage(width: columns.count, height: rows.count)
        for y in 0..<rows.count {
            let vertical = taps(output: y, input: image.height, scale: rows.scale)
            for x in 0..<columns.count {
                let horizontal = taps(output: x, input: image.width, scale: columns.scale)
                var sum = [0.0, 0.0, 0.0]
                for (sy, wy) in vertical {
                    for (sx, wx) in horizontal {
                        for c in 0..<3 { sum[c] += wy * wx * values[(sy * image.width + sx) * 3 + c] }
                    }
                }
                output[x, y] = RGBPixel(red: encode(sum[0]), green: encode(sum[1]), blue: encode(sum[2]))
            }
        }
        return output
    }
}
