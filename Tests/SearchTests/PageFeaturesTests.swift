import Decisions
import Imaging
import Recognition
import Search
import Testing

/// What `--auto` knows of a page before it searches, by name.
@Suite("Page features")
struct PageFeaturesTests {
    /// A white page with ten bars of dark "text", 60 px apart.
    private let page: RGBImage = {
        var image = RGBImage(width: 800, height: 700)
        for line in 0..<10 {
            for y in (60 + 60 * line)..<(80 + 60 * line) { for x in 100..<700 where (x / 12) % 2 == 0 { image[x, y] = RGBPixel(grey: 20) } }
        }
        return image
    }()

    /// The page read as ten lines of ten words, the words of `unsure` lines at confidence 40.
    private func reading(unsure: Set<Int> = []) -> RecognizedText {
        let words = (0..<10).flatMap { line in
            (0..<10).map {
                RecognizedWord(text: "word", confidence: unsure.contains(line) ? 40 : 95,
                               box: BoundingBox(x: 100 + 60 * $0, y: 60 + 60 * line, width: 55, height: 20), inDictionary: true)
            }
        }
        return RecognizedText(text: (0..<10).map { _ in Array(repeating: "word", count: 10).joined(separator: " ") }.joined(separator: "\n"),
                              meanConfidence: unsure.isEmpty ? 95 : 84, words: words)
    }

    @Test("Counts and shares come from the reading: words, characters, unsure lines and characters")
    func reading() {
        let sure = PageFeatures(image: page, reading: reading()).values
        #expect(sure["words"] == 100 && sure["characters"] == 400)
        #expect(sure["unsureLines"] == 0 && sure["charactersBelow50"] == 0)
        #expect(sure["uncoveredInk"] == 0, "every bar read")
        let doubtful = PageFeatures(image: page, reading: reading(unsure: [2, 7])).values
        #expect(doubtful["unsureLines"] == 0.2 && doubtful["charactersBelow50"] == 0.2)
        #expect(doubtful["confidenceP10"] == 40 && doubtful["confidenceP50"] == 95)
    }

    @Test("Image measures sit beside the reading's; a page read as nothing has every value, none of them NaN")
    func image() {
        let empty = PageFeatures(image: page, reading: RecognizedText(text: "", meanConfidence: 0, words: [])).values
        let read = PageFeatures(image: page, reading: reading()).values
        #expect(Set(empty.keys) == Set(read.keys), "the same names whatever was read")
        #expect(empty.values.allSatisfy { $0.isFinite })
        #expect(empty["words"] == 0 && empty["uncoveredInk"] == 1)
        #expect(read["imageSeparability"]! > 0.9 && read["imageInk"]! < 30 && read["imagePaper"] == 255)
    }

    @Test("The shipped page gate reads only what a page's features hold")
    func shippedGate() throws {
        let gate = try #require(PageGate(model: ShippedModels.pageGate))
        for reading in [reading(), reading(unsure: [1, 4]), RecognizedText(text: "", meanConfidence: 0, words: [])] {
            let probability = try gate.probability(PageFeatures(image: page, reading: reading))
            #expect((0...1).contains(probability))
        }
    }

    @Test("The same page and reading give the same values")
    func repeatable() {
        #expect(PageFeatures(image: page, reading: reading(unsure: [3])) == PageFeatures(image: page, reading: reading(unsure: [3])))
    }
}
