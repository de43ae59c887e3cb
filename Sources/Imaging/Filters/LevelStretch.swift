/// Stretches a faded page's levels so that its darkest ink is black and its paper white: what
/// ImageMagick's `-contrast-stretch` does, measured on the middle of the page.
///
/// A page printed faintly, photocopied light or scanned on grey paper spans a narrow band of
/// levels (ink at 158 on paper at 206), and Tesseract's own global threshold then falls
/// between the paper and a dark scanner bed at the edge, so the text vanishes. Here the ink
/// level is the level below which `inkShare` of the pixels lie and the paper level the one
/// below which 90% lie, both counted over the page without a tenth of each side (where a
/// scanner bed or a photo's table lies), and every sample's level v becomes
/// (v − ink) × 255 / (paper − ink), clamped: a straight line on the stored levels, so that the
/// order of tones is kept and an already black-and-white page is unchanged. A page whose span
/// is under `leastSpan` levels has no text to stretch, and is returned as it is.
public struct LevelStretch: Sendable {
    /// The share of the page's middle taken as the darkest ink (0.005 is half a percent);
    /// 0 leaves the image as it is.
    public let inkShare: Double
    /// The share of the page's middle at or below the paper's level.
    static let paperShare = 0.9
    /// The part of each side left out of the count.
    static let margin = 0.1
    static let leastSpan = 8

    public init(inkShare: Double) {
        precondition(inkShare >= 0 && inkShare < Self.paperShare, "the ink share must be in 0..<0.9")
        self.inkShare = inkShare
    }

    /// The ink and paper levels of `image`, in the encoding of `space`'s levels.
    public func levels(of image: RGBImage, in space: WorkingSpace = .linear) -> (ink: Int, paper: Int) {
        let histogram = Self.middleHistogram(LuminanceLevels(image, in: space))
        let total = histogram.reduce(0, +)
        return (Self.level(at: inkShare, of: histogram, total: total), Self.level(at: Self.paperShare, of: histogram, total: total))
    }

    /// The stretched image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard inkShare > 0, image.pixelCount > 0 else { return image }
        let (ink, paper) = levels(of: image, in: space)
        guard paper - ink >= Self.leastSpan, ink > 0 || paper < 255 else { return image }
        // The line is on stored levels, which is the sRGB space's value scale.
        let table = LevelTable(in: .sRGB) { level in Double(level - ink) / Double(paper - ink) }
        return table.apply(to: image)
    }

    /// Pixels at each level over the page without `margin` of each side (the whole page when
    /// that leaves nothing).
    static func middleHistogram(_ luminance: LuminanceLevels) -> [Int] {
        let (width, height) = (luminance.width, luminance.height)
        var xs = Int(Double(width) * margin)..<(width - Int(Double(width) * margin))
        var ys = Int(Double(height) * margin)..<(height - Int(Double(height) * margin))
        if xs.isEmpty || ys.isEmpty { (xs, ys) = (0..<width, 0..<height) }
        var histogram = [Int](repeating: 0, count: 256)
        luminance.levels.withUnsafeBufferPointer { levels in
            for y in ys {
                let row = levels.baseAddress! + y * width
                for x in xs { histogram[Int(row[x])] += 1 }
            }
        }
        return histogram
    }

    /// The least level at or below which `share` of `total` pixels lie.
    static func level(at share: Double, of histogram: [Int], total: Int) -> Int {
        let wanted = max(1, Int((share * Double(total)).rounded(.up)))
        var sum = 0
        for (level, count) in histogram.enumerated() {
            sum += count
            if sum >= wanted { return level }
        }
        return 255
    }
}

extension FilterKind {
    public static let levels = FilterKind(
        "levels", reproduces: "ImageMagick -contrast-stretch",
        summary: "stretch the darkest 2 × intensity % of the page to black, its paper to white: 0.5% at 25%",
        parameter: .init(name: "ink", symbol: "%", title: "ink (% of the page)") { 2 * $0 },
        nanosecondsPerPixel: 2,
        defaultSweep: { _ in evenly(from: 0.05, to: 1.5, steps: 7) },
        apply: { LevelStretch(inkShare: min(0.89, $0 / 100)).apply(to: $1, in: $2.space) })
}
