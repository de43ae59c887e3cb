import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Image statistics")
struct ImageStatisticsTests {
    /// A grey page of `level` with Gaussian noise of `sigma` levels, the same on every run.
    private static func noisy(level: Double, sigma: Double, width: Int = 400, height: Int = 300) -> RGBImage {
        var generator = RepeatableGenerator(seed: 7)
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for pixel in 0..<(width * height) {
            // Box-Muller from two uniform draws.
            let u = max(Double.ulpOfOne, Double(generator.next() >> 11) / Double(1 << 53))
            let v = Double(generator.next() >> 11) / Double(1 << 53)
            let value = level + sigma * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
            let grey = UInt8(max(0, min(255, value.rounded())))
            samples[pixel * 3] = grey; samples[pixel * 3 + 1] = grey; samples[pixel * 3 + 2] = grey
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// Black bars on white, like strokes of print: `period` pixels apart, `stroke` wide.
    private static func strokes(width: Int = 400, height: Int = 300, period: Int = 11, stroke: Int = 3) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        image.withUnsafeMutableSamples { samples in
            for y in 0..<height where (y / 20) % 2 == 0 {
                for x in 0..<width where x % period < stroke {
                    let base = (y * width + x) * 3
                    samples[base] = 0; samples[base + 1] = 0; samples[base + 2] = 0
                }
            }
        }
        return image
    }

    @Test("Noise reads the σ of Gaussian noise on a flat page, and 0 on a page without any")
    func noise() {
        for sigma in [4.0, 10.0, 25.0] {
            let measured = ImageStatistics(of: Self.noisy(level: 128, sigma: sigma)).noise
            #expect(abs(measured - sigma) < 0.1 * sigma, "σ \(sigma) read as \(measured)")
        }
        #expect(ImageStatistics(of: RGBImage(width: 50, height: 40, fill: RGBPixel(grey: 200))).noise == 0)
    }

    @Test("A blurred page is less sharp than the same page crisp")
    func sharpness() {
        let crisp = Self.strokes()
        let blurred = GaussianBlur(sigma: 2).apply(to: crisp)
        #expect(ImageStatistics(of: blurred).sharpness < 0.5 * ImageStatistics(of: crisp).sharpness)
    }

    @Test("Black on white separates fully into ink 0 and paper 255; a flat page not at all; noise lowers it")
    func levels() {
        let page = ImageStatistics(of: Self.strokes())
        #expect(page.separability > 0.999 && page.ink == 0 && page.paper == 255)
        let flat = ImageStatistics(of: RGBImage(width: 30, height: 30, fill: RGBPixel(grey: 90)))
        #expect(flat.separability == 0)
        #expect(ImageStatistics(of: Self.noisy(level: 128, sigma: 20)).separability < 0.8)
    }

    @Test("A page of flat 8×8 blocks reads blocky; noise without blocks about 1; a page without steps 1")
    func blockiness() {
        var blocks = RGBImage(width: 256, height: 64)
        var generator = RepeatableGenerator(seed: 3)
        let levels = (0..<(32 * 8)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        blocks.withUnsafeMutableSamples { samples in
            for y in 0..<64 {
                for x in 0..<256 {
                    let level = levels[(y / 8) * 32 + x / 8]
                    let base = (y * 256 + x) * 3
                    samples[base] = level; samples[base + 1] = level; samples[base + 2] = level
                }
            }
        }
        #expect(ImageStatistics(of: blocks).blockiness == 16, "steps only at block edges: the cap")
        let noise = ImageStatistics(of: Self.noisy(level: 128, sigma: 10)).blockiness
        #expect(abs(noise - 1) < 0.05, "\(noise)")
        #expect(ImageStatistics(of: RGBImage(width: 64, height: 64)).blockiness == 1)
    }

    @Test("A colour page and its grey copy measure alike; a large page is sampled to the same figures within a few percent")
    func colourAndSampling() throws {
        let photo = try TestPages.noisyPhoto.get()
        let statistics = ImageStatistics(of: photo)
        #expect(statistics.noise > 0 && statistics.sharpness > 0 && statistics.separability > 0)
        #expect(statistics.ink < statistics.paper)
        let page = try TestPages.bookPage.get()
        #expect(page.pixelCount > 4 * ImageStatistics.sampleLimit)
        let sampled = ImageStatistics(of: page)
        let again = ImageStatistics(of: page)
        #expect(sampled == again, "the same pixels give the same figures")
        let upperHalf = ImageStatistics(of: page.cropped(x: 0, y: 0, width: page.width, height: page.height / 2))
        #expect(abs(sampled.paper - upperHalf.paper) < 3)
    }
}
