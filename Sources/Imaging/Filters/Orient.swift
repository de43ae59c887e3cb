/// Turns a page upright by quarter turns, as OCRmyPDF's `--rotate-pages` does: the run's
/// `OrientationDetector` (Tesseract's OSD in the application) says which way up the page is
/// and how sure it is, and the page is turned (exactly, `QuarterTurn`) only when that
/// confidence reaches `threshold`. Otherwise, or with no detector, or when the detector
/// cannot tell, the page is returned unchanged.
public struct Orient: Sendable {
    /// The least confidence at which the page is turned (OCRmyPDF's
    /// `--rotate-pages-threshold`); infinity never turns.
    public let threshold: Double

    public init(threshold: Double) {
        precondition(!threshold.isNaN, "the threshold must be a number")
        self.threshold = threshold
    }

    /// The upright image, or the input itself.
    public func apply(to image: RGBImage, detector: OrientationDetector?) -> RGBImage {
        QuarterTurn(clockwise: turns(for: image, detector: detector)).apply(to: image)
    }

    /// The quarter turns clockwise that `apply` turns `image` by: 0 when it leaves it alone.
    public func turns(for image: RGBImage, detector: OrientationDetector?) -> Int {
        guard threshold.isFinite, let detector, let estimate = detector(image),
              estimate.clockwiseTurns != 0, estimate.confidence >= threshold else { return 0 }
        return estimate.clockwiseTurns
    }
}

extension FilterKind {
    /// The threshold falls as the intensity rises, as a stronger filter does more: 8 at
    /// 25% (OSD's confidence on pages it gets right is about 10 on small pages, under
    /// OCRmyPDF's 14, which leaves them turned), 4 at 50%, 0 (trust every guess) from 75%;
    /// 0% never turns, like every filter's 0%.
    public static let orient = FilterKind(
        "orient", reproduces: "Tesseract's OSD",
        summary: "turn the page upright when OSD is sure enough: confidence ≥ 8 at 25%",
        parameter: .init(name: "threshold", symbol: "≥", title: "least OSD confidence") { Orient.threshold(at: $0) },
        nanosecondsPerPixel: 14,
        defaultSweep: { _ in evenly(from: 0, to: 0.75, steps: 4) },
        moves: { value, image, context in .turn(clockwise: Orient(threshold: value).turns(for: image, detector: context.orientation)) },
        apply: { value, image, context in Orient(threshold: value).apply(to: image, detector: context.orientation) })
}

extension Orient {
    /// The threshold at `intensity`; at 0 a confidence no detector reaches, so 0% is the input.
    public static func threshold(at intensity: Double) -> Double {
        intensity <= 0 ? 1000 : max(0, 12 - 16 * intensity)
    }
}
