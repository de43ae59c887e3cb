import Foundation
import Imaging
import Testing

@Suite("Lanczos scaling (CILanczosScaleTransform) against a direct two-dimensional sum")
struct LanczosScaleTests {
    static func crop(width: Int, height: Int) throws -> RGBImage {
        try TestPages.crop(TestPages.streetSign, x: 700, y: 500, width: width, height: height)
    }

    @Test("Within one level of the exact resampling, enlarging and reducing", arguments: [
        (2.0, 41, 29), (1.5, 40, 30), (3.7, 17, 13), (0.5, 81, 59), (0.37, 97, 61), (0.73, 45, 38), (1.01, 30, 20),
        (0.1, 120, 90),
    ])
    func accuracy(factor: Double, width: Int, height: Int) throws {
        let image = try Self.crop(width: width, height: height)
        let ours = LanczosScale(factor: factor).apply(to: image)
        let exact = ReferenceLanczos.scale(image, factor: factor)
        #expect(try ours.maximumDifference(to: exact) <= 1, "factor \(factor)")
    }

    @Test("Within one level in sRGB values too", arguments: [2.0, 0.45])
    func accuracySRGB(factor: Double) throws {
        let image = try Self.crop(width: 37, height: 31)
        let ours = LanczosScale(factor: factor).apply(to: image, in: .sRGB)
        #expect(try ours.maximumDifference(to: ReferenceLanczos.scale(image, factor: factor, in: .sRGB)) <= 1)
        // Linear light and sRGB values really do resample differently.
        #expect(try ours.maximumDifference(to: LanczosScale(factor: factor).apply(to: image)) > 1)
    }

    @Test("Tiny images, where every tap is at a border", arguments: [(1, 1), (1, 3), (3, 1), (2, 2), (3, 2)])
    func tinyImages(width: Int, height: Int) throws {
        var image = RGBImage(width: width, height: height, fill: RGBPixel(red: 10, green: 120, blue: 240))
        image[width - 1, height - 1] = .white
        for factor in [2.0, 0.5, 3.7, 0.3, 0.01] {
            let ours = LanczosScale(factor: factor).apply(to: image)
            let exact = ReferenceLanczos.scale(image, factor: factor)
            #expect(try ours.maximumDifference(to: exact) <= 1, "\(width)x\(height) by \(factor)")
        }
    }

    @Test("Factor 1 returns the image unchanged")
    func identity() throws {
        let image = try Self.crop(width: 64, height: 48)
        #expect(LanczosScale(factor: 1).apply(to: image) == image)
        #expect(LanczosScale(factor: 1.02).apply(to: image) != image)
    }

    @Test("A constant image stays constant, enlarged or reduced", arguments: [2.0, 0.5, 0.3, 1.7, 4.0])
    func constant(factor: Double) throws {
        let colour = RGBPixel(red: 90, green: 150, blue: 210)
        let image = RGBImage(width: 37, height: 23, fill: colour)
        let scaled = LanczosScale(factor: factor).apply(to: image)
        let size = LanczosScale(factor: factor).outputSize(width: 37, height: 23)
        #expect(scaled == RGBImage(width: size.width, height: size.height, fill: colour))
    }

    @Test("Enlarging by 2 then reducing by 2 comes back within 30 dB on a smooth image")
    func roundTrip() throws {
        let smooth = GaussianBlur(sigma: 1.5).apply(to: try Self.crop(width: 120, height: 90))
        let enlarged = LanczosScale(factor: 2).apply(to: smooth)
        #expect(enlarged.width == 240 && enlarged.height == 180)
        let back = LanczosScale(factor: 0.5).apply(to: enlarged)
        let quality = try psnr(back, smooth)
        #expect(quality >= 30, "\(quality) dB")
    }

    /// Output pixel x samples the source at (x + 0.5) / factor − 0.5, anchored at the left
    /// edge; the grid is symmetric about the centre where the sides times the factor are
    /// whole numbers.
    @Test("Pixel centres are aligned: scaling commutes with mirroring", arguments: [
        (2.0, 47, 33), (0.5, 48, 34), (0.7, 50, 40), (1.3, 50, 40), (0.25, 84, 36),
    ])
    func mirrorSymmetry(factor: Double, width: Int, height: Int) throws {
        let image = try Self.crop(width: width, height: height)
        let scaleThenMirror = LanczosScale(factor: factor).apply(to: image).mirrored()
        let mirrorThenScale = LanczosScale(factor: factor).apply(to: image.mirrored())
        #expect(try scaleThenMirror.maximumDifference(to: mirrorThenScale) <= 1)
    }

    @Test("Reducing antialiases: one-pixel stripes reduced by 3 become an even grey")
    func antialiasing() throws {
        var stripes = RGBImage(width: 60, height: 30, fill: .black)
        for y in 0..<30 { for x in stride(from: 0, to: 60, by: 2) { stripes[x, y] = .white } }
        let reduced = LanczosScale(factor: 1.0 / 3).apply(to: stripes)
        try #require(reduced.width == 20 && reduced.height == 10)
        // Linear-light mean 0.5 is sRGB level 188; a kernel not stretched would pick single
        // stripes, black or white.
        let interior = reduced.cropped(x: 2, y: 2, width: 16, height: 6)
        #expect(interior.samples.allSatisfy { abs(Int($0) - 188) <= 12 }, "\(interior.samples.prefix(16))")
    }

    @Test("Output sizes: each side rounded, at least one pixel", arguments: [
        (4000, 3000, 2.0, 8000, 6000), (4000, 3000, 0.5, 2000, 1500), (101, 7, 0.5, 51, 4), (5, 5, 0.01, 1, 1),
        (3, 1000, 0.1, 1, 100), (10, 10, 1.0, 10, 10),
    ])
    func outputSize(width: Int, height: Int, factor: Double, expectedWidth: Int, expectedHeight: Int) {
        let size = LanczosScale(factor: factor).outputSize(width: width, height: height)
        #expect(size.width == expectedWidth && size.height == expectedHeight, "\(size)")
    }

    @Test("apply produces the size outputSize reports", arguments: [2.0, 0.5, 0.37, 3.3, 0.01])
    func applySize(factor: Double) throws {
        let image = try Self.crop(width: 45, height: 38)
        let scaled = LanczosScale(factor: factor).apply(to: image)
        let size = LanczosScale(factor: factor).outputSize(width: 45, height: 38)
        #expect(scaled.width == size.width && scaled.height == size.height)
        #expect(scaled.samples.count == size.width * size.height * 3)
    }

    @Test("The factor is reduced, keeping the aspect, so that the output has at most maximumPixels")
    func maximumPixels() {
        let limit = LanczosScale.maximumPixels
        let square = LanczosScale(factor: 1).outputSize(width: 10_000, height: 10_000)
        #expect(square.width == 8000 && square.height == 8000)
        let photo = LanczosScale(factor: 3).outputSize(width: 4000, height: 3000)
        #expect(photo.width * photo.height <= limit)
        #expect(photo.width * photo.height > limit * 999 / 1000)
        #expect(abs(Double(photo.width) / Double(photo.height) - 4.0 / 3) < 0.001)
        let huge = LanczosScale(factor: 1000).outputSize(width: 640, height: 480)
        #expect(huge.width * huge.height <= limit && huge.width > 9000)
        // Slivers cannot keep their aspect: the long side is cut to the limit.
        let sliver = LanczosScale(factor: 1).outputSize(width: 1, height: 100_000_000)
        #expect(sliver.width == 1 && sliver.height == limit)
        let wide = LanczosScale(factor: 2).outputSize(width: 100_000_000, height: 1)
        #expect(wide.width == limit && wide.height == 1)
    }
}
