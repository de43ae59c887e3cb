/// Core Image's `CIColorControls` with only `inputContrast` set: each working-space value v
/// becomes (v − 0.5)·factor + 0.5, clamped to 0...1.
///
/// Factors above 1 push values away from the working space's midpoint, below 1 towards it,
/// and 0 makes the image flat at 0.5. In linear light the midpoint 0.5 is sRGB level 187.5,
/// so a contrast raise there darkens more of a page than it does in `.sRGB`.
public struct Contrast: Sendable {
    public let factor: Double

    public init(factor: Double) {
        precondition(factor.isFinite, "the contrast factor must be a number")
        self.factor = factor
    }

    /// The image with its contrast changed.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        if factor == 1 { return image }
        let factor = self.factor
        let table = LevelTable(in: space) { level in
            (space.value(ofLevel: level) - 0.5) * factor + 0.5
        }
        return table.apply(to: image)
    }
}

extension FilterKind {
    public static let contrast = FilterKind(
        "contrast", reproduces: "CIColorControls",
        summary: "contrast about mid-grey, × (1 + 4 × intensity): 2× at 25%",
        parameter: .init(name: "contrast", symbol: "×", title: "contrast (×)") { 1 + 4 * $0 },
        nanosecondsPerPixel: 1,
        defaultSweep: { _ in evenly(from: 0, to: 0.75, steps: 7) },
        apply: { Contrast(factor: $0).apply(to: $1, in: $2.space) })
}
