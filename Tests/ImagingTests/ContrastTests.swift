import Imaging
import Testing

@Suite("Contrast (CIColorControls inputContrast)")
struct ContrastTests {
    /// (v − 0.5)·factor + 0.5 on working-space values, clamped; double precision, sample by sample.
    static func reference(_ image: RGBImage, factor: Double, in space: WorkingSpace) -> RGBImage {
        RGBImage(width: image.width, height: image.height, samples: image.samples.map { level in
            ReferenceLevels.level((ReferenceLevels.value(level, in: space) - 0.5) * factor + 0.5, in: space)
        })
    }

    @Test("Within a level of the exact formula on a colour photo",
          arguments: WorkingSpace.allCases, [0.0, 0.25, 0.8, 1.3, 2.0, 4.0])
    func photo(space: WorkingSpace, factor: Double) throws {
        let image = try Photos.crop(Photos.streetSign, width: 123, height: 45)
        let ours = Contrast(factor: factor).apply(to: image, in: space)
        #expect(try ours.maximumDifference(to: Self.reference(image, factor: factor, in: space)) <= 1)
        #expect(try ours.maximumDifference(to: image) > 0)
    }

    @Test("Factor 1 returns the input unchanged", arguments: WorkingSpace.allCases)
    func identity(space: WorkingSpace) {
        let image = patternImage(width: 31, height: 17)
        #expect(Contrast(factor: 1).apply(to: image, in: space) == image)
    }

    @Test("Factor 0 flattens the image to the level of 0.5: 188 in linear light, 128 in sRGB")
    func flat() {
        let image = patternImage(width: 31, height: 17)
        #expect(Contrast(factor: 0).apply(to: image).levelsUsed == [188])
        #expect(Contrast(factor: 0).apply(to: image, in: .sRGB).levelsUsed == [128])
    }

    @Test("Above 1, levels move away from the midpoint and keep their order", arguments: WorkingSpace.allCases)
    func spreads(space: WorkingSpace) throws {
        var ramp = RGBImage(width: 256, height: 1)
        for level in 0..<256 { ramp[level, 0] = RGBPixel(grey: UInt8(level)) }
        let output = Contrast(factor: 1.5).apply(to: ramp, in: space).greySamples()
        try #require(output.count == 256)
        let midpoint = space == .linear ? 187.5 : 127.5
        for level in 0..<256 {
            if Double(level) < midpoint { #expect(output[level] <= UInt8(level), "level \(level)") }
            else { #expect(output[level] >= UInt8(level), "level \(level)") }
            if level > 0 { #expect(output[level] >= output[level - 1], "level \(level)") }
        }
        #expect(output.first == 0 && output.last == 255)
    }

    @Test("Odd sizes and 1-pixel images", arguments: [(1, 1), (1, 5), (7, 1), (11, 3)])
    func oddSizes(width: Int, height: Int) throws {
        let image = patternImage(width: width, height: height)
        let ours = Contrast(factor: 2.5).apply(to: image)
        #expect(try ours.maximumDifference(to: Self.reference(image, factor: 2.5, in: .linear)) <= 1)
    }
}
