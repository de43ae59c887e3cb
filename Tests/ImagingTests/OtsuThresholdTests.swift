import Foundation
import Imaging
import TestSupport
import Testing

/// Otsu's method written plainly: every level tried, class weights and means computed
/// directly, the between-class variance w₀·w₁·(μ₀ − μ₁)² compared.
enum ReferenceOtsu {
    static func variance(_ histogram: [Int], splitAt k: Int) -> Double {
        let total = Double(histogram.reduce(0, +))
        var (n0, sum0, n1, sum1) = (0.0, 0.0, 0.0, 0.0)
        for (level, count) in histogram.enumerated() {
            if level <= k {
                n0 += Double(count)
                sum0 += Double(level * count)
            } else {
                n1 += Double(count)
                sum1 += Double(level * count)
            }
        }
        guard n0 > 0 && n1 > 0 else { return 0 }
        let difference = sum0 / n0 - sum1 / n1
        return (n0 / total) * (n1 / total) * difference * difference
    }

    /// The middle of the first run of levels whose variance is the largest.
    static func level(_ histogram: [Int]) -> Int {
        let variances = histogram.indices.map { variance(histogram, splitAt: $0) }
        let largest = variances.max() ?? 0
        let isBest = variances.map { $0 >= largest * (1 - 1e-9) }
        let first = isBest.firstIndex(of: true) ?? 0
        var last = first
        while last + 1 < isBest.count && isBest[last + 1] { last += 1 }
        return (first + last) / 2
    }

    /// White where the luminance level is above level × bias.
    static func threshold(_ image: RGBImage, bias: Double, in space: WorkingSpace) -> (image: RGBImage, ambiguous: [Bool]) {
        let (levels, ambiguous) = ReferenceLuminance.levels(image, in: space)
        var histogram = [Int](repeating: 0, count: 256)
        for level in levels { histogram[level] += 1 }
        let threshold = Double(level(histogram)) * bias
        var output = RGBImage(width: image.width, height: image.height)
        for (index, level) in levels.enumerated() {
            output[index % image.width, index / image.width] = Double(level) > threshold ? .white : .black
        }
        return (output, ambiguous)
    }
}

@Suite("Otsu threshold (CIColorThresholdOtsu on luminance)")
struct OtsuThresholdTests {
    @Test("Otsu's level maximises the between-class variance, as trying every level finds", arguments: 0..<40)
    func levelIsBest(seed: Int) throws {
        var random = RepeatableGenerator(seed: UInt64(seed))
        // Sparse and dense histograms, with peaks, gaps and single bins.
        let occupied = Int.random(in: 1...256, using: &random)
        var histogram = [Int](repeating: 0, count: 256)
        for _ in 0..<occupied { histogram[Int.random(in: 0..<256, using: &random)] += Int.random(in: 1...5000, using: &random) }
        let ours = OtsuThreshold.level(ofHistogram: histogram)
        try #require((0..<256).contains(ours))
        let best = histogram.indices.map { ReferenceOtsu.variance(histogram, splitAt: $0) }.max() ?? 0
        #expect(ReferenceOtsu.variance(histogram, splitAt: ours) >= best * (1 - 1e-9))
        #expect(ours == ReferenceOtsu.level(histogram))
    }

    @Test("Between two levels the split is the middle of the gap; one level or none gives 127")
    func plateaus() {
        var two = [Int](repeating: 0, count: 256)
        two[40] = 700
        two[200] = 300
        #expect(OtsuThreshold.level(ofHistogram: two) == 119)
        var one = [Int](repeating: 0, count: 256)
        one[230] = 50
        #expect(OtsuThreshold.level(ofHistogram: one) == 127)
        #expect(OtsuThreshold.level(ofHistogram: [Int](repeating: 0, count: 256)) == 127)
    }

    @Test("A two-level image splits exactly, in either working space", arguments: WorkingSpace.allCases)
    func twoLevels(space: WorkingSpace) throws {
        var image = RGBImage(width: 30, height: 20, fill: RGBPixel(grey: 200))
        for y in 5..<12 { for x in 3..<25 where (x + y) % 3 != 0 { image[x, y] = RGBPixel(grey: 40) } }
        var expected = RGBImage(width: 30, height: 20, fill: .white)
        for y in 5..<12 { for x in 3..<25 where (x + y) % 3 != 0 { expected[x, y] = .black } }
        #expect(OtsuThreshold(bias: 1).apply(to: image, in: space) == expected)
        // The split is 119, mid-gap: a bias of 0.4 (47.6) or 1.6 (190.4) still splits the same.
        #expect(OtsuThreshold(bias: 0.4).apply(to: image, in: space) == expected)
        #expect(OtsuThreshold(bias: 1.6).apply(to: image, in: space) == expected)
        // Above 200 / 119 everything is black; below 40 / 119 everything white.
        #expect(OtsuThreshold(bias: 1.7).apply(to: image, in: space).whiteCount == 0)
        #expect(OtsuThreshold(bias: 0.3).apply(to: image, in: space).whiteCount == 600)
    }

    @Test("Real pages match the reference, apart from levels within a rounding of a half-level", arguments: [
        ("book", 300, 400, 1.0, WorkingSpace.linear), ("book", 211, 163, 0.8, .sRGB),
        ("photo", 400, 300, 1.0, .linear), ("photo", 257, 199, 1.2, .sRGB), ("sign", 320, 240, 1.0, .linear),
    ])
    func matchesReference(page: String, width: Int, height: Int, bias: Double, space: WorkingSpace) throws {
        let source = switch page {
        case "book": try TestPages.crop(TestPages.bookPage, x: 150, y: 450, width: width, height: height)
        case "photo": try TestPages.crop(TestPages.noisyPhoto, x: 300, y: 500, width: width, height: height)
        default: try TestPages.crop(TestPages.streetSign, x: 700, y: 500, width: width, height: height)
        }
        let ours = OtsuThreshold(bias: bias).apply(to: source, in: space)
        let (exact, ambiguous) = ReferenceOtsu.threshold(source, bias: bias, in: space)
        try #require(ours.width == exact.width && ours.height == exact.height)
        #expect(ours.isBlackAndWhite)
        var unexplained = 0, differing = 0
        for index in 0..<(width * height) where ours.samples[3 * index] != exact.samples[3 * index] {
            differing += 1
            if !ambiguous[index] { unexplained += 1 }
        }
        #expect(unexplained == 0)
        #expect(differing <= width * height / 1000)
        // There is text: both classes are present.
        #expect(ours.whiteCount > 0 && ours.whiteCount < width * height)
    }

    @Test("A uniform image is all white when its level is above 127 × bias, else all black")
    func uniform() {
        let paper = RGBImage(width: 23, height: 17, fill: RGBPixel(grey: 230))
        #expect(OtsuThreshold(bias: 1).apply(to: paper).whiteCount == 23 * 17)
        #expect(OtsuThreshold(bias: 1.9).apply(to: paper).whiteCount == 0)
        let ink = RGBImage(width: 23, height: 17, fill: RGBPixel(grey: 60))
        #expect(OtsuThreshold(bias: 1).apply(to: ink).whiteCount == 0)
        let single = RGBImage(width: 1, height: 1, fill: .white)
        #expect(OtsuThreshold(bias: 1).apply(to: single) == single)
        #expect(OtsuThreshold(bias: 0).apply(to: RGBImage(width: 2, height: 1, fill: .black)).whiteCount == 0)
    }

    @Test("A higher bias never makes more pixels white")
    func biasIsMonotonic() throws {
        let image = try TestPages.crop(TestPages.noisyPhoto, x: 300, y: 500, width: 200, height: 150)
        let counts = [0.5, 0.8, 1.0, 1.2, 1.5].map { OtsuThreshold(bias: $0).apply(to: image).whiteCount }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 >= $1 }, "\(counts)")
        #expect(counts.first! > counts.last!)
    }

    @Test("Coloured pixels come out black or white, by luminance")
    func colour() {
        var image = RGBImage(width: 4, height: 1, fill: .white)
        image[0, 0] = RGBPixel(red: 255, green: 255, blue: 0)   // yellow: luminance 0.93 linear
        image[1, 0] = RGBPixel(red: 0, green: 0, blue: 255)     // blue: luminance 0.07 linear
        image[2, 0] = RGBPixel(red: 0, green: 0, blue: 0)
        let result = OtsuThreshold(bias: 1).apply(to: image)
        #expect(result.isBlackAndWhite)
        #expect(result[0, 0] == .white && result[1, 0] == .black && result[2, 0] == .black && result[3, 0] == .white)
    }
}
