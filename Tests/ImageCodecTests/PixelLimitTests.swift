import Foundation
import ImageCodec
import Imaging
import Testing

@Suite("The pixel limit holds for every format, from the header, before decoding")
struct PixelLimitTests {
    private let thousand = ImageDecoder(maxPixels: 1000)

    @Test("GIF: a header claiming 40000x25000 is refused by its size, not decoded")
    func gifScreen() throws {
        let frame = TestImage.GIFFrame(width: 40000, height: 25000, data: TestImage.junkSubBlocks(2))
        let bytes = TestImage.gif(width: 40000, height: 25000, frames: [frame])
        try #require(bytes.count < 1000)
        let error = try #require(TestImage.error(bytes, decoder: thousand))
        #expect(error.problem == .tooLarge(width: 40000, height: 25000, limit: 1000))
        #expect(error.localizedDescription.contains("40000x25000"))
        #expect(TestImage.problem(bytes) == .tooLarge(width: 40000, height: 25000, limit: ImageDecoder.defaultMaxPixels))
    }

    @Test("GIF: one frame larger than a small screen is refused by the frame's size")
    func gifFrameLargerThanScreen() {
        let frame = TestImage.GIFFrame(width: 40000, height: 25000, data: TestImage.junkSubBlocks(1))
        let bytes = TestImage.gif(width: 10, height: 10, frames: [frame])
        #expect(TestImage.problem(bytes, decoder: thousand) == .tooLarge(width: 40000, height: 25000, limit: 1000))
    }

    @Test("GIF: a later frame, or a frame placed far off the screen, counts too")
    func gifLaterFrames() {
        let small = TestImage.GIFFrame()
        let large = TestImage.GIFFrame(width: 2000, height: 2000)
        #expect(TestImage.problem(TestImage.gif(width: 10, height: 10, frames: [small, small, large]), decoder: thousand)
            == .tooLarge(width: 2000, height: 2000, limit: 1000))
        let faraway = TestImage.GIFFrame(left: 60000, top: 0, width: 10, height: 10)
        #expect(TestImage.problem(TestImage.gif(width: 10, height: 10, frames: [small, faraway]), decoder: thousand)
            == .tooLarge(width: 60010, height: 10, limit: 1000))
    }

    @Test("GIF: frames within the limit decode as before")
    func gifWithinLimit() throws {
        let decoded = try ImageDecoder(maxPixels: 1200).decode(TestImage.fixture("palette.gif"), source: "test")
        #expect(decoded.image.width == 40 && decoded.image.height == 30)
        let single = TestImage.gif(width: 1, height: 1, frames: [TestImage.GIFFrame()])
        let image = try ImageDecoder(maxPixels: 1).decode(single, source: "test").image
        #expect(image.width == 1 && image.height == 1)
    }

    @Test("WebP: an extended header claiming 100000x100000 says so, not \"width or height of 0\"")
    func webpExtended() throws {
        let bytes = TestImage.webpExtended(width: 100_000, height: 100_000)
        let error = try #require(TestImage.error(bytes))
        #expect(error.problem == .tooLarge(width: 100_000, height: 100_000, limit: ImageDecoder.defaultMaxPixels))
        #expect(error.localizedDescription.contains("100000x100000"))
    }

    @Test("WebP: lossless and lossy headers are read for their sizes")
    func webpSimple() throws {
        let bits = 16383 | 16383 << 14
        let lossless = TestImage.webp(chunk: "VP8L", payload: [0x2F] + TestImage.littleEndian(bits, size: 4))
        #expect(TestImage.problem(lossless) == .tooLarge(width: 16384, height: 16384, limit: ImageDecoder.defaultMaxPixels))
        let lossy = TestImage.webp(chunk: "VP8 ", payload: [0x00, 0x00, 0x00, 0x9D, 0x01, 0x2A]
            + TestImage.littleEndian(16383, size: 2) + TestImage.littleEndian(16383, size: 2))
        #expect(TestImage.problem(lossy) == .tooLarge(width: 16383, height: 16383, limit: ImageDecoder.defaultMaxPixels))
        let fixture = try TestImage.fixture("rgb.webp")
        #expect(TestImage.problem(fixture, decoder: ImageDecoder(maxPixels: 1199))
            == .tooLarge(width: 40, height: 30, limit: 1199))
        #expect(TestImage.problem(fixture, decoder: ImageDecoder(maxPixels: 1200)) == nil)
    }

    @Test("WebP: a zero-sized lossy frame is zero-sized")
    func webpZero() {
        let lossy = TestImage.webp(chunk: "VP8 ", payload: [0x00, 0x00, 0x00, 0x9D, 0x01, 0x2A, 0, 0, 0, 0])
        #expect(TestImage.problem(lossy) == .zeroSized)
    }

    @Test("BMP: a header claiming 20000x20000 is refused by its size, stored either way up")
    func bmpHeader() {
        for height in [20000, -20000] {
            let bytes = TestImage.bmp(width: 20000, height: height, pixelData: [0, 0, 0, 0])
            #expect(TestImage.problem(bytes) == .tooLarge(width: 20000, height: 20000, limit: ImageDecoder.defaultMaxPixels))
        }
    }

    @Test("TIFF and JPEG 2000 headers are read for their sizes")
    func tiffAndJPEG2000() {
        let limit = ImageDecoder.defaultMaxPixels
        let tiff = TestImage.TIFF().build([
            .init(tag: 256, type: .long, values: [100_000]), .init(tag: 257, type: .long, values: [100_000]),
        ], data: [])
        #expect(TestImage.problem(tiff) == .tooLarge(width: 100_000, height: 100_000, limit: limit))
        #expect(TestImage.problem(TestImage.jpeg2000Codestream(width: 100_000, height: 100_000))
            == .tooLarge(width: 100_000, height: 100_000, limit: limit))
        #expect(TestImage.problem(TestImage.jpeg2000File(width: 100_000, height: 100_000))
            == .tooLarge(width: 100_000, height: 100_000, limit: limit))
        #expect(TestImage.problem(TestImage.jpeg2000File(width: 40, height: 30), decoder: thousand)
            == .tooLarge(width: 40, height: 30, limit: 1000))
    }

    @Test("Every format's header meets a limit of one pixel", arguments: [
        "rgb.png", "rgb.jpg", "rgb.tif", "bilevel.tif", "rgb.bmp", "rgb.ppm", "grey.pgm", "rgb.webp", "palette.gif",
    ])
    func onePixelLimit(name: String) throws {
        #expect(TestImage.problem(try TestImage.fixture(name), decoder: ImageDecoder(maxPixels: 1))
            == .tooLarge(width: 40, height: 30, limit: 1))
    }
}

@Suite("The byte limit")
struct ByteLimitTests {
    @Test("The default is 8 bytes per allowed pixel plus 1 MiB, saturating instead of overflowing")
    func defaultLimit() {
        #expect(ImageDecoder.defaultMaxBytes(forPixels: 100_000_000) == 801_048_576)
        #expect(ImageDecoder.defaultMaxBytes(forPixels: 0) == 1 << 20)
        #expect(ImageDecoder.defaultMaxBytes(forPixels: -5) == 1 << 20)
        #expect(ImageDecoder.defaultMaxBytes(forPixels: .max) == .max)
        #expect(ImageDecoder.defaultMaxBytes(forPixels: .max / 8) == .max)
        #expect(ImageDecoder().maxBytes == 801_048_576)
        #expect(ImageDecoder(maxPixels: 1000).maxBytes == 8000 + 1_048_576)
        let decoder = ImageDecoder(maxPixels: 1000, maxBytes: 5)
        #expect(decoder.maxPixels == 1000 && decoder.maxBytes == 5)
    }

    @Test("More bytes than the limit are refused before anything else is looked at")
    func tooManyBytes() throws {
        let bytes = try TestImage.fixture("rgb.bmp")
        let error = try #require(TestImage.error(bytes, decoder: ImageDecoder(maxPixels: 10, maxBytes: 100)))
        #expect(error.problem == .tooManyBytes(bytes: bytes.count, limit: 100))
        #expect(error.localizedDescription.contains("--max-bytes"))
        #expect(TestImage.problem(bytes, decoder: ImageDecoder(maxPixels: 1200, maxBytes: bytes.count)) == nil)
    }
}

@Suite("Checking a header from the first bytes of a file")
struct CheckHeaderTests {
    private func check(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder()) -> Result<Bool, ImageLoadError> {
        Result { () throws(ImageLoadError) in try decoder.checkHeader(bytes, source: "test") }
    }

    private func problem(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder()) -> ImageLoadError.Problem? {
        if case .failure(let error) = check(bytes, decoder: decoder) { return error.problem }
        return nil
    }

    @Test("A header within the limits, read from the first bytes, is true", arguments: [
        ("rgb.png", 64), ("rgb.jpg", 778), ("bilevel.tif", 182), ("rgb.bmp", 54), ("rgb.ppm", 64), ("rgb.webp", 30),
        ("palette.gif", 152), ("rgb.tif", 412),
    ])
    func within(name: String, count: Int) throws {
        let bytes = try TestImage.fixture(name)
        #expect(try check(Array(bytes.prefix(count))).get() == true)
    }

    @Test("Bytes that end before the header does are false: read more and decode", arguments: [
        ("rgb.png", 10), ("rgb.jpg", 20), ("rgb.tif", 64), ("bilevel.tif", 100), ("rgb.bmp", 20), ("rgb.webp", 24),
        ("palette.gif", 151), ("palette.gif", 40), ("one-pixel.png", 3),
    ])
    func cutShort(name: String, count: Int) throws {
        let bytes = try TestImage.fixture(name)
        #expect(try check(Array(bytes.prefix(count))).get() == false)
    }

    @Test("A size above the limit is refused from the first bytes")
    func tooLarge() throws {
        let limit = ImageDecoder.defaultMaxPixels
        #expect(problem(try TestImage.fixture("huge-header.png")) == .tooLarge(width: 100_000, height: 100_000, limit: limit))
        #expect(problem(Array(try TestImage.fixture("rgb.png").prefix(64)), decoder: ImageDecoder(maxPixels: 1199))
            == .tooLarge(width: 40, height: 30, limit: 1199))
        // The logical screen is refused before any frame is seen.
        let gif = TestImage.gif(width: 40000, height: 25000, frames: [TestImage.GIFFrame(width: 40000, height: 25000)])
        #expect(problem(Array(gif.prefix(13))) == .tooLarge(width: 40000, height: 25000, limit: limit))
        #expect(problem(TestImage.webpExtended(width: 100_000, height: 100_000))
            == .tooLarge(width: 100_000, height: 100_000, limit: limit))
        let bmp = TestImage.bmp(width: 20000, height: 20000, pixelData: [])
        #expect(problem(Array(bmp.prefix(26))) == .tooLarge(width: 20000, height: 20000, limit: limit))
    }

    @Test("Zero sizes, unknown formats and empty files are refused from the first bytes")
    func otherProblems() throws {
        #expect(problem(TestImage.gif(width: 0, height: 0, frames: [TestImage.GIFFrame(width: 0, height: 0)])) == .zeroSized)
        #expect(problem(try TestImage.fixture("text.png")) == .unknownFormat)
        #expect(problem([]) == .empty)
        #expect(try check(Array("GI".utf8)).get() == false)
        #expect(problem(Array(TestImage.gif(width: 1, height: 1, frames: []).dropLast()) + [0x99]) == .corrupt(.gif))
    }

    @Test("Pixels are never decoded: frame data that cannot decode still passes the header check")
    func noDecoding() throws {
        let garbage = TestImage.GIFFrame(width: 4, height: 4, data: [0x02, 0x03, 0xFF, 0xFF, 0xFF, 0x00])
        let bytes = TestImage.gif(width: 4, height: 4, frames: [garbage])
        #expect(try check(bytes).get() == true)
        #expect(TestImage.problem(bytes) == .corrupt(.gif))
    }
}
