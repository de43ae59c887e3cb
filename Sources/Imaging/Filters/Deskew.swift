/// Straightens a page scanned or photographed at a slant: what Leptonica's `pixDeskew`
/// does, in pure Swift.
///
/// The skew is found by projection profiles (`SkewDetector`), as Leptonica finds it: the
/// luminance is split at Otsu's level, the smaller class (the ink) reduced so that the
/// longer side is at most 1500 pixels, and for each candidate angle the ink is counted
/// along the rows of the page turned by that angle; the angle whose counts jump most
/// sharply between adjacent rows (the largest sum of squared differences) is the text's.
/// A sweep over ±`maximumAngle` in 0.5° steps and a closer look in 0.1° steps run on the
/// ink reduced further, then 0.05° steps on the 1500-pixel copy and a parabola through the
/// best three place the peak. When the page shows no clear text lines (the peak is not 4
/// times the score 5° and 10° away), the best angle scores barely better than 0°, or it
/// is below 0.05°, the angle is 0 and the image is returned unchanged. Otherwise the full
/// image is turned about its centre by the opposite angle (`Rotation`): same size, bilinear
/// in the working space, white brought in at the corners.
///
/// The angle is measured on linear-light luminance whatever the working space; the space
/// is the one the turn interpolates in.
///
/// Angles are in degrees, counter-clockwise positive as the page appears on screen: a page
/// whose lines rise to the right has a positive skew. Angles beyond 45° are not searched:
/// lines and columns would be indistinguishable.
public struct Deskew: Sendable {
    /// The largest angle searched, in degrees.
    static let searchLimit = 45.0

    /// The largest skew corrected, in degrees; 0 leaves every image unchanged.
    public let maximumAngle: Double

    public init(maximumAngle: Double) {
        precondition(maximumAngle >= 0 && maximumAngle.isFinite, "the maximum angle must be a number, 0 or more")
        self.maximumAngle = maximumAngle
    }

    /// The page's skew in degrees, within ±`maximumAngle` (at most 45°): turning the image
    /// by minus this straightens it. 0 when there is no text or no confident peak.
    public static func detectAngle(in image: RGBImage, maximumAngle: Double) -> Double {
        let limit = min(maximumAngle, searchLimit)
        guard limit > 0 else { return 0 }
        return SkewDetector(image).angle(maximum: limit)
    }

    /// The straightened image, the same size; the input itself when there is nothing to turn.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        Self.straighten(image, skew: Self.detectAngle(in: image, maximumAngle: maximumAngle), in: space)
    }

    /// `image` turned by minus `skew` degrees (an angle `detectAngle` found), the same size;
    /// the input itself when the skew is 0.
    public static func straighten(_ image: RGBImage, skew: Double, in space: WorkingSpace = .linear) -> RGBImage {
        guard skew != 0 else { return image }
        return Rotation(degrees: -skew).apply(to: image, in: space)
    }
}

extension FilterKind {
    public static let deskew = FilterKind(
        "deskew", reproduces: "Leptonica's pixDeskew",
        summary: "straighten text lines, searching ±28 × intensity degrees: ±7° at 25%",
        parameter: .init(name: "maximum-angle", symbol: "±", title: "search range (± degrees)") { 28 * $0 },
        nanosecondsPerPixel: 12,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 6) },
        redraws: { value, image, page, context in
            let skew = Deskew.detectAngle(in: image, maximumAngle: value)
            return (Deskew.straighten(image, skew: skew, in: context.space), Deskew.straighten(page, skew: skew, in: context.space))
        },
        apply: { Deskew(maximumAngle: $0).apply(to: $1, in: $2.space) })
}
