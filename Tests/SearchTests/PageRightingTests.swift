import Core
import Foundation
import Imaging
import Search
import Testing

/// Which righted renderings `--auto` reads beside the original, decided from the page's pixels
/// and the orientation detector's estimate (a fixed one here: OSD itself is tested with
/// Tesseract in RecognitionTests).
@Suite("Page righting before the automatic choice's search")
struct PageRightingTests {
    private static let renderer = Renderer(context: .linear)

    /// A white page with dark bars for lines of text.
    private static let page: RGBImage = {
        var page = RGBImage(width: 240, height: 160)
        for line in 0..<6 {
            for x in 20..<220 where x % 12 < 5 {
                for y in (20 + line * 22)..<(32 + line * 22) { page[x, y] = RGBPixel(grey: 30) }
            }
        }
        return page
    }()

    private static func detector(turns: Int, confidence: Double) -> OrientationDetector {
        { _ in OrientationEstimate(clockwiseTurns: turns, confidence: confidence) }
    }

    @Test("An upright clean page needs nothing: no candidate besides the original")
    func cleanPage() {
        #expect(PageRighting.bases(of: Self.page, using: Self.renderer, detector: Self.detector(turns: 0, confidence: 20)).isEmpty)
        #expect(PageRighting.bases(of: Self.page, using: Self.renderer, detector: nil).isEmpty)
    }

    @Test("A suggested turn is tried as an exact rotate chain, however unsure the detector is, above none")
    func turn() {
        for turns in 1...3 {
            let bases = PageRighting.bases(of: Self.page, using: Self.renderer, detector: Self.detector(turns: turns, confidence: 2))
            #expect(bases.map(\.filters.description) == [["rotate", "rotate; slider 50%", "rotate; slider 75%"][turns - 1]])
            #expect(bases.first.map { $0.image == QuarterTurn(clockwise: turns).apply(to: Self.page) } == true)
        }
        #expect(PageRighting.bases(of: Self.page, using: Self.renderer, detector: Self.detector(turns: 1, confidence: 0.5)).isEmpty)
    }

    @Test("Black scanner edges are cropped, and the crop is tried turned and alone")
    func borders() {
        var framed = RGBImage(width: 264, height: 184, fill: RGBPixel(grey: 10))
        for y in 0..<Self.page.height { for x in 0..<Self.page.width { framed[x + 12, y + 12] = Self.page[x, y] } }
        let bases = PageRighting.bases(of: framed, using: Self.renderer, detector: Self.detector(turns: 2, confidence: 9))
        #expect(bases.map(\.filters.description) == ["borders; then rotate; slider 50%", "borders"])
        #expect(bases.last.map { $0.image == Self.page } == true)
    }

    @Test("White text on black is inverted first, and the detector sees the inverted page")
    func inverted() {
        let negative = FilterOperation(.invert).apply(to: Self.page)
        let seen = PageRighting.bases(of: negative, using: Self.renderer, detector: { image in
            OrientationEstimate(clockwiseTurns: image == Self.page ? 0 : 1, confidence: 20)
        })
        #expect(seen.map(\.filters.description) == ["lighttext"])
        #expect(seen.first.map { $0.image == Self.page } == true)
    }

    @Test("A negative page too dense for lighttext is not taken for a black bed and cropped")
    func denseNegative() {
        var negative = RGBImage(width: 240, height: 160, fill: RGBPixel(grey: 10))
        for y in 20..<140 { for x in 20..<220 where x % 6 < 4 && y % 8 < 6 { negative[x, y] = RGBPixel(grey: 230) } }
        #expect(PageRighting.bases(of: negative, using: Self.renderer, detector: nil).isEmpty)
    }

    /// `page` turned by `degrees` on a white ground (the lid of a scanner).
    private static func tilted(_ degrees: Double) -> RGBImage {
        let angle = degrees * Double.pi / 180
        var ground = RGBImage(width: 320, height: 240)
        for y in 0..<ground.height {
            for x in 0..<ground.width {
                // The point of the page that lands here, the page centred on the ground.
                let dx = Double(x) - 160, dy = Double(y) - 120
                let u = Int((dx * cos(angle) - dy * sin(angle) + 120).rounded())
                let v = Int((dx * sin(angle) + dy * cos(angle) + 80).rounded())
                if u >= 0, u < page.width, v >= 0, v < page.height { ground[x, y] = page[u, v] }
            }
        }
        return ground
    }

    @Test("A page tilted by a few degrees is straightened, turned or not; one tilted by less is left")
    func tilt() {
        let crooked = Self.tilted(4)
        let bases = PageRighting.bases(of: crooked, using: Self.renderer, detector: Self.detector(turns: 2, confidence: 9))
        #expect(bases.map(\.filters.description) == ["rotate; slider 50%; then deskew", "deskew"])
        #expect(bases.last.map { $0.image == FilterOperation(.deskew).apply(to: crooked) } == true)
        #expect(PageRighting.bases(of: Self.tilted(0.4), using: Self.renderer, detector: nil).isEmpty)
    }

    @Test("When OSD is unsure of the page, it is asked again with the light evened out")
    func unevenLight() {
        var shaded = Self.page
        for y in 0..<shaded.height {
            for x in 0..<shaded.width where shaded[x, y].red > 128 { shaded[x, y] = RGBPixel(grey: UInt8(255 - x / 3)) }
        }
        let evened = FilterOperation(.background).apply(to: shaded)
        #expect(evened != shaded)
        let bases = PageRighting.bases(of: shaded, using: Self.renderer, detector: { image in
            OrientationEstimate(clockwiseTurns: 1, confidence: image == evened ? 6 : 0.2)
        })
        #expect(bases.map(\.filters.description) == ["rotate"])
        #expect(bases.first.map { $0.image == QuarterTurn(clockwise: 1).apply(to: shaded) } == true, "the turn is of the page itself")
    }
}
