/// Core Image's `CIMorphologyMinimum` and `CIMorphologyMaximum`: each sample becomes the
/// smallest (erosion) or largest (dilation) value of its channel in the (2·radius + 1)-pixel
/// square around it, edges replicated.
///
/// On a page of dark text, the minimum thickens strokes and the maximum thins them. The
/// sRGB encoding is increasing, so the smallest working-space value is the smallest 8-bit
/// level: the result is the same in every working space and is computed on the levels.
public struct Morphology: Sendable {
    public enum Operation: Sendable {
        /// Erosion of the values: dark regions grow.
        case minimum
        /// Dilation of the values: light regions grow.
        case maximum
    }

    public let operation: Operation
    /// Pixels each side of the centre; 0 changes nothing.
    public let radius: Int

    public init(_ operation: Operation, radius: Int) {
        precondition(radius >= 0, "the radius must not be negative")
        self.operation = operation
        self.radius = radius
    }

    /// The eroded or dilated image. `space` does not change the result (see above).
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard radius > 0 else { return image }
        switch operation {
        case .minimum: return SquareExtremum<Smallest>(radius: radius).apply(to: image)
        case .maximum: return SquareExtremum<Largest>(radius: radius).apply(to: image)
        }
    }
}

extension FilterKind {
    public static let erode = FilterKind(
        "erode", reproduces: "CIMorphologyMinimum",
        summary: "minimum over radius 4 × intensity px: dark text grows, 1 px at 25%",
        parameter: .windowRadius, nanosecondsPerPixel: 12, defaultSweep: FilterKind.windowSweep,
        apply: { Morphology(.minimum, radius: Int($0)).apply(to: $1, in: $2.space) })

    public static let dilate = FilterKind(
        "dilate", reproduces: "CIMorphologyMaximum",
        summary: "maximum over radius 4 × intensity px: dark text thins, 1 px at 25%",
        parameter: .windowRadius, nanosecondsPerPixel: 12, defaultSweep: FilterKind.windowSweep,
        apply: { Morphology(.maximum, radius: Int($0)).apply(to: $1, in: $2.space) })
}
