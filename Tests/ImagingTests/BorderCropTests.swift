import Foundation
import Imaging
import Testing

@Suite("Border removal (dark scanner edges cropped)")
struct BorderCropTests {
    @Test("A page padded with black bands comes back to its own size")
    func paddedPage() throws {
        let content = CleanupPages.text(width: 300, height: 200)
        var padded = RGBImage(width: 300 + 20 + 25, height: 200 + 30 + 40, fill: RGBPixel(grey: 12))
        for y in 0..<200 {
            for x in 0..<300 { padded[x + 20, y + 30] = content[x, y] }
        }
        let result = FilterOperation(.borders, intensity: 0.25).apply(to: padded)
        #expect(result == content)
    }

    @Test("A page tilted by 3° with black corners comes back close to its own size")
    func tiltedPage() {
        let (pageWidth, pageHeight) = (400.0, 300.0)
        let angle = 3.0 * Double.pi / 180
        var scan = RGBImage(width: 480, height: 380, fill: RGBPixel(grey: 8))
        for y in 0..<380 {
            for x in 0..<480 {
                // The point in the page's own frame, the page centred on the scan.
                let dx = Double(x) - 240, dy = Double(y) - 190
                let u = dx * cos(angle) + dy * sin(angle), v = -dx * sin(angle) + dy * cos(angle)
                guard abs(u) < pageWidth / 2 && abs(v) < pageHeight / 2 else { continue }
                let onStroke = Int(u + 1000) % 9 < 3 && Int(v + 1000) % 24 < 12 && abs(u) < 180 && abs(v) < 130
                scan[x, y] = RGBPixel(grey: onStroke ? 25 : 235)
            }
        }
        let result = FilterOperation(.borders, intensity: 0.25).apply(to: scan)
        // The page's bounding box is 415 × 320; its inner, fully white box 384 × 279.
        #expect((380...420).contains(result.width) && (275...325).contains(result.height),
                "\(result.width) × \(result.height)")
    }

    @Test("A clean page, a page of text and 0% are left as they are")
    func cleanPage() {
        let page = CleanupPages.text(width: 300, height: 200)
        #expect(FilterOperation(.borders, intensity: 0.25).apply(to: page) == page)
        #expect(FilterOperation(.borders, intensity: 0.75).apply(to: page) == page)
        var padded = RGBImage(width: 50, height: 40, fill: .black)
        CleanupPages.fill(&padded, x: 10, y: 10, width: 30, height: 20, grey: 240)
        #expect(FilterOperation(.borders, intensity: 0).apply(to: padded) == padded)
    }
}
