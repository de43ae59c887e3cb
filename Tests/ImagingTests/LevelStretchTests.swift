import Imaging
import Testing

@Suite("Level stretch (ImageMagick -contrast-stretch on the page's middle)")
struct LevelStretchTests {
    /// The stretch by its definition, in double precision: percentiles of the exact luminance
    /// levels over the page without a tenth of each side, then (v − ink) × 255 / (paper − ink)
    /// per sample, rounded and clamped.
    static func reference(_ image: RGBImage, inkShare: Double, in space: WorkingSpace) -> RGBImage {
        let (levels, _) = ReferenceLuminance.levels(image, in: space)
        let (mx, my) = (Int(Double(image.width) * 0.1), Int(Double(image.height) * 0.1))
        var middle: [Int] = []
        for y in my..<(image.height - my) {
            for x in mx..<(image.width - mx) { middle.append(levels[y * image.width + x]) }
        }
        middle.sort()
        func level(_ share: Double) -> Int { middle[max(1, Int((share * Double(middle.count)).rounded(.up))) - 1] }
        let (ink, paper) = (level(inkShare), level(0.9))
        guard paper - ink >= 8 else { return image }
        return RGBImage(width: image.width, height: image.height, samples: image.samples.map { sample in
            let value = (Double(Int(sample) - ink) / Double(paper - ink)) * 255
            return UInt8(min(255, max(0, value.rounded())))
        })
    }

    /// A faded page: grey ink on grey paper, framed by a dark scanner bed on two sides.
    static func fadedPage() -> RGBImage {
        var page = CleanupPages.text(width: 240, height: 200, paper: 206, ink: 158)
        for y in 0..<200 {
            for x in 0..<14 { page[x, y] = RGBPixel(grey: 28) }
        }
        for y in 0..<12 {
            for x in 0..<240 { page[x, y] = RGBPixel(grey: 28) }
        }
        return page
    }

    @Test("Within a level of the definition on a faded page and a colour photo", arguments: WorkingSpace.allCases, [0.005, 0.02])
    func reference(space: WorkingSpace, inkShare: Double) throws {
        for image in [Self.fadedPage(), try Photos.crop(Photos.streetSign, width: 123, height: 45)] {
            let ours = LevelStretch(inkShare: inkShare).apply(to: image, in: space)
            #expect(try ours.maximumDifference(to: Self.reference(image, inkShare: inkShare, in: space)) <= 1)
        }
    }

    @Test("A faded page's ink becomes black and its paper white; the dark bed does not set the ink's level")
    func fadedBecomesBlackAndWhite() {
        let page = Self.fadedPage()
        let stretch = LevelStretch(inkShare: 0.005)
        let levels = stretch.levels(of: page, in: .sRGB)
        #expect(levels.ink == 158 && levels.paper == 206, "\(levels)")
        let result = FilterOperation(.levels, intensity: 0.25).apply(to: page)
        #expect(result[100, 100] == RGBPixel(grey: 255), "paper")
        let inkPixel = (10...230).first { page[$0, 40] == RGBPixel(grey: 158) }
        #expect(inkPixel.map { result[$0, 40] } == RGBPixel(grey: 0), "ink")
    }

    @Test("A black-and-white page, a flat page and 0% are left as they are")
    func unchanged() {
        let blackAndWhite = CleanupPages.text(width: 120, height: 90, paper: 255, ink: 0)
        #expect(FilterOperation(.levels, intensity: 0.25).apply(to: blackAndWhite) == blackAndWhite)
        let flat = RGBImage(width: 50, height: 40, fill: RGBPixel(grey: 180))
        #expect(FilterOperation(.levels, intensity: 0.25).apply(to: flat) == flat)
        #expect(FilterOperation(.levels, intensity: 0).apply(to: Self.fadedPage()) == Self.fadedPage())
    }

    @Test("Tones keep their order", arguments: WorkingSpace.allCases)
    func monotone(space: WorkingSpace) throws {
        var ramp = RGBImage(width: 256, height: 10)
        for y in 0..<10 { for level in 0..<256 { ramp[level, y] = RGBPixel(grey: UInt8(level)) } }
        let output = FilterOperation(.levels, intensity: 0.5).apply(to: ramp, in: space).greySamples()
        for level in 1..<256 { #expect(output[level] >= output[level - 1], "level \(level)") }
    }
}
