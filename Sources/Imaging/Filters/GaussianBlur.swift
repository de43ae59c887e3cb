/// Core Image's `CIGaussianBlur` on a clamped-to-extent image, cropped back to its size.
///
/// σ (Core Image's "radius") is the Gaussian's standard deviation in pixels. Edges
/// replicate the border pixel, as `clampedToExtent()` does. Values are blurred in the
/// working space (linear light by default).
///
/// The cost per pixel does not grow with σ. From σ 3 up the blur runs on a shrunken copy
/// of the image (`ScaledGaussian`): averaged down by a factor that leaves a blur of about
/// 1.5 pixels to do, blurred there, and enlarged back. Below σ 3 it is a direct kernel of
/// at most 25 taps (`GaussianKernel`). Where the image is too small to shrink by enough, a
/// recursive filter whose cost does not depend on σ (`RecursiveGaussian`) does the rest.
public struct GaussianBlur: Sendable {
    /// Below this σ the blur changes no 8-bit value; the input is returned as it is.
    public static let identityBelow = 0.16
    /// Below this σ a direct kernel is used; from it up, the recursive filter.
    static let kernelBelow = 3.0

    public let sigma: Double

    public init(sigma: Double) {
        precondition(sigma >= 0 && sigma.isFinite, "σ must be finite and not negative")
        self.sigma = sigma
    }

    /// The blurred image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard sigma >= Self.identityBelow else { return image }
        let scaled = ScaledGaussian(sigma: sigma, width: image.width, height: image.height)
        if scaled.factor > 1 {
            return scaled.apply(to: image, in: space)
        }
        if sigma < Self.kernelBelow {
            return GaussianKernel(sigma: sigma).apply(to: image, in: space)
        }
        var values = space.decode(image)
        values.withUnsafeMutableBufferPointer { values in
            RecursiveGaussian(sigma: sigma).apply(to: values, width: image.width, height: image.height)
        }
        return space.encode(values, width: image.width, height: image.height)
    }
}

extension FilterKind {
    /// The brief's blur: σ = 100 × intensity pixels, on the original.
    public static let blur = FilterKind(
        "blur", reproduces: "CIGaussianBlur",
        summary: "Gaussian blur at 25% (σ = 100 × intensity px) on the original",
        parameter: .init(name: "sigma", symbol: "σ", title: "σ (pixels)") { 100 * $0 },
        isBriefSegment: true, nanosecondsPerPixel: 6,
        defaultSweep: { evenly(from: 0, to: GaussianBlur.reach(textHeight: $0) / 100, steps: 13) },
        apply: { GaussianBlur(sigma: $0).apply(to: $1, in: $2.space) })
}

extension GaussianBlur {
    /// The σ at which text `textHeight` pixels tall (a word box: ascenders to descenders) is
    /// blurred away, rounded up to a round number: about a fifth of the height (σ 6 for the
    /// 26-pixel words of a receipt at 300 dpi, σ 12 for a 59-pixel sticker), never below 6.
    public static func reach(textHeight: Double?) -> Double {
        let needed = (textHeight ?? 0) * 0.2
        return [6.0, 8, 10, 12, 16, 20, 25, 30, 40, 50, 60, 80].first { $0 >= needed } ?? 100
    }
}
