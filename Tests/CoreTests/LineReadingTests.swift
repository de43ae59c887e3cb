import Core
import ImageCodec
import Imaging
import Recognition
import TestSupport
import Testing

/// A page's lines read again by rectangle, on the page's own layout.
@Suite("Lines read by rectangle through the pipeline")
struct LineReadingTests {
    private let phototest = Paths.corpus + "/phototest.tif"

    @Test("Read at the scale the page was read at, each line's words come back in the page's pixels, on any pool")
    func atTheReadingsScale() throws {
        let page = try ImageFile.load(phototest)
        let pipeline = try Pipeline.make(RecognitionSettings())
        let engine = try TesseractEngine()
        let whole = try engine.recognize(page.image, resolution: page.resolution)
        let rectangles = try #require(whole.layout).lines.map { line in
            BoundingBox(x: line.box.x - 6, y: line.box.y - 6, width: line.box.width + 12, height: line.box.height + 12)
        }
        let asIs = try pipeline.reader.readLines(page.image, resolution: page.resolution, lines: rectangles, scale: 1,
                                                 engine: EngineSettings(pageSegmentation: 7), symbolChoices: false, monitor: nil,
                                                 with: engine)
        let halved = try pipeline.reader.readLines(page.image, resolution: page.resolution, lines: rectangles, scale: 0.6,
                                                   engine: EngineSettings(pageSegmentation: 7), symbolChoices: false, monitor: nil,
                                                   with: engine)
        let pooled = try Engines(count: 2, settings: RecognitionSettings(), factory: RecognitionSettings.tesseract)
        let onPool = try pipeline.reader.readLines(page.image, resolution: page.resolution, lines: rectangles, scale: 1,
                                                   engine: EngineSettings(pageSegmentation: 7), symbolChoices: false, monitor: nil,
                                                   with: pooled)
        #expect(onPool == asIs, "a pool reads what one engine reads")
        #expect(halved.count == rectangles.count)
        var agreeing = 0
        for (index, rectangle) in rectangles.enumerated() {
            #expect(halved[index].readScale == 0.6)
            for word in halved[index].words {
                // Rounded outwards when mapped back: at most a pixel beyond the rectangle.
                #expect(word.box.x >= rectangle.x - 1 && word.box.x + word.box.width <= rectangle.x + rectangle.width + 1,
                        "\(word.text) in line \(index)")
                #expect(word.box.y >= rectangle.y - 1 && word.box.y + word.box.height <= rectangle.y + rectangle.height + 1)
            }
            agreeing += halved[index].words.map(\.text) == asIs[index].words.map(\.text) ? 1 : 0
        }
        // 12-point text at 0.6 of 300 dpi still reads; most lines read word for word alike.
        #expect(agreeing * 2 >= rectangles.count, "\(agreeing) of \(rectangles.count) lines alike")
    }

    @Test("A recognizer that reads only whole images says so when asked for lines")
    func wholeImagesOnly() {
        struct WholeOnly: Recognizer {
            func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
                RecognizedText(text: "", meanConfidence: 0, words: [])
            }
        }
        #expect(throws: RunnerError.self) {
            try WholeOnly().recognizeLines(RGBImage(width: 40, height: 40), lines: [], resolution: nil, engine: EngineSettings(),
                                           monitor: nil, symbolChoices: false)
        }
    }
}
