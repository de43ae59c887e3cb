/// Core Image's `CIMedianFilter` (a 3x3 median) generalised to any radius: each sample
/// becomes the median of its channel over the (2·radius + 1)-pixel square around it, edges
/// replicated.
///
/// It removes specks smaller than about half the window and keeps edges sharp, where a
/// blur would smear them. The sRGB encoding is increasing, so the median of the working-space
/// values is the value of the median level: the result is the same in every working space
/// and is computed on the 8-bit levels.
public struct MedianFilter: Sendable {
    /// Pixels each side of the centre; 0 changes nothing.
    public let radius: Int

    public init(radius: Int) {
        // The window's histogram counts its samples in signed 16-bit lanes: 129x129 fit.
        precondition((0...64).contains(radius), "the radius must be 0 to 64")
        self.radius = radius
    }

    /// The median-filtered image. `space` does not change the result (see above).
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        switch radius {
        case 0: image
        case 1: MedianOfNine().apply(to: image)
        case 2: NetworkMedian<FiveByFive>().apply(to: image)
        case 3: NetworkMedian<SevenBySeven>().apply(to: image)
        default: HistogramMedian(radius: radius).apply(to: image)
        }
    }
}

extension FilterKind {
    public static let median = FilterKind(
        "median", reproduces: "CIMedianFilter",
        summary: "median of a square window of radius 4 × intensity px: 3×3 at 25% (denoise)",
        parameter: .windowRadius, nanosecondsPerPixel: 12,
        defaultSweep: FilterKind.windowSweep,
        apply: { MedianFilter(radius: Int($0)).apply(to: $1, in: $2.space) })
}

extension FilterKind.ParameterScale {
    /// The window filters' radius: 4 × intensity pixels, 1 at 25%.
    static let windowRadius = FilterKind.ParameterScale(name: "radius", symbol: "r", title: "radius (pixels)") { (4 * $0).rounded() }
}

extension FilterKind {
    /// The window filters' sweep: each radius up to 3 pixels.
    static let windowSweep: @Sendable (Double?) -> [Double] = { _ in evenly(from: 0, to: 0.75, steps: 4) }
}
