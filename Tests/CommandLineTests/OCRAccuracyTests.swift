import Foundation
import TestSupport
import Testing

/// `filterocr ocr` must read every image at least as well as the `tesseract` command line.
@Suite("OCR accuracy against the tesseract command line")
struct OCRAccuracyTests {
    static let corpusPages = ["phototest", "eurotext"].map { (Paths.corpus + "/\($0).tif", Paths.corpus + "/\($0).txt") }

    static func imageSet() -> [(String, String)] {
        (try? Paths.imagesWithTruth()) ?? []
    }

    @Test("The image set has at least 10 images with ground truth")
    func imageSetPresent() async throws {
        #expect(try Paths.imagesWithTruth().count >= 10)
    }

    @Test("Character error rate no worse than tesseract's", arguments: corpusPages + imageSet())
    func noWorseThanTesseract(image: String, truth: String) async throws {
        let expected = try String(contentsOfFile: truth, encoding: .utf8)
        let ours = try await Command.filterocr(["ocr", image])
        #expect(ours.status == 0, "\(ours.standardError)")
        #expect(ours.standardError.isEmpty, "Tesseract or a library printed: \(ours.standardError)")
        let reference = try await Command.tesseract(image)
        let ourRate = OCRScore.characterErrorRate(truth: expected, ocr: ours.standardOutput)
        let referenceRate = OCRScore.characterErrorRate(truth: expected, ocr: reference)
        #expect(ourRate <= referenceRate + 1e-9,
                "\(image): filterocr CER \(ourRate), tesseract CER \(referenceRate)")
    }

    @Test("The corpus's European text reads better with German and French installed beside English")
    func europeanLanguages() async throws {
        let image = Paths.corpus + "/eurotext.tif"
        let truth = try String(contentsOfFile: Paths.corpus + "/eurotext.txt", encoding: .utf8)
        let english = try await Command.filterocr(["ocr", "--no-feed", "--lang", "eng", image])
        let european = try await Command.filterocr(["ocr", "--no-feed", "--lang", "eng+deu+fra", image])
        #expect(european.status == 0, "\(european.standardError)")
        let (englishRate, europeanRate) = (OCRScore.characterErrorRate(truth: truth, ocr: english.standardOutput),
                                           OCRScore.characterErrorRate(truth: truth, ocr: european.standardOutput))
        #expect(europeanRate < englishRate, "eng+deu+fra CER \(europeanRate), eng \(englishRate)")
        #expect(european.standardOutput.contains("über"), "German umlauts read with deu")
    }
}
