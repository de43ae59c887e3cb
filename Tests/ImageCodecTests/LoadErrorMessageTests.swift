import Foundation
import ImageCodec
import TestSupport
import Testing

@Suite("Error messages say sizes as people read them")
struct LoadErrorMessageTests {
    private func message(_ problem: ImageLoadError.Problem) -> String {
        ImageLoadError(source: "scan.png", problem: problem).localizedDescription
    }

    @Test("A limit of one pixel is not \"0.0 megapixels\"")
    func onePixel() throws {
        let error = try #require(TestImage.error(TestImage.fixture("rgb.png"), decoder: ImageDecoder(maxPixels: 1)))
        #expect(error.localizedDescription == "test: is 40x30 pixels (1,200 pixels), above the limit of 1 pixel; "
            + "raise it with --max-pixels if this is intended")
    }

    @Test("Sizes below a megapixel are exact, above it in megapixels", arguments: [
        (ImageLoadError.Problem.tooLarge(width: 40, height: 30, limit: 1000),
         "is 40x30 pixels (1,200 pixels), above the limit of 1,000 pixels"),
        (.tooLarge(width: 2000, height: 1250, limit: 1000),
         "is 2000x1250 pixels (2.5 megapixels), above the limit of 1,000 pixels"),
        (.tooLarge(width: 100_000, height: 100_000, limit: 100_000_000),
         "is 100000x100000 pixels (10,000 megapixels), above the limit of 100 megapixels"),
        (.tooLarge(width: 4000, height: 2499, limit: 9_990_000),
         "is 4000x2499 pixels (9,996,000 pixels), above the limit of 9,990,000 pixels"),
        (.tooLarge(width: 1100, height: 1100, limit: 1_200_000),
         "is 1100x1100 pixels (1,210,000 pixels), above the limit of 1,200,000 pixels"),
    ])
    func pixelWording(problem: ImageLoadError.Problem, expected: String) {
        #expect(message(problem) == "scan.png: \(expected); raise it with --max-pixels if this is intended")
    }

    @Test("A claimed size whose product overflows is still said")
    func overflow() {
        #expect(message(.tooLarge(width: .max, height: 3, limit: 10)).contains("x3 pixels ("))
    }

    @Test("Special files say what they are")
    func notAFile() {
        #expect(message(.notAFile(kind: "a FIFO (named pipe)")) == "scan.png: is a FIFO (named pipe), not an image file")
        #expect(message(.notAFile(kind: "a character device")) == "scan.png: is a character device, not an image file")
    }

    @Test("Too many bytes, with and without a known size")
    func tooManyBytes() {
        #expect(message(.tooManyBytes(bytes: 8_600_000_000, limit: 801_048_576))
            == "scan.png: is 8.6 GB, above the limit of 801 MB; raise it with --max-bytes if this is intended")
        #expect(message(.tooManyBytes(bytes: nil, limit: 801_048_576))
            == "scan.png: is larger than the limit of 801 MB; raise it with --max-bytes if this is intended")
    }

    @Test("An unknown format lists every format filterocr reads, PDF included, last")
    func unknownFormatNamesEveryFormat() {
        let text = message(.unknownFormat)
        #expect(text.hasPrefix("scan.png: is not an image in a known format (PNG, JPEG, "), "\(text)")
        #expect(text.hasSuffix(", JPEG 2000 or PDF)"), "\(text)")
        for format in ImageFormat.allCases { #expect(text.contains(format.displayName), "\(format) missing from \(text)") }
    }

    @Test("Unsupported variants follow \"is\"")
    func unsupported() {
        #expect(message(.unsupported("a tiled TIFF, which filterocr cannot read"))
            == "scan.png: is a tiled TIFF, which filterocr cannot read")
    }
}

/// JPEG variants libjpeg refuses are said to be unsupported, not damaged.
@Suite("JPEG variants filterocr cannot read")
struct JPEGVariantTests {
    private func jpeg(marker: UInt8, precision: UInt8) -> [UInt8] {
        CraftedJPEG.bytes(marker: marker, precision: precision)
    }

    @Test("12 and 16 bits, lossless and hierarchical coding: unsupported, with what to do", arguments: [
        (UInt8(0xC1), UInt8(12), "a 12-bit JPEG (unsupported"), (0xC2, 16, "a 16-bit JPEG (unsupported"),
        (0xC3, 8, "a lossless JPEG (unsupported"), (0xC5, 8, "a hierarchical JPEG (unsupported"),
    ])
    func unsupported(marker: UInt8, precision: UInt8, expected: String) throws {
        let error = try #require(TestImage.error(jpeg(marker: marker, precision: precision)))
        #expect(error.localizedDescription.hasPrefix("test: is \(expected)"), "\(error.localizedDescription)")
        #expect(error.localizedDescription.contains("convert it to PNG first"))
    }

    @Test("An 8-bit JPEG cut short is still damaged, not unsupported")
    func damaged() throws {
        let error = try #require(TestImage.error(Array(jpeg(marker: 0xC0, precision: 8).prefix(30))))
        #expect(error.localizedDescription == "test: is a corrupt or truncated JPEG file")
    }
}
