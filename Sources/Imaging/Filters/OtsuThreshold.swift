/// Core Image's `CIColorThresholdOtsu`, on luminance: black text on white.
///
/// Core Image thresholds each channel at Otsu's level of its histogram, which can leave
/// coloured pixels; for recognition the image is made black and white instead. Each pixel's
/// luminance level (`LuminanceLevels`: Rec. 709 luminance in the working space, as an 8-bit
/// level of its encoding) goes into a 256-bin histogram, Otsu's level k splits it, and a
/// pixel is white where its level is above k × bias, black otherwise. Bias 1 is Otsu's
/// split; below 1 more becomes white, above 1 more becomes black.
///
/// A uniform image has no split to find; k is then the middle level, 127, so a blank page
/// stays white and a black one black (see `level(ofHistogram:)`).
public struct OtsuThreshold: Sendable {
    public let bias: Double

    public init(bias: Double) {
        precondition(bias >= 0 && bias.isFinite, "the bias must be a number, 0 or more")
        self.bias = bias
    }

    /// Otsu's level: the k that maximises the between-class variance when levels up to k
    /// are one class and levels above k the other.
    ///
    /// Where several consecutive levels give the same maximum (the empty levels between two
    /// peaks all split them the same way) the middle one is taken, so that a bias moves the
    /// threshold from the middle of the gap rather than from its dark edge. An empty or
    /// single-level histogram has variance 0 at every k, and so gives the middle level.
    public static func level(ofHistogram histogram: [Int]) -> Int {
        precondition(!histogram.isEmpty && histogram.allSatisfy { $0 >= 0 }, "a histogram of counts")
        let total = histogram.reduce(0, +)
        let totalSum = histogram.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        var best = -1.0
        var run = 0..<0
        var below = 0, belowSum = 0
        for k in histogram.indices {
            below += histogram[k]
            belowSum += k * histogram[k]
            let above = total - below
            // Between-class variance × total²: (N·S₀ − n₀·S)² / (n₀·n₁). Across empty levels
            // the inputs do not change, so equal splits give bit-identical values.
            var variance = 0.0
            if below > 0 && above > 0 {
                let difference = Double(total) * Double(belowSum) - Double(below) * Double(totalSum)
                variance = difference * difference / (Double(below) * Double(above))
            }
            if variance > best {
                best = variance
                run = k..<(k + 1)
            } else if variance == best && run.upperBound == k {
                run = run.lowerBound..<(k + 1)
            }
        }
        return (run.lowerBound + run.upperBound - 1) / 2
    }

    /// The black-and-white image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let luminance = LuminanceLevels(image, in: space, histogram: true)
        let threshold = Double(Self.level(ofHistogram: luminance.histogram)) * bias
        // White from the first whole level above the threshold.
        let cutoff = min(256, Int(threshold.rounded(.down)) + 1)
        return BlackAndWhite.image(width: image.width, height: image.height, levels: luminance.levels, whiteFrom: cutoff)
    }
}

extension FilterKind {
    public static let otsu = FilterKind(
        "otsu", reproduces: "CIColorThresholdOtsu",
        summary: "black and white at Otsu's level × 4 × intensity: Otsu's own at 25%",
        parameter: .init(name: "bias", symbol: "Otsu ×", title: "bias (× Otsu's level)") { 4 * $0 },
        nanosecondsPerPixel: 12,
        defaultSweep: { _ in evenly(from: 0.125, to: 0.375, steps: 11) },
        apply: { OtsuThreshold(bias: $0).apply(to: $1, in: $2.space) })
}
