import Imaging
import Testing

@Suite("Greyscale (CIPhotoEffectMono blended with the input)")
struct GreyscaleTests {
    /// Y = 0.2126 R + 0.7152 G + 0.0722 B on working-space values, each channel moved
    /// `amount` of the way to Y; double precision, pixel by pixel.
    static func reference(_ image: RGBImage, amount: Double, in space: WorkingSpace) -> RGBImage {
        var output = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                let (red, green, blue) = (ReferenceLevels.value(pixel.red, in: space),
                                          ReferenceLevels.value(pixel.green, in: space),
                                          ReferenceLevels.value(pixel.blue, in: space))
                let luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
                func mix(_ value: Double) -> UInt8 {
                    ReferenceLevels.level((1 - amount) * value + amount * luminance, in: space)
                }
                output[x, y] = RGBPixel(red: mix(red), green: mix(green), blue: mix(blue))
            }
        }
        return output
    }

    @Test("Within a level of the exact mix on a colour photo",
          arguments: WorkingSpace.allCases, [0.2, 0.5, 1.0])
    func photo(space: WorkingSpace, amount: Double) throws {
        let image = try Photos.crop(Photos.streetSign, width: 141, height: 67)
        let ours = Greyscale(amount: amount).apply(to: image, in: space)
        #expect(try ours.maximumDifference(to: Self.reference(image, amount: amount, in: space)) <= 1)
        #expect(try ours.maximumDifference(to: image) > 0)
    }

    @Test("Amount 1 gives R = G = B everywhere", arguments: WorkingSpace.allCases)
    func grey(space: WorkingSpace) throws {
        let image = try Photos.crop(Photos.streetSign, width: 90, height: 40)
        #expect(!image.isGreyscale)
        #expect(Greyscale(amount: 1).apply(to: image, in: space).isGreyscale)
    }

    @Test("Amount 0 (or below) returns the input unchanged", arguments: [0.0, -1.0])
    func identity(amount: Double) {
        let image = patternImage(width: 21, height: 8)
        #expect(Greyscale(amount: amount).apply(to: image) == image)
    }

    @Test("Grey pixels are unchanged at any amount", arguments: WorkingSpace.allCases)
    func greyUnchanged(space: WorkingSpace) {
        var ramp = RGBImage(width: 256, height: 1)
        for level in 0..<256 { ramp[level, 0] = RGBPixel(grey: UInt8(level)) }
        for amount in [0.3, 1.0] { #expect(Greyscale(amount: amount).apply(to: ramp, in: space) == ramp) }
    }

    /// The luminance of the primaries: in linear light 0.2126, 0.7152 and 0.0722 encode to
    /// sRGB levels 127, 220 and 76; as sRGB values they are levels 54, 182 and 18.
    @Test("Pure red, green and blue become the grey of their weight")
    func primaries() {
        var image = RGBImage(width: 3, height: 1)
        image[0, 0] = RGBPixel(red: 255, green: 0, blue: 0)
        image[1, 0] = RGBPixel(red: 0, green: 255, blue: 0)
        image[2, 0] = RGBPixel(red: 0, green: 0, blue: 255)
        #expect(Greyscale(amount: 1).apply(to: image).greySamples() == [127, 220, 76])
        #expect(Greyscale(amount: 1).apply(to: image, in: .sRGB).greySamples() == [54, 182, 18])
    }

    @Test("Odd sizes and 1-pixel images", arguments: [(1, 1), (1, 5), (7, 1), (11, 3)])
    func oddSizes(width: Int, height: Int) throws {
        let image = patternImage(width: width, height: height)
        let ours = Greyscale(amount: 0.7).apply(to: image)
        #expect(try ours.maximumDifference(to: Self.reference(image, amount: 0.7, in: .linear)) <= 1)
    }
}
