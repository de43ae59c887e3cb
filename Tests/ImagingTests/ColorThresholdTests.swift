import Foundation
import Imaging
import Testing

@Suite("Colour threshold (CIColorThreshold)")
struct ColorThresholdTests {
    private func threshold(_ pixel: RGBPixel, at level: Double, in space: WorkingSpace = .linear) throws -> RGBPixel {
        try onlyPixel(ColorThreshold(threshold: level).apply(to: RGBImage(width: 1, height: 1, fill: pixel), in: space))
    }

    @Test("Each channel is thresholded on its own: a coloured pixel can become magenta")
    func perChannel() throws {
        // Linear values: 230 → 0.79, 40 → 0.02, 200 → 0.58; threshold 0.5.
        #expect(try threshold(RGBPixel(red: 230, green: 40, blue: 200), at: 0.5) == RGBPixel(red: 255, green: 0, blue: 255))
        #expect(try threshold(RGBPixel(red: 10, green: 250, blue: 250), at: 0.5) == RGBPixel(red: 0, green: 255, blue: 255))
    }

    @Test("In linear light, sRGB level 187 is below 0.5 and 188 above (linear 0.5 is sRGB 187.5)")
    func linearMidpoint() throws {
        #expect(try threshold(RGBPixel(grey: 187), at: 0.5) == .black)
        #expect(try threshold(RGBPixel(grey: 188), at: 0.5) == .white)
    }

    @Test("In sRGB values the midpoint is level 127.5")
    func sRGBMidpoint() throws {
        #expect(try threshold(RGBPixel(grey: 127), at: 0.5, in: .sRGB) == .black)
        #expect(try threshold(RGBPixel(grey: 128), at: 0.5, in: .sRGB) == .white)
        #expect(try threshold(RGBPixel(grey: 187), at: 0.5, in: .sRGB) == .white)
    }

    @Test("Strictly greater: a value exactly at the threshold becomes 0")
    func strictness() throws {
        let table = WorkingSpace.linear.decodingTable
        try #require(table.count == 256)
        let level = Double(table[100])
        #expect(try threshold(RGBPixel(grey: 100), at: level) == .black)
        #expect(try threshold(RGBPixel(grey: 101), at: level) == .white)
        #expect(try threshold(RGBPixel(grey: 102), at: 102.0 / 255, in: .sRGB) == .black)
    }

    @Test("A threshold of 1 or more gives black, even for white", arguments: [1.0, 1.5])
    func blackAboveOne(level: Double) throws {
        #expect(try threshold(.white, at: level) == .black)
    }

    @Test("A threshold below 0 gives white, even for black")
    func whiteBelowZero() throws {
        #expect(try threshold(.black, at: -0.01) == .white)
        #expect(try threshold(.black, at: 0) == .black)
    }

    @Test("Binarize at intensity 1 thresholds at 0.5 (0.5 × intensity)")
    func intensity() throws {
        let binarize = FilterOperation(.binarize, intensity: 1)
        #expect(binarize.parameter.value == 0.5)
        #expect(try onlyPixel(binarize.apply(to: RGBImage(width: 1, height: 1, fill: RGBPixel(grey: 187)))) == .black)
        #expect(try onlyPixel(binarize.apply(to: RGBImage(width: 1, height: 1, fill: RGBPixel(grey: 188)))) == .white)
    }
}

@Suite("sRGB transfer tables")
struct WorkingSpaceTests {
    @Test("Decoding then encoding returns every one of the 256 levels exactly", arguments: WorkingSpace.allCases)
    func roundTrip(space: WorkingSpace) {
        var image = RGBImage(width: 256, height: 1)
        for level in 0..<256 { image[level, 0] = RGBPixel(grey: UInt8(level)) }
        // A blur too small to change anything still decodes and encodes every sample.
        let same = GaussianBlur(sigma: 0.16).apply(to: image, in: space)
        #expect(same == image)
    }

    @Test("Encoding gives the nearest level, except within 0.0011 of a level of a halfway point",
          arguments: WorkingSpace.allCases)
    func nearestLevel(space: WorkingSpace) throws {
        let count = 3 * 66_667
        let values = (0..<count).map { Float(Double($0) / Double(count - 1) * 1.02 - 0.01) }
        let encoded = space.encode(values, width: count / 3, height: 1).samples
        try #require(encoded.count == values.count)
        var checked = 0
        for (value, level) in zip(values, encoded) {
            let clamped = min(max(Double(value), 0), 1)
            let exact = 255 * (space == .linear ? Self.srgb(clamped) : clamped)
            guard abs(exact - exact.rounded(.down) - 0.5) > 0.0011 else { continue }
            #expect(Int(level) == Int(exact.rounded()), "\(value) → \(level), exact \(exact)")
            checked += 1
        }
        #expect(checked > count * 99 / 100)
    }

    static func srgb(_ linear: Double) -> Double {
        linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    @Test("Linear values follow the sRGB curve")
    func curve() throws {
        let table = WorkingSpace.linear.decodingTable
        try #require(table.count == 256)
        #expect(table[0] == 0 && table[255] == 1)
        #expect(abs(table[128] - 0.21586) < 1e-4)
        #expect(abs(table[10] - 10 / 255 / 12.92) < 1e-7)
    }
}

/// The one pixel of a 1x1 result, failing the test instead of trapping if there is none.
private func onlyPixel(_ image: RGBImage) throws -> RGBPixel {
    try #require(image.width == 1 && image.height == 1 && image.samples.count == 3, "expected a 1x1 image")
    return image[0, 0]
}
