import Imaging
import Testing

@Suite("Invert (CIColorInvert blended with the input)")
struct InvertTests {
    /// (1 − amount)·v + amount·inverse on working-space values, the inverse of level l being
    /// level 255 − l; in double precision, sample by sample.
    static func reference(_ image: RGBImage, amount: Double, in space: WorkingSpace) -> RGBImage {
        RGBImage(width: image.width, height: image.height, samples: image.samples.map { level in
            let value = ReferenceLevels.value(level, in: space), inverse = ReferenceLevels.value(255 - level, in: space)
            return ReferenceLevels.level((1 - amount) * value + amount * inverse, in: space)
        })
    }

    @Test("Amount 1 is 255 − level in both working spaces", arguments: WorkingSpace.allCases)
    func fullInvert(space: WorkingSpace) throws {
        let image = try Photos.crop(Photos.streetSign, width: 131, height: 47)
        let inverted = Invert(amount: 1).apply(to: image, in: space)
        #expect(inverted.samples == image.samples.map { 255 - $0 })
        var ramp = RGBImage(width: 256, height: 1)
        for level in 0..<256 { ramp[level, 0] = RGBPixel(grey: UInt8(level)) }
        #expect(Invert(amount: 1).apply(to: ramp, in: space).samples == ramp.samples.map { 255 - $0 })
    }

    @Test("Inverting twice at amount 1 gives the input back")
    func twice() throws {
        let image = try Photos.crop(Photos.streetSign, width: 77, height: 31)
        let invert = Invert(amount: 1)
        #expect(invert.apply(to: invert.apply(to: image)) == image)
        #expect(invert.apply(to: image) != image)
    }

    @Test("Amount 0 (or below) returns the input unchanged", arguments: [0.0, -0.5])
    func identity(amount: Double) {
        let image = patternImage(width: 33, height: 7)
        #expect(Invert(amount: amount).apply(to: image) == image)
    }

    @Test("Partial amounts are within a level of the exact blend",
          arguments: WorkingSpace.allCases, [0.1, 0.3, 0.5, 0.75, 0.99])
    func partial(space: WorkingSpace, amount: Double) throws {
        let image = try Photos.crop(Photos.streetSign, width: 97, height: 53)
        let ours = Invert(amount: amount).apply(to: image, in: space)
        #expect(try ours.maximumDifference(to: Self.reference(image, amount: amount, in: space)) <= 1)
        #expect(try ours.maximumDifference(to: image) > 0)
    }

    @Test("In sRGB, amount 0.5 makes every sample the midpoint level")
    func halfway() {
        let image = patternImage(width: 40, height: 9)
        #expect(Invert(amount: 0.5).apply(to: image, in: .sRGB).levelsUsed == [128])
    }

    @Test("Amounts above 1 are clamped to 1")
    func clamped() {
        let image = patternImage(width: 12, height: 12)
        #expect(Invert(amount: 2).amount == 1)
        #expect(Invert(amount: 2).apply(to: image) == Invert(amount: 1).apply(to: image))
    }

    @Test("Odd sizes and 1-pixel images", arguments: [(1, 1), (1, 5), (7, 1), (11, 3)])
    func oddSizes(width: Int, height: Int) throws {
        let image = patternImage(width: width, height: height)
        #expect(Invert(amount: 1).apply(to: image).samples == image.samples.map { 255 - $0 })
        let partial = Invert(amount: 0.4).apply(to: image)
        #expect(try partial.maximumDifference(to: Self.reference(image, amount: 0.4, in: .linear)) <= 1)
    }
}
