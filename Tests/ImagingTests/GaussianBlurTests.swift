import Foundation
import ImageCodec
import Imaging
import TestSupport
import Testing

@Suite("Gaussian blur against an exact convolution")
struct GaussianBlurTests {
    /// A real photographed page from the image set, loaded once; a failure to load fails
    /// each test that needs it instead of stopping the runner.
    static let page = Result { try ImageFile.load(Paths.images + "/street_sign.jpg").image }

    /// The page cropped where there is text.
    static func crop(width: Int, height: Int) throws -> RGBImage {
        let page = try page.get()
        try #require(page.width / 3 + width <= page.width && page.height / 3 + height <= page.height,
                     "street_sign.jpg is \(page.width)x\(page.height), too small for a \(width)x\(height) crop")
        return page.cropped(x: page.width / 3, y: page.height / 3, width: width, height: height)
    }

    @Test("PSNR of at least 40 dB against the exact Gaussian", arguments: [
        (0.5, 240, 160), (1.5, 240, 160), (2.0, 240, 160), (2.9, 240, 160), (3.0, 240, 160), (4.5, 241, 163),
        (10.0, 237, 161), (25.0, 240, 160), (75.0, 240, 160), (300.0, 90, 60),
    ])
    func accuracy(sigma: Double, width: Int, height: Int) throws {
        let image = try Self.crop(width: width, height: height)
        let ours = GaussianBlur(sigma: sigma).apply(to: image)
        let exact = ReferenceGaussian.blur(image, sigma: sigma)
        let quality = try psnr(ours, exact)
        #expect(quality >= 40, "σ \(sigma): \(quality) dB")
        #expect(try ours.maximumDifference(to: image) > 0)
    }

    @Test("A constant image stays constant at every σ", arguments: [0.5, 2, 25, 75, 300])
    func constant(sigma: Double) throws {
        let grey = RGBImage(width: 37, height: 23, fill: RGBPixel(red: 90, green: 150, blue: 210))
        #expect(try GaussianBlur(sigma: sigma).apply(to: grey).maximumDifference(to: grey) == 0)
    }

    /// Even sizes let a shrunken blur's blocks sit symmetrically on the image, so mirroring
    /// changes at most a rounding. With an odd size and an even factor the block grid is half
    /// a pixel off-centre, and the two sides differ within the blur's accuracy.
    @Test("Blurring commutes with mirroring the image", arguments: [
        (0.5, 120, 80, 1), (3, 120, 80, 1), (25, 120, 80, 1), (300, 120, 80, 1),
        (0.5, 121, 83, 1), (3, 121, 83, 2), (4.5, 121, 83, 1), (25, 121, 83, 1), (300, 121, 83, 1),
    ])
    func mirrorSymmetry(sigma: Double, width: Int, height: Int, tolerance: Int) throws {
        let image = try Self.crop(width: width, height: height)
        let blurThenMirror = GaussianBlur(sigma: sigma).apply(to: image).mirrored()
        let mirrorThenBlur = GaussianBlur(sigma: sigma).apply(to: image.mirrored())
        #expect(try blurThenMirror.maximumDifference(to: mirrorThenBlur) <= tolerance)
        let quality = try psnr(blurThenMirror, mirrorThenBlur)
        #expect(quality > 60, "\(quality) dB")
    }

    @Test("σ below 0.16 returns the input unchanged")
    func identity() throws {
        let image = try Self.crop(width: 50, height: 40)
        #expect(try GaussianBlur(sigma: 0.15).apply(to: image).maximumDifference(to: image) == 0)
        #expect(try GaussianBlur(sigma: 0).apply(to: image).maximumDifference(to: image) == 0)
        #expect(try GaussianBlur(sigma: 0.5).apply(to: image).maximumDifference(to: image) > 0)
    }

    @Test("A σ far larger than the image gives the image's mean, with edges weighed as replicated")
    func hugeSigma() throws {
        var image = RGBImage(width: 40, height: 1, fill: .black)
        for x in 20..<40 { image[x, 0] = .white }
        let blurred = GaussianBlur(sigma: 300).apply(to: image)
        let exact = ReferenceGaussian.blur(image, sigma: 300)
        #expect(try blurred.maximumDifference(to: exact) <= 1)
    }

    @Test("Tiny images (1 to 3 pixels) blur without trouble", arguments: [(1, 1), (1, 3), (3, 1), (2, 2), (3, 3)])
    func tinyImages(width: Int, height: Int) throws {
        var image = RGBImage(width: width, height: height, fill: .black)
        image[width - 1, height - 1] = .white
        for sigma in [0.5, 5.0, 300.0] {
            let ours = GaussianBlur(sigma: sigma).apply(to: image)
            #expect(try ours.maximumDifference(to: ReferenceGaussian.blur(image, sigma: sigma)) <= 1, "σ \(sigma)")
        }
    }
}
