/// Core Image's `CILanczosScaleTransform` with an aspect ratio of 1: the image enlarged or
/// reduced by `factor` with Lanczos-3 resampling in the working space.
///
/// Each output side is max(1, round(side × factor)), pixel centres aligned (output x samples
/// the source at (x + 0.5) / factor − 0.5), borders replicated. Shrinking stretches the
/// kernel by 1 / factor so that it antialiases; enlarging keeps it at ±3 pixels. Lanczos
/// overshoots at sharp edges; results are clamped to the 8-bit range.
///
/// Output size is bounded: when the output would exceed `maximumPixels`, the factor is first
/// reduced, the same on both axes, to the largest whose output fits (each side rounded down
/// then), so that a large factor on a large image cannot exhaust memory. Where a side would
/// round to no pixels it is 1 pixel, sampling the middle of the source along that axis with
/// the kernel stretched over the whole side.
public struct LanczosScale: Sendable {
    /// The most output pixels: a 4x enlargement of a 16-megapixel photo, 192 MB of samples.
    public static let maximumPixels = 64_000_000

    public let factor: Double

    public init(factor: Double) {
        precondition(factor > 0 && factor.isFinite, "the scale factor must be a positive number")
        self.factor = factor
    }

    /// The size `apply` produces for an image of this size.
    public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let plan = ScalePlan(width: width, height: height, factor: factor, maximumPixels: Self.maximumPixels)
        return (plan.width, plan.height)
    }

    /// The scaled image; the input itself when the size and the sampling grid are unchanged.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let plan = ScalePlan(width: image.width, height: image.height, factor: factor,
                             maximumPixels: Self.maximumPixels)
        if plan.width == image.width && plan.height == image.height && plan.xScale == 1 && plan.yScale == 1 {
            return image
        }
        let resampler = LanczosResampler(
            columns: LanczosWeights(input: image.width, output: plan.width, scale: plan.xScale),
            rows: LanczosWeights(input: image.height, output: plan.height, scale: plan.yScale))
        return resampler.apply(to: image, in: space)
    }
}

/// The output size and the scale each axis is sampled at.
struct ScalePlan {
    let width: Int
    let height: Int
    let xScale: Double
    let yScale: Double

    init(width: Int, height: Int, factor: Double, maximumPixels: Int) {
        precondition(width > 0 && height > 0 && maximumPixels > 0)
        let area = Double(width) * Double(height)
        let limit = Double(maximumPixels)
        let clamped = area * factor * factor > limit
        let scale = clamped ? (limit / area).squareRoot() : factor
        // Rounding down after the clamp keeps the product within the limit.
        func side(_ length: Int) -> (count: Int, exact: Bool) {
            let ideal = Double(length) * scale
            let count = Int(clamped ? ideal.rounded(.down) : ideal.rounded())
            return count >= 1 ? (count, true) : (1, false)
        }
        var (outputWidth, exactWidth) = side(width)
        var (outputHeight, exactHeight) = side(height)
        // Only a side forced up to 1 pixel can push the product over the limit: a sliver.
        if outputWidth * outputHeight > maximumPixels {
            if outputWidth == 1 {
                (outputHeight, exactHeight) = (maximumPixels, false)
            } else {
                (outputWidth, exactWidth) = (maximumPixels / outputHeight, false)
            }
        }
        self.width = outputWidth
        self.height = outputHeight
        xScale = exactWidth ? scale : Double(outputWidth) / Double(width)
        yScale = exactHeight ? scale : Double(outputHeight) / Double(height)
    }
}

extension FilterKind {
    /// The slider's 0% shrinks to this factor rather than to nothing.
    public static let smallestScale = 1.0 / 16

    public static let scale = FilterKind(
        "scale", reproduces: "CILanczosScaleTransform",
        summary: "Lanczos resize by 8 × intensity: 2× at 25%, 1× at 12.5% (1/16× to 64 MP)",
        parameter: .init(name: "factor", symbol: "×", title: "scale factor (×)") { max(smallestScale, 8 * $0) },
        nanosecondsPerPixel: 12,
        // ½× to 3×.
        defaultSweep: { _ in evenly(from: 0.0625, to: 0.375, steps: 11) },
        apply: { LanczosScale(factor: $0).apply(to: $1, in: $2.space) })
}
