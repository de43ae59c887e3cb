import Core
import CoreTestSupport
import Imaging
import Recognition
import Testing

@Suite("Text sizing")
struct TextSizingTests {
    private let photo = 12_000_000, scan = 8_400_000

    @Test("auto shrinks large letters on large pages, to the target height but not below half size")
    func autoShrinks() {
        #expect(TextSizing.auto.scale(for: LetterSize(height: 22, stroke: 5, letters: 2000), pixels: photo, bilevel: false) == 0.5)
        let scale = TextSizing.auto.scale(for: LetterSize(height: 16, stroke: 5, letters: 2000), pixels: photo, bilevel: false)
        #expect(abs(scale - 11.0 / 16) < 1e-9)
    }

    @Test("auto leaves smaller pages, 1-bit pages, pages of few letters, letters near the target and small text alone")
    func autoLeavesAlone() {
        let letters = LetterSize(height: 30, stroke: 5, letters: 2000)
        #expect(TextSizing.auto.scale(for: letters, pixels: scan, bilevel: false) == 1)
        #expect(TextSizing.auto.scale(for: letters, pixels: photo, bilevel: true) == 1)
        #expect(TextSizing.auto.scale(for: LetterSize(height: 30, stroke: 5, letters: 40), pixels: photo, bilevel: false) == 1)
        #expect(TextSizing.auto.scale(for: LetterSize(height: 13, stroke: 3, letters: 2000), pixels: photo, bilevel: false) == 1)
        #expect(TextSizing.auto.scale(for: LetterSize(height: 6, stroke: 1, letters: 2000), pixels: photo, bilevel: false) == 1)
    }

    @Test("A thin stroke limits the shrinking: it must stay two pixels wide")
    func thinStrokes() {
        let scale = TextSizing.fit.scale(for: LetterSize(height: 30, stroke: 3, letters: 500), pixels: scan, bilevel: false)
        #expect(abs(scale - 2.0 / 3) < 1e-9)
    }

    @Test("fit shrinks any page's large letters and enlarges tiny ones, at most twice; off never scales")
    func fitAndOff() {
        let large = LetterSize(height: 22, stroke: 5, letters: 500), tiny = LetterSize(height: 7, stroke: 1, letters: 500)
        #expect(TextSizing.fit.scale(for: large, pixels: 2_000_000, bilevel: false) == 0.5)
        #expect(abs(TextSizing.fit.scale(for: tiny, pixels: 2_000_000, bilevel: false) - 11.0 / 7) < 1e-9)
        #expect(TextSizing.fit.scale(for: LetterSize(height: 4, stroke: 1, letters: 500), pixels: 2_000_000, bilevel: false) == 2)
        #expect(TextSizing.off.scale(for: large, pixels: photo, bilevel: false) == 1)
        #expect(TextSizing.off.scale(for: tiny, pixels: photo, bilevel: false) == 1)
    }

    /// A grey page of dark grey letters `height` tall with strokes `stroke` wide (a page of
    /// black and white only is never shrunk).
    private func page(width: Int, height: Int, letterHeight: Int, stroke: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height, fill: RGBPixel(grey: 230))
        let letterWidth = letterHeight * 2 / 3
        for row in stride(from: letterHeight, to: height - 2 * letterHeight, by: 2 * letterHeight) {
            for column in stride(from: letterWidth, to: width - 2 * letterWidth, by: letterWidth * 2) {
                for dy in 0..<letterHeight {
                    for dx in 0..<letterWidth where dx < stroke || dx >= letterWidth - stroke {
                        image[column + dx, row + dy] = RGBPixel(grey: 30)
                    }
                }
            }
        }
        return image
    }

    @Test("The engine reads a page of large letters at the smaller scale; the words' boxes come back in the page's pixels")
    func pipelineReadsScaled() throws {
        let image = page(width: 1200, height: 900, letterHeight: 44, stroke: 8)
        let fit = Pipeline(settings: RecognitionSettings(textSizing: .fit), recognizer: FakeRecognizer())
        let reading = try fit.recognize(image, resolution: 300).recognized
        // FakeRecognizer writes the width it read: the page at a quarter of its letters' height.
        #expect(reading.text.contains("size600"), "\(reading.text)")
        #expect(reading.words.allSatisfy { $0.box == BoundingBox(x: 0, y: 0, width: 1200, height: 900) })
        let off = Pipeline(settings: RecognitionSettings(textSizing: .off), recognizer: FakeRecognizer())
        #expect(try off.recognize(image, resolution: 300).recognized.text.contains("size1200"))
    }

    @Test("A rendering a filter scaled is read as rendered")
    func scaledByAFilter() throws {
        let image = page(width: 1200, height: 900, letterHeight: 44, stroke: 8)
        let fit = Pipeline(settings: RecognitionSettings(textSizing: .fit), recognizer: FakeRecognizer())
        let operations = try CommandScript("scale").finalState().operations
        #expect(try fit.recognize(image, resolution: 300, rendering: operations).recognized.text.contains("size1200"))
    }
}
