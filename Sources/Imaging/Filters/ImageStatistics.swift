/// Cheap measures of how a page image was made, for deciding what is worth trying on it before
/// it is read: how noisy, how sharp, how well ink and paper separate and where they lie, how
/// blocky from JPEG. Each is a plain function of the pixels (integer sums, the same on every
/// machine), taken on the grey level of each pixel (the red sample of a grey page, the mean of
/// the three otherwise) at the page's own resolution: on a large page only every n-th band of
/// three rows is visited, so that the cost stays near `sampleLimit` pixels whatever the size.
public struct ImageStatistics: Sendable, Equatable, Codable {
    /// The noise's standard deviation in grey levels, by Immerkær's estimate (1996): the mean
    /// absolute response to a 3×3 mask that cancels flat and sloping regions, scaled so that
    /// Gaussian noise of σ reads σ. Edges add to it, so a sharp page of fine print reads a few
    /// levels even without noise.
    public var noise: Double
    /// The variance of the 4-neighbour Laplacian: high on crisp strokes, low on a blurred page.
    public var sharpness: Double
    /// How well two levels explain the page: Otsu's between-class variance over the total
    /// variance, from 0 (one flat level) to 1 (pure black and white).
    public var separability: Double
    /// The mean levels below and above Otsu's split: the ink and the paper, 0-255.
    public var ink: Double
    public var paper: Double
    /// The mean absolute step between horizontal neighbours across an 8-pixel column boundary
    /// over the mean step elsewhere: about 1 for a page never JPEG-compressed, more for one
    /// compressed hard (its 8×8 blocks). 1 where the page has no steps at all.
    public var blockiness: Double

    /// The pixels visited on a page of any size, about.
    public static let sampleLimit = 1_000_000

    public init(noise: Double, sharpness: Double, separability: Double, ink: Double, paper: Double, blockiness: Double) {
        (self.noise, self.sharpness, self.separability) = (noise, sharpness, separability)
        (self.ink, self.paper, self.blockiness) = (ink, paper, blockiness)
    }

    public init(of image: RGBImage) {
        let grey = Self.greyLevels(of: image)
        let width = image.width, height = image.height
        // Every `step`-th band of three rows, so that about `sampleLimit` pixels are visited.
        let step = max(1, (width * height) / Self.sampleLimit)
        var histogram = [Int](repeating: 0, count: 256)
        var immerkaer = 0, laplacianSum = 0, laplacianSquares = 0.0, masked = 0
        var gridSteps = 0, gridCount = 0, otherSteps = 0, otherCount = 0
        grey.withUnsafeBufferPointer { levels in
            for y in stride(from: 1, to: max(1, height - 1), by: step) {
                let above = (y - 1) * width, row = y * width, below = (y + 1) * width
                for x in 0..<width { histogram[Int(levels[row + x])] += 1 }
                for x in 1..<max(1, width) {
                    let difference = abs(Int(levels[row + x]) - Int(levels[row + x - 1]))
                    if x % 8 == 0 { gridSteps += difference; gridCount += 1 } else { otherSteps += difference; otherCount += 1 }
                }
                guard width >= 3 else { continue }
                for x in 1..<(width - 1) {
                    let centre = Int(levels[row + x])
                    let sides = Int(levels[row + x - 1]) + Int(levels[row + x + 1])
                    let vertical = Int(levels[above + x]) + Int(levels[below + x])
                    let corners = Int(levels[above + x - 1]) + Int(levels[above + x + 1])
                        + Int(levels[below + x - 1]) + Int(levels[below + x + 1])
                    immerkaer += abs(4 * centre - 2 * (sides + vertical) + corners)
                    let laplacian = sides + vertical - 4 * centre
                    laplacianSum += laplacian
                    laplacianSquares += Double(laplacian * laplacian)
                    masked += 1
                }
            }
        }
        if masked > 0 {
            noise = (Double.pi / 2).squareRoot() * Double(immerkaer) / (6 * Double(masked))
            let mean = Double(laplacianSum) / Double(masked)
            sharpness = max(0, laplacianSquares / Double(masked) - mean * mean)
        } else {
            (noise, sharpness) = (0, 0)
        }
        (separability, ink, paper) = Self.twoLevels(histogram)
        let gridMean = gridCount > 0 ? Double(gridSteps) / Double(gridCount) : 0
        let otherMean = otherCount > 0 ? Double(otherSteps) / Double(otherCount) : 0
        blockiness = otherMean > 0 ? gridMean / otherMean : (gridMean > 0 ? Self.blockinessCap : 1)
        blockiness = min(blockiness, Self.blockinessCap)
    }

    /// A page whose only steps are at block boundaries would otherwise read infinitely blocky.
    static let blockinessCap = 16.0

    /// Otsu's separability and the two class means of a histogram of 256 levels.
    static func twoLevels(_ histogram: [Int]) -> (separability: Double, ink: Double, paper: Double) {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return (0, 0, 255) }
        let split = OtsuThreshold.level(ofHistogram: histogram)
        var below = 0, belowSum = 0, sum = 0, squares = 0.0
        for (level, count) in histogram.enumerated() {
            sum += level * count
            squares += Double(level * level) * Double(count)
            if level <= split { below += count; belowSum += level * count }
        }
        let mean = Double(sum) / Double(total)
        let variance = squares / Double(total) - mean * mean
        let above = total - below
        let inkMean = below > 0 ? Double(belowSum) / Double(below) : mean
        let paperMean = above > 0 ? Double(sum - belowSum) / Double(above) : mean
        guard variance > 1e-9, below > 0, above > 0 else { return (0, inkMean, paperMean) }
        let between = Double(below) * Double(above) / (Double(total) * Double(total)) * (paperMean - inkMean) * (paperMean - inkMean)
        return (min(1, between / variance), inkMean, paperMean)
    }

    /// One level per pixel: a grey page's own, else the mean of the three samples.
    static func greyLevels(of image: RGBImage) -> [UInt8] {
        if image.isGreyscale { return image.greySamples() }
        return image.withUnsafeSamples { samples in
            [UInt8](unsafeUninitializedCapacity: image.pixelCount) { output, count in
                for pixel in 0..<image.pixelCount {
                    let base = pixel * RGBImage.channels
                    output[pixel] = UInt8((Int(samples[base]) + Int(samples[base + 1]) + Int(samples[base + 2])) / 3)
                }
                count = image.pixelCount
            }
        }
    }
}
