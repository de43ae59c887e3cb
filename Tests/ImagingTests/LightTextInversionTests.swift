import Imaging
import Testing

@Suite("Light text on dark, inverted region by region")
struct LightTextInversionTests {
    static let banner = (x: 20, y: 20, width: 360, height: 70)

    /// Normal text below a dark banner of white strokes.
    static func page() -> RGBImage {
        var page = CleanupPages.text(width: 400, height: 300, top: 110)
        CleanupPages.fill(&page, x: banner.x, y: banner.y, width: banner.width, height: banner.height, grey: 20)
        for x in stride(from: 40, to: 360, by: 9) {
            CleanupPages.fill(&page, x: x, y: 40, width: 3, height: 14, grey: 240)
            CleanupPages.fill(&page, x: x, y: 62, width: 3, height: 14, grey: 240)
        }
        return page
    }

    @Test("The banner reads dark on light and the normal text is untouched")
    func banner() {
        let page = Self.page()
        let result = FilterOperation(.lighttext, intensity: 0.25).apply(to: page)
        let b = Self.banner
        var bannerPixels: [Int] = []
        for y in b.y..<(b.y + b.height) {
            for x in b.x..<(b.x + b.width) { bannerPixels.append(y * 400 + x) }
        }
        let levels = CleanupPages.levels(result)
        #expect(CleanupPages.statistics(levels, at: bannerPixels).mean > 180)
        #expect(CleanupPages.statistics(CleanupPages.levels(page), at: bannerPixels).mean < 80)
        for y in 100..<300 {
            for x in 0..<400 { if result[x, y] != page[x, y] { Issue.record("changed at (\(x), \(y))"); return } }
        }
    }

    @Test("A whole white-on-black page becomes black on white")
    func negativePage() {
        let page = CleanupPages.text(width: 400, height: 300)
        let negative = Invert(amount: 1).apply(to: page)
        #expect(FilterOperation(.lighttext, intensity: 0.25).apply(to: negative) == page)
    }

    @Test("A normal page and 0% are left as they are")
    func normalPage() throws {
        let page = CleanupPages.text(width: 400, height: 300)
        #expect(FilterOperation(.lighttext, intensity: 0.25).apply(to: page) == page)
        let phototest = try TestPages.phototest.get()
        #expect(FilterOperation(.lighttext, intensity: 0.25).apply(to: phototest) == phototest)
        #expect(FilterOperation(.lighttext, intensity: 0).apply(to: Self.page()) == Self.page())
    }
}
