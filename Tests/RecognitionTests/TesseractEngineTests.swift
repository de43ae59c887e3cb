import ImageCodec
import Imaging
import Recognition
import TestSupport
import Testing

@Suite("Tesseract engine")
struct TesseractEngineTests {
    private let phototest = Paths.corpus + "/phototest.tif"

    @Test("Recognises a page from memory: text, confidence and word boxes")
    func recognisesPage() throws {
        let decoded = try ImageFile.load(phototest)
        let engine = try TesseractEngine()
        let result = try engine.recognize(decoded.image, resolution: decoded.resolution)
        #expect(result.text.hasPrefix("This is a lot of 12 point text to test the\n"))
        #expect(result.meanConfidence > 80)
        #expect(result.words.first?.text == "This")
        for word in result.words {
            #expect(word.box.x >= 0 && word.box.y >= 0 && word.box.width > 0 && word.box.height > 0)
            #expect(word.box.x + word.box.width <= decoded.image.width)
            #expect(word.box.y + word.box.height <= decoded.image.height)
            #expect((0...100).contains(word.confidence))
        }
        let joined = result.words.map(\.text).joined(separator: " ")
        #expect(joined == result.text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    @Test("One engine recognises many images, each from a clean state")
    func reuse() throws {
        let page = try ImageFile.load(phototest)
        let engine = try TesseractEngine()
        let first = try engine.recognize(page.image, resolution: page.resolution)
        let blank = try engine.recognize(RGBImage(width: 200, height: 100))
        let again = try engine.recognize(page.image, resolution: page.resolution)
        #expect(blank.text.isEmpty && blank.words.isEmpty && blank.meanConfidence == 0)
        #expect(again == first)
    }

    @Test("Lines read by rectangle on one image: each line's words, boxes in the page's pixels, the engine as it was after")
    func linesByRectangle() throws {
        let page = try ImageFile.load(phototest)
        let engine = try TesseractEngine()
        let whole = try engine.recognize(page.image, resolution: page.resolution)
        let layout = try #require(whole.layout)
        let margin = 6
        let rectangles = layout.lines.map { line in
            BoundingBox(x: line.box.x - margin, y: line.box.y - margin, width: line.box.width + 2 * margin,
                        height: line.box.height + 2 * margin)
        }
        #expect(rectangles.count >= 5)
        let readings = try engine.recognizeLines(page.image, lines: rectangles + [BoundingBox(x: -50, y: -50, width: 40, height: 40)],
                                                 resolution: page.resolution, symbolChoices: true)
        #expect(readings.count == rectangles.count + 1)
        for (index, line) in layout.lines.enumerated() {
            let expected = whole.words[line.words].map(\.text)
            #expect(readings[index].words.map(\.text) == expected, "line \(index)")
            let bounds = rectangles[index]
            for word in readings[index].words {
                #expect(word.box.x >= bounds.x && word.box.y >= bounds.y, "\(word.text) in the page's pixels")
                #expect(word.box.x + word.box.width <= bounds.x + bounds.width)
                #expect(word.box.y + word.box.height <= bounds.y + bounds.height)
                #expect(word.symbols?.map(\.text).joined() == word.text, "\(word.text)'s symbols spell it")
            }
        }
        #expect(readings.last?.words.isEmpty == true, "a rectangle outside the image reads as nothing")
        #expect(try engine.recognize(page.image, resolution: page.resolution) == whole, "the page read as before")
    }

    @Test("Images too small to hold text are refused, not passed to Tesseract")
    func tooSmall() throws {
        let engine = try TesseractEngine()
        #expect(throws: RecognitionError.imageTooSmall(width: 1, height: 1)) {
            try engine.recognize(RGBImage(width: 1, height: 1))
        }
    }

    @Test("Missing language data names the file to install")
    func missingLanguage() {
        #expect(throws: RecognitionError.missingLanguageData(language: "xyz", directory: "/usr/share/tesseract-ocr/5/tessdata")) {
            try TesseractEngine(language: "xyz", dataDirectory: "/usr/share/tesseract-ocr/5/tessdata")
        }
    }

    @Test("Page segmentation modes are Tesseract's numbers")
    func pageSegmentation() throws {
        let engine = try TesseractEngine(pageSegmentation: .singleBlock)
        #expect(engine.pageSegmentation.rawValue == 6)
        #expect(PageSegmentation.default.rawValue == 3)
    }
}

@Suite("Tesseract engine on images without text")
struct EmptyRecognitionTests {
    @Test("A page blurred beyond reading has no words and confidence 0, not white-space words")
    func blurredPage() throws {
        let page = try ImageFile.load(Paths.images + "/receipt.png")
        let blurred = GaussianBlur(sigma: 25).apply(to: page.image)
        let result = try TesseractEngine().recognize(blurred, resolution: page.resolution)
        #expect(result.words.allSatisfy { !$0.text.allSatisfy(\.isWhitespace) })
        #expect(result.words.isEmpty == result.text.allSatisfy(\.isWhitespace))
        #expect(result.words.isEmpty, "words: \(result.words.map(\.text))")
        #expect(result.meanConfidence == 0)
    }
}
