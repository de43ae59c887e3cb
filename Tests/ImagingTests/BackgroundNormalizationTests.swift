import Imaging
import Testing

@Suite("Background normalisation (Leptonica's pixBackgroundNorm)")
struct BackgroundNormalizationTests {
    /// The text page in a shadow that darkens it towards the bottom-right corner to 45%.
    static func shadowed() -> (page: RGBImage, paper: [Int], ink: [Int]) {
        let clean = CleanupPages.text(width: 400, height: 300)
        var page = clean
        var paper: [Int] = [], ink: [Int] = []
        for y in 0..<300 {
            for x in 0..<400 {
                let light = 1 - 0.55 * (Double(x) / 399 + Double(y) / 299) / 2
                let level = Double(clean[x, y].red) * light
                page[x, y] = RGBPixel(grey: UInt8(level.rounded()))
                if clean[x, y].red > 128 { paper.append(y * 400 + x) } else { ink.append(y * 400 + x) }
            }
        }
        return (page, paper, ink)
    }

    @Test("A shadowed page comes out flat and white, its text still dark")
    func flattensShadow() {
        let (page, paper, ink) = Self.shadowed()
        let before = CleanupPages.statistics(CleanupPages.levels(page), at: paper)
        let result = FilterOperation(.background, intensity: 0.25).apply(to: page)
        let levels = CleanupPages.levels(result)
        let after = CleanupPages.statistics(levels, at: paper)
        #expect(before.variance > 500)
        #expect(after.variance < before.variance / 20, "paper variance \(before.variance) → \(after.variance)")
        #expect(after.mean > 245)
        let text = CleanupPages.statistics(levels, at: ink)
        #expect(text.mean < 60 && ink.allSatisfy { levels[$0] < 128 }, "ink mean \(text.mean)")
    }

    @Test("Within a few levels of dividing by the true paper level")
    func matchesTrueBackground() {
        let (page, paper, _) = Self.shadowed()
        let levels = CleanupPages.levels(BackgroundNormalization(tile: 48).apply(to: page, in: .sRGB))
        // The paper's own level is 235 × light, so dividing by it gives 255 everywhere.
        let errors = paper.map { abs(levels[$0] - 255) }.sorted()
        #expect(errors[errors.count * 9 / 10] <= 6, "90th percentile error \(errors[errors.count * 9 / 10])")
    }

    @Test("A white page stays white, and 0% changes nothing")
    func identity() {
        let white = RGBImage(width: 90, height: 70)
        #expect(FilterOperation(.background, intensity: 0.25).apply(to: white) == white)
        let page = Self.shadowed().page
        #expect(FilterOperation(.background, intensity: 0).apply(to: page) == page)
        #expect(FilterKind.background.parameter(at: 0.25).value == 64)
    }
}
