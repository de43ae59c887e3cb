import Imaging
import Testing

@Suite("RGBImage")
struct RGBImageTests {
    @Test("A new image is filled with the given colour")
    func fill() {
        let image = RGBImage(width: 3, height: 2, fill: RGBPixel(red: 1, green: 2, blue: 3))
        #expect(image.samples == [UInt8](repeating: 0, count: 6).flatMap { _ in [1, 2, 3] as [UInt8] })
        #expect(image.pixelCount == 6)
        #expect(image.bytesPerRow == 9)
    }

    @Test("Pixels are addressed row by row")
    func subscripting() throws {
        var image = RGBImage(width: 4, height: 3)
        image[3, 1] = RGBPixel(red: 10, green: 20, blue: 30)
        try #require(image.samples.count == 4 * 3 * 3)
        #expect(Array(image.samples[(1 * 4 + 3) * 3 ..< (1 * 4 + 3) * 3 + 3]) == [10, 20, 30])
        #expect(image[3, 1] == RGBPixel(red: 10, green: 20, blue: 30))
        #expect(image[0, 0] == .white)
    }

    @Test("Images are values: a copy changes independently")
    func valueSemantics() {
        let original = RGBImage(width: 2, height: 2)
        var copy = original
        copy[0, 0] = .black
        #expect(original[0, 0] == .white)
        #expect(copy != original)
    }
}
