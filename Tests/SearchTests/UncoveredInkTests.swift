import Imaging
import Recognition
import Search
import Testing

/// Ink the page's reading left unread, found by cells a word high.
@Suite("Ink no word of the reading covers")
struct UncoveredInkTests {
    /// A white page with `lines` lines of dark "text" (bars 20 px tall, 600 px long), 60 px
    /// apart, in `colour`.
    private func page(lines: Int, colour: RGBPixel = RGBPixel(grey: 20)) -> RGBImage {
        var image = RGBImage(width: 800, height: 100 + 60 * lines)
        for line in 0..<lines {
            for y in (60 + 60 * line)..<(80 + 60 * line) { for x in 100..<700 where (x / 12) % 2 == 0 { image[x, y] = colour } }
        }
        return image
    }

    /// A reading of the first `read` lines, each as ten words over its bar.
    private func reading(of read: Int) -> RecognizedText {
        let words = (0..<read).flatMap { line in
            (0..<10).map { RecognizedWord(text: "word", confidence: 95, box: BoundingBox(x: 100 + 60 * $0, y: 60 + 60 * line, width: 55, height: 20)) }
        }
        return RecognizedText(text: "", meanConfidence: 95, words: words)
    }

    @Test("A page read whole has its ink covered; one read by half has half of it uncovered")
    func share() {
        let image = page(lines: 10)
        let whole = UncoveredInk(image: image, reading: reading(of: 10))
        #expect(whole.inkedCells > 100 && whole.uncoveredCells == 0)
        let half = UncoveredInk(image: image, reading: reading(of: 5))
        #expect(half.inkedCells == whole.inkedCells)
        #expect(abs(half.share - 0.5) < 0.05, "\(half)")
    }

    @Test("Coloured print is ink; a blank page and a reading of nothing have none uncovered")
    func colourAndBlank() {
        let red = UncoveredInk(image: page(lines: 6, colour: RGBPixel(red: 200, green: 30, blue: 30)), reading: reading(of: 3))
        #expect(red.inkedCells > 0 && abs(red.share - 0.5) < 0.05, "\(red)")
        let blank = UncoveredInk(image: RGBImage(width: 800, height: 600), reading: reading(of: 0))
        #expect(blank.inkedCells == 0 && blank.share == 0)
    }
}
