/// One filter at one intensity: `blur 25%`, `binarize 75%`.
///
/// Intensity is a fraction (0.25 is 25%) in 0...3, as the brief's 0-300% slider; the blur's
/// σ is 100 × intensity pixels and the threshold 0.5 × intensity, as the brief specifies, and
/// `FilterKind.parameter(at:)` maps it for the other filters.
public struct FilterOperation: Sendable, Hashable, CustomStringConvertible {
    public static let defaultIntensity = 0.25
    public static let intensityRange = 0.0...3.0

    public let kind: FilterKind
    public let intensity: Double

    public init(_ kind: FilterKind, intensity: Double = FilterOperation.defaultIntensity) {
        precondition(Self.intensityRange.contains(intensity), "intensity \(intensity) outside 0...3")
        self.kind = kind
        self.intensity = intensity
    }

    /// The filter's own parameter at this intensity (σ for the blur, the level for binarize ...).
    public var parameter: FilterKind.Parameter { kind.parameter(at: intensity) }

    /// `blur 25%`, `binarize 150%`.
    public var description: String { "\(kind.rawValue) \(Self.percent(intensity))" }

    /// `25%`, `12.5%`: the intensity as a user writes it.
    public static func percent(_ intensity: Double) -> String {
        let value = (intensity * 100 * 1000).rounded() / 1000
        return value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }

    /// This filter applied to `image`.
    public func apply(to image: RGBImage, in context: FilterContext) -> RGBImage {
        kind.apply(at: intensity, to: image, in: context)
    }

    /// This filter applied to `image` in `space`, with no orientation detector (`orient` then
    /// leaves the page as it is).
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        apply(to: image, in: FilterContext(space: space))
    }
}

extension Array where Element == FilterOperation {
    /// The operations applied in order, each to the 8-bit result of the one before, as an
    /// app re-rendering its image after every step would.
    public func apply(to image: RGBImage, in context: FilterContext) -> RGBImage {
        reduce(image) { $1.apply(to: $0, in: context) }
    }

    /// The operations applied in `space`, with no orientation detector.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        apply(to: image, in: FilterContext(space: space))
    }
}
