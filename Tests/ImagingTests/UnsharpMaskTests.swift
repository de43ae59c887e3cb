import Foundation
import Imaging
import Testing

@Suite("Unsharp mask (CIUnsharpMask) against the exact formula")
struct UnsharpMaskTests {
    /// v + amount·(v − G(v)) on working-space values, G the exact Gaussian of σ = radius out
    /// to 4σ with replicated edges (the blur's own reference); double precision throughout.
    static func reference(_ image: RGBImage, radius sigma: Double, amount: Double, in space: WorkingSpace) -> RGBImage {
        let reach = max(1, Int((4 * sigma).rounded(.up)))
        var kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let (width, height) = (image.width, image.height)
        let values = image.samples.map { ReferenceLevels.value($0, in: space) }
        func index(_ x: Int, _ y: Int, _ channel: Int) -> Int {
            (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 3 + channel
        }
        var rows = values
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 {
                    rows[index(x, y, channel)] = (-reach...reach).reduce(0.0) { sum, k in
                        sum + kernel[k + reach] * values[index(x + k, y, channel)]
                    }
                }
            }
        }
        var output = [UInt8](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 {
                    let blurred = (-reach...reach).reduce(0.0) { sum, k in
                        sum + kernel[k + reach] * rows[index(x, y + k, channel)]
                    }
                    let value = values[index(x, y, channel)]
                    output[index(x, y, channel)] = ReferenceLevels.level(value + amount * (value - blurred), in: space)
                }
            }
        }
        return RGBImage(width: width, height: height, samples: output)
    }

    @Test("Within a level of the exact formula where the blur is a direct kernel (σ below 3)",
          arguments: [(0.5, 1.0), (1.0, 0.5), (2.5, 2.0), (2.9, 3.0)])
    func directKernel(radius: Double, amount: Double) throws {
        let image = try Photos.crop(Photos.streetSign, width: 121, height: 63)
        for space in WorkingSpace.allCases {
            let ours = UnsharpMask(radius: radius, amount: amount).apply(to: image, in: space)
            let exact = Self.reference(image, radius: radius, amount: amount, in: space)
            #expect(try ours.maximumDifference(to: exact) <= 1, "\(space)")
            #expect(try ours.maximumDifference(to: image) > 0)
        }
    }

    /// From σ 3 the mask is taken from the blur's 8-bit output, which is itself within a few
    /// levels of the exact Gaussian (its own test asks for 40 dB). In linear light the mask's
    /// darkest overshoots magnify such an error many times in levels (near black a level is
    /// 0.0003 of linear value), so this checks the combination exactly, against the blur the
    /// filter used, and the whole against the exact Gaussian by PSNR.
    @Test("From σ 3: exact against the blur it uses, and close to the exact Gaussian's mask",
          arguments: [(3.0, 1.0), (6.0, 0.5), (15.0, 1.0)])
    func shrunkenBlur(radius: Double, amount: Double) throws {
        let image = try Photos.crop(Photos.streetSign, width: 160, height: 120)
        let ours = UnsharpMask(radius: radius, amount: amount).apply(to: image)
        let blurred = GaussianBlur(sigma: radius).apply(to: image)
        let combined = zip(image.samples, blurred.samples).map { level, blurredLevel in
            let (value, blur) = (ReferenceLevels.value(level, in: .linear), ReferenceLevels.value(blurredLevel, in: .linear))
            return ReferenceLevels.level(value + amount * (value - blur), in: .linear)
        }
        let exactCombination = RGBImage(width: image.width, height: image.height, samples: combined)
        #expect(try ours.maximumDifference(to: exactCombination) <= 1)
        let quality = try psnr(ours, Self.reference(image, radius: radius, amount: amount, in: .linear))
        #expect(quality >= 42, "σ \(radius), amount \(amount): \(quality) dB")
        #expect(try ours.maximumDifference(to: image) > 0)
    }

    @Test("Amount 0 or a radius too small to blur returns the input unchanged")
    func identity() throws {
        let image = try Photos.crop(Photos.streetSign, width: 50, height: 30)
        #expect(UnsharpMask(radius: 2, amount: 0).apply(to: image) == image)
        #expect(UnsharpMask(radius: 0.1, amount: 3).apply(to: image) == image)
        #expect(UnsharpMask(radius: 0, amount: 3).apply(to: image) == image)
    }

    @Test("A constant image stays constant", arguments: [1.0, 2.5, 10.0])
    func constant(radius: Double) {
        let image = RGBImage(width: 40, height: 30, fill: RGBPixel(red: 20, green: 128, blue: 240))
        #expect(UnsharpMask(radius: radius, amount: 2).apply(to: image) == image)
    }

    @Test("An edge is steepened: darker just before it, lighter just after, unchanged far away")
    func edgeOvershoot() throws {
        var image = RGBImage(width: 40, height: 5, fill: RGBPixel(grey: 60))
        for y in 0..<5 { for x in 20..<40 { image[x, y] = RGBPixel(grey: 180) } }
        let sharpened = UnsharpMask(radius: 1.5, amount: 1).apply(to: image)
        #expect(sharpened[19, 2].red < 60)
        #expect(sharpened[20, 2].red > 180)
        #expect(sharpened[2, 2] == image[2, 2] && sharpened[37, 2] == image[37, 2])
    }

    @Test("Odd sizes and 1-pixel images", arguments: [(1, 1), (1, 5), (7, 1), (11, 3)])
    func oddSizes(width: Int, height: Int) throws {
        let image = patternImage(width: width, height: height)
        let ours = UnsharpMask(radius: 1.2, amount: 0.8).apply(to: image)
        #expect(try ours.maximumDifference(to: Self.reference(image, radius: 1.2, amount: 0.8, in: .linear)) <= 1)
    }
}
