import ImageCodec
import Imaging
import Recognition
import TestSupport
import Testing

@Suite("Orientation by Tesseract's OSD")
struct OrientationTests {
    static let pages = [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif", Paths.images + "/book_page.png"]

    @Test("A page turned by any quarter turn is turned back upright, pixel for pixel",
          arguments: pages, [0, 1, 2, 3])
    func upright(page: String, turns: Int) throws {
        let original = try ImageFile.load(page).image
        let turned = QuarterTurn(clockwise: turns).apply(to: original)
        let osd = TesseractOrientation()
        let estimate = osd.estimate(turned)
        print("OSD \(page.split(separator: "/").last!) turned \(turns): \(String(describing: estimate))")
        let righted = Orient(threshold: Orient.threshold(at: 0.25)).apply(to: turned, detector: osd.detector)
        // Compared as one Bool: a failure would otherwise print every sample of both pages.
        let upright = righted == original
        #expect(upright, "\(page) turned \(turns) times: OSD said \(String(describing: estimate))")
    }

    @Test("OSD is given at most 25 megapixels, the page's shape kept, however large the page",
          arguments: [(10000, 3000), (6000, 6000), (100_000, 400), (400, 100_000)])
    func boundedImage(width: Int, height: Int) {
        let shrunk = TesseractOrientation.detectionImage(RGBImage(width: width, height: height))
        #expect(shrunk.pixelCount <= TesseractOrientation.largestImage)
        #expect(shrunk.pixelCount > TesseractOrientation.largestImage * 9 / 10)
        #expect(abs(Double(shrunk.width) / Double(shrunk.height) - Double(width) / Double(height)) < 0.01 * Double(width) / Double(height))
    }

    @Test("A page of 25 megapixels or fewer goes to OSD as it is")
    func smallImageAsItIs() {
        let page = RGBImage(width: 5000, height: 5000)
        #expect(TesseractOrientation.detectionImage(page) == page)
    }

    @Test("Too small to hold text, a page is left as it is")
    func tiny() {
        let osd = TesseractOrientation()
        let image = RGBImage(width: 2, height: 2)
        #expect(osd.estimate(image) == nil)
        #expect(Orient(threshold: 0).apply(to: RGBImage(width: 40, height: 20), detector: osd.detector)
            == RGBImage(width: 40, height: 20))
    }

    @Test("Without osd.traineddata there is no estimate")
    func missingModel() {
        #expect(TesseractOrientation(dataDirectory: "/nonexistent").estimate(RGBImage(width: 100, height: 100)) == nil)
    }
}
