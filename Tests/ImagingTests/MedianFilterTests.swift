import Imaging
import Testing

@Suite("Median filter (CIMedianFilter, any radius) against sorting each window")
struct MedianFilterTests {
    /// The median of each channel's window, found by sorting it; edges replicated.
    static func reference(_ image: RGBImage, radius: Int) -> RGBImage {
        var window: [UInt8] = []
        return image.mapSamples { x, y, channel in
            window.removeAll(keepingCapacity: true)
            for dy in -radius...radius {
                for dx in -radius...radius { window.append(image.clampedSample(x: x + dx, y: y + dy, channel: channel)) }
            }
            window.sort()
            return window[window.count / 2]
        }
    }

    @Test("Equal to the sorted windows on a noisy photo", arguments: [1, 2, 3, 5, 8, 12])
    func noisyPhoto(radius: Int) throws {
        let image = try Photos.crop(Photos.noisyPage, width: radius > 5 ? 67 : 131, height: radius > 5 ? 41 : 73)
        let filtered = MedianFilter(radius: radius).apply(to: image)
        #expect(filtered == Self.reference(image, radius: radius))
        #expect(try filtered.maximumDifference(to: image) > 0)
    }

    @Test("Equal to the sorted windows on a colour photo", arguments: [1, 2, 4])
    func colourPhoto(radius: Int) throws {
        let image = try Photos.crop(Photos.streetSign, width: 150, height: 61)
        #expect(MedianFilter(radius: radius).apply(to: image) == Self.reference(image, radius: radius))
    }

    /// Large enough that rows are split across threads and columns into several strips.
    @Test("Equal to the sorted windows on a larger photo, split into parallel parts", arguments: [1, 2, 3, 4])
    func largerPhoto(radius: Int) throws {
        let image = try Photos.crop(Photos.noisyPage, width: 400, height: 300)
        #expect(MedianFilter(radius: radius).apply(to: image) == Self.reference(image, radius: radius))
    }

    /// Widths 1 to 13 put the row length (3 per pixel) on both sides of the 32-sample vectors.
    @Test("Equal to the sorted windows on small and narrow images, where the window overhangs the image",
          arguments: [1, 2, 3, 12])
    func smallImages(radius: Int) {
        for (width, height) in [(1, 1), (1, 9), (9, 1), (2, 3), (5, 4), (10, 7), (11, 12), (13, 2), (33, 5)] {
            let image = patternImage(width: width, height: height, seed: width * 100 + height)
            #expect(MedianFilter(radius: radius).apply(to: image) == Self.reference(image, radius: radius),
                    "\(width)x\(height)")
        }
    }

    @Test("Radius 0 returns the input unchanged")
    func identity() {
        let image = patternImage(width: 20, height: 10)
        #expect(MedianFilter(radius: 0).apply(to: image) == image)
    }

    @Test("A constant image stays constant", arguments: [1, 2, 7])
    func constant(radius: Int) {
        let image = RGBImage(width: 45, height: 30, fill: RGBPixel(red: 12, green: 200, blue: 130))
        #expect(MedianFilter(radius: radius).apply(to: image) == image)
    }

    @Test("Isolated salt and pepper pixels are removed", arguments: [1, 2])
    func saltAndPepper(radius: Int) {
        let grey = RGBImage(width: 60, height: 40, fill: RGBPixel(grey: 128))
        var noisy = grey
        for (index, (x, y)) in [(0, 0), (5, 5), (20, 9), (59, 39), (30, 0), (0, 25), (44, 31)].enumerated() {
            noisy[x, y] = index % 2 == 0 ? .white : .black
        }
        #expect(noisy != grey)
        #expect(MedianFilter(radius: radius).apply(to: noisy) == grey)
    }

    @Test("A straight edge between two levels is kept exactly", arguments: [1, 3])
    func edgeKept(radius: Int) {
        var image = RGBImage(width: 40, height: 20, fill: RGBPixel(grey: 30))
        for y in 0..<20 { for x in 17..<40 { image[x, y] = RGBPixel(grey: 220) } }
        #expect(MedianFilter(radius: radius).apply(to: image) == image)
    }

    @Test("The working space does not change the result")
    func spaceIrrelevant() throws {
        let image = try Photos.crop(Photos.noisyPage, width: 64, height: 32)
        for radius in [1, 3] {
            let filter = MedianFilter(radius: radius)
            #expect(filter.apply(to: image, in: .linear) == filter.apply(to: image, in: .sRGB))
        }
    }
}
