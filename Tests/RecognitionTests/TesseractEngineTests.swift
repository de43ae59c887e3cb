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
