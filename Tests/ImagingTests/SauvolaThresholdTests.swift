import Foundation
import Imaging
import TestSupport
import Testing

/// Sauvola's threshold written plainly: for every pixel, the window's levels summed
/// directly, the mean and (population) standard deviation, and T = m·(1 + k·(s/128 − 1)).
enum ReferenceSauvola {
    static func threshold(_ image: RGBImage, radius: Int, k: Double,
                          in space: WorkingSpace) -> (image: RGBImage, margin: [Double], ambiguous: [Bool]) {
        let (levels, ambiguous) = ReferenceLuminance.levels(image, in: space)
        let (width, height) = (image.width, image.height)
        var output = RGBImage(width: width, height: height)
        var margin = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var (count, sum, squares) = (0, 0, 0)
                for wy in max(0, y - radius)...min(height - 1, y + radius) {
                    for wx in max(0, x - radius)...min(width - 1, x + radius) {
                        let level = levels[wy * width + wx]
                        count += 1
                        sum += level
                        squares += level * level
                    }
                }
                let mean = Double(sum) / Double(count)
                let deviation = max(0, Double(squares) / Double(count) - mean * mean).squareRoot()
                let threshold = mean * (1 + k * (deviation / 128 - 1))
                let level = Double(levels[y * width + x])
                output[x, y] = level > threshold ? .white : .black
                margin[y * width + x] = level - threshold
            }
        }
        return (output, margin, ambiguous)
    }
}

@Suite("Sauvola adaptive threshold")
struct SauvolaThresholdTests {
    /// Pixels where ours and the reference differ: all of them, and those that neither sit
    /// within `tolerance` of the threshold nor have a window holding an ambiguous level.
    private func differences(_ image: RGBImage, radius: Int, k: Double, in space: WorkingSpace = .linear,
                             tolerance: Double = 1e-9) throws -> (all: Int, unexplained: Int) {
        let ours = SauvolaThreshold(radius: radius, k: k).apply(to: image, in: space)
        let exact = ReferenceSauvola.threshold(image, radius: radius, k: k, in: space)
        try #require(ours.width == image.width && ours.height == image.height)
        #expect(ours.isBlackAndWhite)
        var all = 0, unexplained = 0
        for index in 0..<image.pixelCount where ours.samples[3 * index] != exact.image.samples[3 * index] {
            all += 1
            let (x, y) = (index % image.width, index / image.width)
            var nearAmbiguous = false
            for wy in max(0, y - radius)...min(image.height - 1, y + radius) {
                for wx in max(0, x - radius)...min(image.width - 1, x + radius) where exact.ambiguous[wy * image.width + wx] {
                    nearAmbiguous = true
                }
            }
            if abs(exact.margin[index]) > tolerance && !nearAmbiguous { unexplained += 1 }
        }
        return (all, unexplained)
    }

    @Test("A greyscale page matches the reference exactly", arguments: [
        (7, 0.2, 97, 61), (3, 0.5, 80, 50), (0, 0.2, 40, 30), (200, 0.3, 60, 45), (5, -0.2, 50, 40), (12, 0.34, 121, 93),
    ])
    func greyPage(radius: Int, k: Double, width: Int, height: Int) throws {
        let image = try TestPages.crop(TestPages.bookPage, x: 150, y: 300, width: width, height: height)
        let (all, unexplained) = try differences(image, radius: radius, k: k)
        #expect(unexplained == 0)
        #expect(all <= 2)
    }

    @Test("Colour photos match the reference but for levels a rounding away", arguments: WorkingSpace.allCases)
    func colourPhoto(space: WorkingSpace) throws {
        let image = try TestPages.crop(TestPages.noisyPhoto, x: 300, y: 500, width: 90, height: 70)
        let (all, unexplained) = try differences(image, radius: 6, k: 0.2, in: space, tolerance: 0.05)
        #expect(unexplained == 0)
        #expect(all <= 90 * 70 / 1000)
    }

    @Test("Tall and tiny images: bands of rows and windows larger than the image", arguments: [
        (7, 300, 5), (300, 7, 5), (1, 1, 3), (2, 3, 1), (3, 2, 0), (1, 40, 2),
    ])
    func shapes(width: Int, height: Int, radius: Int) throws {
        var random = RepeatableGenerator(seed: UInt64(width * 1000 + height))
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = RGBPixel(grey: UInt8.random(in: 0...255, using: &random)) }
        }
        let (_, unexplained) = try differences(image, radius: radius, k: 0.25)
        #expect(unexplained == 0)
    }

    @Test("Uniform paper comes out all white, however light or dark", arguments: [230, 120, 40, 1])
    func uniformPaper(level: Int) {
        let paper = RGBImage(width: 50, height: 40, fill: RGBPixel(grey: UInt8(level)))
        for k in [0.2, 0.5] {
            #expect(SauvolaThreshold(radius: 7, k: k).apply(to: paper).whiteCount == 50 * 40)
        }
        // Black paper has no level above 0.
        #expect(SauvolaThreshold(radius: 7, k: 0.2).apply(to: RGBImage(width: 5, height: 5, fill: .black)).whiteCount == 0)
    }

    @Test("On a page lit unevenly, Sauvola keeps the paper white and the text black where Otsu cannot")
    func unevenLight() throws {
        // Paper from level 60 on the left to 240 on the right; text strokes 45% darker.
        let (width, height) = (240, 60)
        var page = RGBImage(width: width, height: height)
        var isInk = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let paper = 60 + 180 * Double(x) / Double(width - 1)
                let ink = (y / 4) % 3 == 1 && (x / 3) % 4 != 0
                isInk[y * width + x] = ink
                page[x, y] = RGBPixel(grey: UInt8((ink ? paper * 0.55 : paper).rounded()))
            }
        }
        let sauvola = SauvolaThreshold(radius: 10, k: 0.2).apply(to: page, in: .sRGB)
        var wrong = 0
        for index in 0..<(width * height) where (sauvola.samples[3 * index] == 0) != isInk[index] { wrong += 1 }
        #expect(wrong <= width * height / 100, "\(wrong) pixels wrong")
        let otsu = OtsuThreshold(bias: 1).apply(to: page, in: .sRGB)
        var otsuWrong = 0
        for index in 0..<(width * height) where (otsu.samples[3 * index] == 0) != isInk[index] { otsuWrong += 1 }
        #expect(otsuWrong > width * height / 10, "Otsu got only \(otsuWrong) pixels wrong")
    }

    @Test("The default radius is 1/64 of the shorter side, at least 7")
    func defaultRadius() {
        #expect(SauvolaThreshold.defaultRadius(width: 4000, height: 3000) == 46)
        #expect(SauvolaThreshold.defaultRadius(width: 1650, height: 2550) == 25)
        #expect(SauvolaThreshold.defaultRadius(width: 100, height: 100) == 7)
        #expect(SauvolaThreshold.defaultRadius(width: 1, height: 5000) == 7)
    }
}
