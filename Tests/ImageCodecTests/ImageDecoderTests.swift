import Foundation
import ImageCodec
import Imaging
import Testing

/// The fixtures are 40x30: left half (200, 40, 30), right half blue (30, 60, 200) or
/// transparent; see scripts/make-fixtures.py.
private func fixture(_ name: String) throws -> String {
    try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"), "no fixture \(name)")
}

private let red = RGBPixel(red: 200, green: 40, blue: 30)
private let blue = RGBPixel(red: 30, green: 60, blue: 200)

/// A 40x30 fixture, decoded; the size is required so that reading a pixel cannot trap.
private func load(_ name: String) throws -> DecodedImage {
    let decoded = try ImageFile.load(fixture(name))
    try #require(decoded.image.width == 40 && decoded.image.height == 30, "\(name) is not 40x30")
    try #require(decoded.image.samples.count == 40 * 30 * 3)
    return decoded
}

private func isClose(_ pixel: RGBPixel, _ expected: RGBPixel, tolerance: Int = 0) -> Bool {
    abs(Int(pixel.red) - Int(expected.red)) <= tolerance
        && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
        && abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
}

@Suite("Decoding every supported format")
struct DecodingTests {
    @Test("Lossless colour formats keep exact pixels", arguments: [
        ("rgb.png", ImageFormat.png), ("rgb.tif", .tiff), ("rgb.bmp", .bmp), ("rgb.ppm", .pnm),
        ("rgb.webp", .webp), ("palette.png", .png), ("palette.gif", .gif),
    ])
    func losslessColour(name: String, format: ImageFormat) throws {
        let decoded = try load(name)
        #expect(decoded.format == format)
        try #require(decoded.image.width == 40 && decoded.image.height == 30)
        #expect(decoded.image[5, 5] == red)
        #expect(decoded.image[35, 25] == blue)
    }

    @Test("JPEG decodes to nearly the same colours, CMYK included", arguments: ["rgb.jpg", "cmyk.jpg"])
    func jpeg(name: String) throws {
        let decoded = try load(name)
        #expect(decoded.format == .jpeg)
        #expect(isClose(decoded.image[5, 5], red, tolerance: 12))
        #expect(isClose(decoded.image[35, 25], blue, tolerance: 12))
    }

    @Test("A JPEG decoded reduced is that fraction of its size, rounded up, with the same colours", arguments: [2, 4, 8])
    func reducedJPEG(reduction: Int) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try fixture("rgb.jpg"))))
        let decoded = try ImageDecoder().decode(bytes, source: "rgb.jpg", reduction: reduction)
        #expect(decoded.image.width == (40 + reduction - 1) / reduction)
        #expect(decoded.image.height == (30 + reduction - 1) / reduction)
        #expect(isClose(decoded.image[0, 0], red, tolerance: 12))
        #expect(isClose(decoded.image[decoded.image.width - 1, decoded.image.height - 1], blue, tolerance: 12))
    }

    @Test("Other formats, and reductions libjpeg has not, decode whole", arguments: [("rgb.png", 2), ("rgb.jpg", 3)])
    func reductionIgnored(name: String, reduction: Int) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try fixture(name))))
        let decoded = try ImageDecoder().decode(bytes, source: name, reduction: reduction)
        #expect(decoded.image.width == 40 && decoded.image.height == 30)
    }

    @Test("The header alone gives the format and size; bytes that are no image give none")
    func headerOnly() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try fixture("rgb.jpg"))))
        let header = try #require(ImageDecoder().header(of: Array(bytes.prefix(1024))))
        #expect(header.format == .jpeg && header.width == 40 && header.height == 30)
        #expect(ImageFile.claimedPixels(try fixture("rgb.png")) == 1200)
        #expect(ImageDecoder().header(of: Array("not an image at all".utf8)) == nil)
    }

    @Test("The header says how many samples a pixel has where it says plainly: grey 1, colour 3, a palette nothing")
    func samplesFromTheHeader() throws {
        let expected: [(String, Int?)] = [("grey.jpg", 1), ("rgb.jpg", 3), ("cmyk.jpg", 4), ("grey.png", 1), ("rgb.png", 3),
                                          ("grey-alpha.png", 2), ("palette.png", nil), ("grey.pgm", 1), ("rgb.ppm", 3)]
        for (name, samples) in expected {
            let claimed = try #require(ImageFile.claimedSize(try fixture(name)), "\(name)")
            #expect(claimed.samplesPerPixel == samples, "\(name)")
            #expect(claimed.pixels == ImageFile.claimedPixels(try fixture(name)))
        }
    }

    @Test("Transparent pixels are composited over white", arguments: ["rgba.png", "palette-alpha.png"])
    func alphaOverWhite(name: String) throws {
        let decoded = try load(name)
        #expect(isClose(decoded.image[5, 5], red, tolerance: 1))
        #expect(decoded.image[35, 25] == .white)
    }

    @Test("Grey with alpha becomes grey RGB over white")
    func greyAlpha() throws {
        let decoded = try load("grey-alpha.png")
        #expect(decoded.image[5, 5] == RGBPixel(grey: 87))
        #expect(decoded.image[35, 25] == .white)
    }

    @Test("Grey images become RGB with equal channels", arguments: ["grey.png", "grey.pgm"])
    func grey(name: String) throws {
        let decoded = try load(name)
        #expect(decoded.image[5, 5] == RGBPixel(grey: 87))
        #expect(decoded.image[35, 25] == RGBPixel(grey: 67))
    }

    @Test("16-bit PNG keeps the high byte of each sample")
    func sixteenBit() throws {
        let decoded = try load("grey16.png")
        for x in [0, 10, 39] {
            #expect(decoded.image[x, 3] == RGBPixel(grey: UInt8(x * 6)))
        }
    }

    @Test("1-bit TIFF becomes black and white RGB")
    func bilevel() throws {
        let decoded = try load("bilevel.tif")
        #expect(decoded.format == .tiff)
        #expect(decoded.image[5, 5] == .black)   // (200, 40, 30) is dark: luminance 87
        #expect(decoded.image[35, 25] == .black)
        #expect(Set(decoded.image.samples).isSubset(of: [0, 255]))
    }

    /// Grey (PGM) and black-and-white (PBM) files of widths that end partway through a word
    /// of Leptonica's rows, so that every sample of every row is checked, not only the first.
    @Test("Grey and black-and-white pages of any width decode to the samples stored", arguments: [1, 3, 31, 32, 33, 45])
    func greyAndBilevelWidths(width: Int) throws {
        let height = 8   // Leptonica refuses a PBM of a few bytes
        let grey = (0..<width * height).map { UInt8(truncatingIfNeeded: $0 * 37 + $0 / width) }
        let pgm = Array("P5\n\(width) \(height)\n255\n".utf8) + grey
        let greyImage = try ImageDecoder().decode(pgm, source: "grey.pgm").image
        #expect(greyImage.samples == grey.flatMap { [$0, $0, $0] })

        let black = (0..<width * height).map { ($0 * 7 + $0 / width) % 3 == 0 }
        let rowBytes = (width + 7) / 8
        var bits = [UInt8](repeating: 0, count: rowBytes * height)
        for (index, isBlack) in black.enumerated() where isBlack {
            let (y, x) = index.quotientAndRemainder(dividingBy: width)
            bits[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
        }
        let pbm = Array("P4\n\(width) \(height)\n".utf8) + bits
        let bilevelImage = try ImageDecoder().decode(pbm, source: "page.pbm").image
        #expect(bilevelImage.samples == black.flatMap { $0 ? [0, 0, 0] : [255, 255, 255] })
    }

    @Test("The file's DPI is kept; absent DPI is nil")
    func resolution() throws {
        #expect(try load("rgb.png").resolution == 150)
        #expect(try load("rgb.jpg").resolution == 200)
        #expect(try load("bilevel.tif").resolution == 300)
        #expect(try load("rgb.ppm").resolution == nil)
    }
}

@Suite("Bad input gives a clear error naming the file")
struct BadInputTests {
    private func problem(_ path: String, maxPixels: Int = ImageDecoder.defaultMaxPixels) -> ImageLoadError? {
        do {
            _ = try ImageFile.load(path, decoder: ImageDecoder(maxPixels: maxPixels))
            return nil
        } catch {
            return error
        }
    }

    @Test("Missing file") func missing() {
        let error = problem("/nonexistent/page.png")
        #expect(error?.problem == .notFound)
        #expect(error?.localizedDescription == "/nonexistent/page.png: no such file")
    }

    @Test("A directory") func directory() {
        #expect(problem(NSTemporaryDirectory())?.problem == .isDirectory)
    }

    @Test("Zero-byte file") func empty() throws {
        #expect(problem(try fixture("empty.png"))?.problem == .empty)
    }

    @Test("A text file named .png") func textFile() throws {
        let path = try fixture("text.png")
        let error = problem(path)
        #expect(error?.problem == .unknownFormat)
        #expect(error?.localizedDescription.hasPrefix(path + ": is not an image") == true)
    }

    @Test("Truncated PNG") func truncated() throws {
        #expect(problem(try fixture("truncated.png"))?.problem == .corrupt(.png))
    }

    @Test("A header claiming 100000x100000 pixels is refused before decoding") func hugeHeader() throws {
        let error = problem(try fixture("huge-header.png"))
        #expect(error?.problem == .tooLarge(width: 100_000, height: 100_000, limit: 100_000_000))
        #expect(error?.localizedDescription.contains("--max-pixels") == true)
    }

    @Test("The pixel limit is configurable") func configurableLimit() throws {
        let path = try fixture("rgb.png")
        #expect(problem(path, maxPixels: 1199)?.problem == .tooLarge(width: 40, height: 30, limit: 1199))
        #expect(problem(path, maxPixels: 1200) == nil)
    }

    @Test("Every message is one line that starts with the file") func oneLine() throws {
        for name in ["empty.png", "text.png", "truncated.png", "huge-header.png"] {
            let path = try fixture(name)
            let message = try #require(problem(path)?.localizedDescription, "\(name) was accepted")
            #expect(message.hasPrefix(path + ": "))
            #expect(!message.contains("\n"))
        }
    }
}

@Suite("PNG encoding")
struct PNGEncodingTests {
    @Test("Encoding and decoding again gives the same pixels and DPI")
    func roundTrip() throws {
        var image = RGBImage(width: 7, height: 5)
        image[3, 2] = red
        image[6, 4] = blue
        let bytes = try PNGEncoder.encode(image, resolution: 240)
        let decoded = try ImageDecoder().decode(bytes, source: "memory")
        #expect(decoded.image == image)
        #expect(decoded.resolution == 240)
        #expect(decoded.format == .png)
    }
}
