/// Core Image's `CIGaussianBlur` on a clamped-to-extent image, cropped back to its size.
///
/// σ (Core Image's "radius") is the Gaussian's standard deviation in pixels. Edges
/// replicate the border pixel, as `clampedToExtent()` does. The blur is separable: one pass
/// along the rows, one along the columns. From σ = 2 up each pass is a third-order recursive
/// filter (Young, van Vliet and Verbeek's poles, with Triggs and Sdika's exact boundary), whose
/// cost per pixel does not depend on σ, even where σ exceeds the image; below that, where the
/// recursive filter loses accuracy, a direct kernel of at most 17 taps.
public struct GaussianBlur: Sendable {
    /// Below this σ the blur changes no 8-bit value; the input is returned as it is.
    public static let identityBelow = 0.16
    /// From this σ up the recursive filter is used.
    static let recursiveFrom = 2.0

    public let sigma: Double

    public init(sigma: Double) {
        precondition(sigma >= 0 && sigma.isFinite, "σ must be finite and not negative")
        self.sigma = sigma
    }

    /// The blurred image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard sigma >= Self.identityBelow else { return image }
        if sigma >= Self.recursiveFrom {
            return RecursiveGaussian(sigma: sigma).apply(to: image, in: space)
        }
        var values = space.decode(image)
        let (width, height) = (image.width, image.height)
        values.withUnsafeMutableBufferPointer { values in
            let kernel = GaussianKernel(sigma: sigma)
            kernel.blurRows(values, width: width, height: height)
            kernel.blurColumns(values, width: width, height: height)
        }
        return space.encode(values, width: width, height: height)
    }
}
