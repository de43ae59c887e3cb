import Imaging
import Testing

@Suite("Morphology minimum and maximum (CIMorphologyMinimum/Maximum) against each window's extremum")
struct MorphologyTests {
    /// The smallest or largest sample of each channel's square window; edges replicated.
    static func reference(_ image: RGBImage, _ operation: Morphology.Operation, radius: Int) -> RGBImage {
        image.mapSamples { x, y, channel in
            var extreme = image.clampedSample(x: x, y: y, channel: channel)
            for dy in -radius...radius {
                for dx in -radius...radius {
                    let sample = image.clampedSample(x: x + dx, y: y + dy, channel: channel)
                    extreme = operation == .minimum ? min(extreme, sample) : max(extreme, sample)
                }
            }
            return extreme
        }
    }

    static let operations: [Morphology.Operation] = [.minimum, .maximum]

    @Test("Equal to the brute-force extremum on a colour photo",
          arguments: operations, [1, 2, 3, 7, 12])
    func photo(operation: Morphology.Operation, radius: Int) throws {
        let image = try Photos.crop(Photos.streetSign, width: 181, height: 97)
        let filtered = Morphology(operation, radius: radius).apply(to: image)
        #expect(filtered == Self.reference(image, operation, radius: radius))
        #expect(try filtered.maximumDifference(to: image) > 0)
    }

    /// Widths 1 to 13 put the row length on both sides of the 32-sample vectors.
    @Test("Equal to the brute-force extremum on small and narrow images", arguments: operations, [1, 2, 5, 12])
    func smallImages(operation: Morphology.Operation, radius: Int) {
        for (width, height) in [(1, 1), (1, 9), (9, 1), (2, 3), (5, 4), (10, 7), (11, 12), (13, 2), (33, 5)] {
            let image = patternImage(width: width, height: height, seed: width * 31 + height)
            let filtered = Morphology(operation, radius: radius).apply(to: image)
            #expect(filtered == Self.reference(image, operation, radius: radius), "\(width)x\(height)")
        }
    }

    /// A tall narrow crop is split into many parallel parts; the whole photograph is also cut
    /// into bands of rows within each part. The rows shared between parts and bands are
    /// checked with the rest.
    @Test("Equal to the brute-force extremum on a tall crop and on a whole photo", arguments: operations)
    func parts(operation: Morphology.Operation) throws {
        let tall = try Photos.crop(Photos.noisyPage, width: 40, height: 700)
        #expect(Morphology(operation, radius: 4).apply(to: tall) == Self.reference(tall, operation, radius: 4))
        let whole = try Photos.streetSign.get()
        #expect(Morphology(operation, radius: 2).apply(to: whole) == Self.reference(whole, operation, radius: 2))
    }

    @Test("Radius 0 returns the input unchanged", arguments: operations)
    func identity(operation: Morphology.Operation) {
        let image = patternImage(width: 20, height: 10)
        #expect(Morphology(operation, radius: 0).apply(to: image) == image)
    }

    @Test("Minimum ≤ input ≤ maximum, sample by sample", arguments: [1, 3])
    func ordering(radius: Int) throws {
        let image = try Photos.crop(Photos.streetSign, width: 90, height: 60)
        let eroded = Morphology(.minimum, radius: radius).apply(to: image)
        let dilated = Morphology(.maximum, radius: radius).apply(to: image)
        #expect(zip(eroded.samples, image.samples).allSatisfy { $0 <= $1 })
        #expect(zip(image.samples, dilated.samples).allSatisfy { $0 <= $1 })
        #expect(eroded != image && dilated != image)
    }

    @Test("Opening (minimum then maximum) is at most the input; closing at least", arguments: [1, 2, 4])
    func openingAndClosing(radius: Int) throws {
        let image = try Photos.crop(Photos.streetSign, width: 90, height: 60)
        let (minimum, maximum) = (Morphology(.minimum, radius: radius), Morphology(.maximum, radius: radius))
        let opened = maximum.apply(to: minimum.apply(to: image))
        let closed = minimum.apply(to: maximum.apply(to: image))
        #expect(zip(opened.samples, image.samples).allSatisfy { $0 <= $1 })
        #expect(zip(closed.samples, image.samples).allSatisfy { $0 >= $1 })
        // Opening is idempotent: opening the opened image changes nothing.
        #expect(maximum.apply(to: minimum.apply(to: opened)) == opened)
    }

    @Test("A dark dot on white grows to a (2r + 1)-pixel square under the minimum", arguments: [1, 3])
    func dotGrows(radius: Int) {
        var image = RGBImage(width: 15, height: 11)
        image[7, 5] = RGBPixel(red: 10, green: 20, blue: 30)
        let eroded = Morphology(.minimum, radius: radius).apply(to: image)
        for y in 0..<11 {
            for x in 0..<15 {
                let inside = abs(x - 7) <= radius && abs(y - 5) <= radius
                #expect(eroded[x, y] == (inside ? image[7, 5] : .white), "(\(x), \(y))")
            }
        }
        #expect(Morphology(.maximum, radius: radius).apply(to: image) == RGBImage(width: 15, height: 11))
    }

    @Test("The working space does not change the result")
    func spaceIrrelevant() {
        let image = patternImage(width: 40, height: 20)
        for operation in Self.operations {
            let filter = Morphology(operation, radius: 2)
            #expect(filter.apply(to: image, in: .linear) == filter.apply(to: image, in: .sRGB))
        }
    }
}
