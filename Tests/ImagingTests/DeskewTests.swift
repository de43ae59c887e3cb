import Foundation
import Imaging
import TestSupport
import Testing

/// Rotation written plainly, for making skewed pages and checking the deskew's own turn:
/// each output pixel takes the source point the opposite turn about the centre gives,
/// bilinear in double precision in the working space, `fill` outside the source.
/// Positive degrees turn the picture counter-clockwise on screen.
enum ReferenceRotation {
    static func rotate(_ image: RGBImage, degrees: Double, in space: WorkingSpace = .linear,
                       fill: RGBPixel = .white) -> RGBImage {
        let radians = degrees * Double.pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        let centreX = Double(image.width - 1) / 2, centreY = Double(image.height - 1) / 2
        func value(_ sample: UInt8) -> Double {
            space == .linear ? ReferenceGaussian.decode(Double(sample) / 255) : Double(sample) / 255
        }
        func sample(_ x: Int, _ y: Int, _ channel: Int) -> Double {
            guard x >= 0 && y >= 0 && x < image.width && y < image.height else {
                return value([fill.red, fill.green, fill.blue][channel])
            }
            return value(image.samples[(y * image.width + x) * 3 + channel])
        }
        var output = RGBImage(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) - centreX, dy = Double(y) - centreY
                let sx = centreX + dx * cosine - dy * sine, sy = centreY + dx * sine + dy * cosine
                let left = Int(sx.rounded(.down)), top = Int(sy.rounded(.down))
                let fx = sx - Double(left), fy = sy - Double(top)
                var levels: [UInt8] = []
                for channel in 0..<3 {
                    let upper = sample(left, top, channel) * (1 - fx) + sample(left + 1, top, channel) * fx
                    let lower = sample(left, top + 1, channel) * (1 - fx) + sample(left + 1, top + 1, channel) * fx
                    let v = min(max(upper * (1 - fy) + lower * fy, 0), 1)
                    levels.append(UInt8((255 * (space == .linear ? ReferenceGaussian.encode(v) : v)).rounded()))
                }
                output[x, y] = RGBPixel(red: levels[0], green: levels[1], blue: levels[2])
            }
        }
        return output
    }

    /// Leptonica's measure of how straight a page's lines are: the sum of squared
    /// differences of the counts of dark pixels in adjacent rows.
    static func profileScore(_ image: RGBImage) -> Double {
        var counts = [Double](repeating: 0, count: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].green < 128 { counts[y] += 1 }
        }
        return zip(counts, counts.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }
    }
}

@Suite("Deskew (Leptonica's pixFindSkew and pixDeskew)")
struct DeskewTests {
    /// A straight page: Tesseract's test page, or the text block of the book page.
    static func page(_ name: String) throws -> RGBImage {
        switch name {
        case "phototest": try TestPages.phototest.get()
        default: try TestPages.crop(TestPages.bookPage, x: 120, y: 100, width: 1400, height: 1100)
        }
    }

    @Test("A page turned by a known angle is measured within 0.15°", arguments: [
        ("phototest", 2.5), ("phototest", -4.0), ("phototest", 0.0), ("phototest", 0.7),
        ("book", 2.5), ("book", -4.0), ("book", 0.0), ("book", -0.35),
    ])
    func knownAngles(page: String, angle: Double) throws {
        let straight = try Self.page(page)
        let turned = angle == 0 ? straight : ReferenceRotation.rotate(straight, degrees: angle)
        let measured = Deskew.detectAngle(in: turned, maximumAngle: 10)
        #expect(abs(measured - angle) <= 0.15, "\(page) turned \(angle)°, measured \(measured)°")
    }

    @Test("The scanned page of the image set is measured at its 4.5°")
    func scannedPage() throws {
        let measured = Deskew.detectAngle(in: try TestPages.skewedPage.get(), maximumAngle: 10)
        #expect(abs(measured - 4.5) <= 0.15, "measured \(measured)°")
    }

    @Test("Pages without text lines measure 0")
    func noText() {
        #expect(Deskew.detectAngle(in: RGBImage(width: 300, height: 200), maximumAngle: 10) == 0)
        #expect(Deskew.detectAngle(in: RGBImage(width: 300, height: 200, fill: RGBPixel(grey: 90)), maximumAngle: 10) == 0)
        var random = RepeatableGenerator(seed: 7)
        var noise = RGBImage(width: 400, height: 300)
        for y in 0..<300 { for x in 0..<400 { noise[x, y] = RGBPixel(grey: UInt8.random(in: 0...255, using: &random)) } }
        #expect(Deskew.detectAngle(in: noise, maximumAngle: 10) == 0)
        // A blank page is returned as it is.
        let blank = RGBImage(width: 64, height: 48)
        #expect(Deskew(maximumAngle: 10).apply(to: blank) == blank)
        #expect(Deskew(maximumAngle: 10).apply(to: RGBImage(width: 1, height: 1)) == RGBImage(width: 1, height: 1))
    }

    @Test("The maximum angle bounds the search; 0 leaves the page alone")
    func maximumAngle() throws {
        let turned = ReferenceRotation.rotate(try Self.page("phototest"), degrees: 4)
        let bounded = Deskew.detectAngle(in: turned, maximumAngle: 2)
        #expect(abs(bounded) <= 2)
        #expect(Deskew.detectAngle(in: turned, maximumAngle: 0) == 0)
        #expect(Deskew(maximumAngle: 0).apply(to: turned) == turned)
        #expect(abs(Deskew.detectAngle(in: turned, maximumAngle: 5) - 4) <= 0.15)
        // Large angles are found when the search reaches them.
        let steep = ReferenceRotation.rotate(try Self.page("phototest"), degrees: -20)
        #expect(abs(Deskew.detectAngle(in: steep, maximumAngle: 30) + 20) <= 0.15)
        #expect(abs(Deskew.detectAngle(in: steep, maximumAngle: 10)) <= 10)
    }

    /// Two bilinear turns soften the text, which lowers the score of any page turned and
    /// turned back; the exact turn back by the known angle is the best a deskew can do.
    @Test("Deskewing a turned page makes its lines as straight as turning it back exactly", arguments: [3.0, -2.0])
    func straightens(angle: Double) throws {
        let straight = try Self.page("phototest")
        let turned = ReferenceRotation.rotate(straight, degrees: angle)
        let deskewed = Deskew(maximumAngle: 10).apply(to: turned)
        try #require(deskewed.width == straight.width && deskewed.height == straight.height)
        let original = ReferenceRotation.profileScore(straight)
        let before = ReferenceRotation.profileScore(turned)
        let after = ReferenceRotation.profileScore(deskewed)
        let best = ReferenceRotation.profileScore(ReferenceRotation.rotate(turned, degrees: -angle))
        #expect(before < original * 0.1, "turned \(before) vs straight \(original)")
        #expect(after > best * 0.97, "deskewed \(after) vs turned back exactly \(best)")
        #expect(after > original * 0.5, "deskewed \(after) vs straight \(original)")
    }

    @Test("The turn is bilinear in the working space, within a level of the exact one", arguments: WorkingSpace.allCases)
    func rotationMatchesReference(space: WorkingSpace) throws {
        let turned = ReferenceRotation.rotate(try Self.page("phototest"), degrees: 3)
        let angle = Deskew.detectAngle(in: turned, maximumAngle: 10)
        try #require(angle != 0)
        let deskewed = Deskew(maximumAngle: 10).apply(to: turned, in: space)
        let exact = ReferenceRotation.rotate(turned, degrees: -angle, in: space)
        #expect(try deskewed.maximumDifference(to: exact) <= 1)
    }

    @Test("Light text on a dark page is straightened too, with white brought in at the corners")
    func lightOnDark() throws {
        let page = try Self.page("phototest")
        var inverted = page
        inverted.withUnsafeMutableSamples { samples in
            for index in samples.indices { samples[index] = 255 - samples[index] }
        }
        let turned = ReferenceRotation.rotate(inverted, degrees: -3, fill: .black)
        let measured = Deskew.detectAngle(in: turned, maximumAngle: 10)
        #expect(abs(measured + 3) <= 0.15, "measured \(measured)°")
        let deskewed = Deskew(maximumAngle: 10).apply(to: turned)
        #expect(deskewed[0, 0] == .white && deskewed[deskewed.width - 1, deskewed.height - 1] == .white)
        #expect(turned[0, 0] == .black)
    }
}
