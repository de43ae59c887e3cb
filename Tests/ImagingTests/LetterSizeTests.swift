import Imaging
import Testing

@Suite("Letter size")
struct LetterSizeTests {
    /// A white page with rows of dark "letters": `height` tall, strokes `stroke` wide (a
    /// vertical bar and a cross bar, like an H), `count` of them.
    private func page(width: Int, height: Int, letterHeight: Int, stroke: Int, count: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        let letterWidth = letterHeight * 2 / 3, pitch = letterWidth + letterHeight / 2, line = letterHeight * 2
        var drawn = 0
        var y = line
        while drawn < count && y + letterHeight < height {
            var x = pitch
            while drawn < count && x + letterWidth < width {
                for dy in 0..<letterHeight {
                    for dx in 0..<letterWidth where dx < stroke || dx >= letterWidth - stroke
                        || (dy >= letterHeight / 2 && dy < letterHeight / 2 + stroke) {
                        image[x + dx, y + dy] = .black
                    }
                }
                drawn += 1
                x += pitch
            }
            y += line
        }
        return image
    }

    @Test("The median letter height and stroke width of a page of letters", arguments: [(24, 4), (12, 2), (60, 9)])
    func measuresLetters(height: Int, stroke: Int) throws {
        let image = page(width: 1600, height: 1200, letterHeight: height, stroke: stroke, count: 300)
        let letters = try #require(LetterSize.measure(image, in: .sRGB))
        #expect(letters.height == height)
        #expect(letters.stroke == stroke)
        #expect(letters.letters >= LetterSize.leastLetters)
    }

    @Test("A page of more than 4 megapixels is measured at half size, in its own pixels")
    func largePage() throws {
        let image = page(width: 3000, height: 2000, letterHeight: 40, stroke: 6, count: 400)
        let letters = try #require(LetterSize.measure(image, in: .linear))
        #expect(abs(letters.height - 40) <= 2)
        #expect(abs(letters.stroke - 6) <= 2)
    }

    @Test("A blank page, a few letters, or one large dark shape are not measured")
    func notText() {
        #expect(LetterSize.measure(RGBImage(width: 400, height: 300), in: .sRGB) == nil)
        #expect(LetterSize.measure(page(width: 800, height: 600, letterHeight: 20, stroke: 3, count: 5), in: .sRGB) == nil)
        var frame = RGBImage(width: 400, height: 300)
        for y in 20..<280 { for x in 20..<380 { frame[x, y] = .black } }
        #expect(LetterSize.measure(frame, in: .sRGB) == nil)
    }
}
