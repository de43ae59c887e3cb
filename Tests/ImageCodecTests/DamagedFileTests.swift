import Foundation
import ImageCodec
import Imaging
import TestSupport
import Testing

@Suite("A truncated or damaged file is an error, not a dark or partial image")
struct DamagedFileTests {
    @Test("Every truncation of a TIFF after its header is corrupt; the whole file decodes",
          arguments: ["rgb.tif", "bilevel.tif"])
    func tiffTruncations(name: String) throws {
        let bytes = try TestImage.fixture(name)
        #expect(TestImage.problem(bytes) == nil)
        let header = 8
        for step in 0..<10 {
            let count = header + (bytes.count - header) * step / 10
            #expect(TestImage.problem(Array(bytes.prefix(count))) == .corrupt(.tiff), "\(name), first \(count) bytes")
        }
    }

    @Test("An RGB TIFF with its directory first, cut short in its strips, is corrupt, not partly black")
    func tiffDirectoryFirst() throws {
        let bytes = TestImage.TIFF(directoryFirst: true).strips(width: 16, height: 12, rowsPerStrip: 4, samples: 3)
        let image = try ImageDecoder().decode(bytes, source: "test").image
        try #require(image.width == 16 && image.height == 12)
        #expect(image[9, 10] == RGBPixel(grey: TestImage.TIFF.grey(9, 10)))
        let dataStart = bytes.count - 16 * 12 * 3
        for count in stride(from: dataStart, to: bytes.count, by: 61) {
            #expect(TestImage.problem(Array(bytes.prefix(count))) == .corrupt(.tiff), "first \(count) of \(bytes.count) bytes")
        }
    }

    @Test("TIFF strips in either byte order, with SHORT or LONG offsets stored at an offset", arguments: [
        (false, TestImage.TIFF.FieldType.short), (false, .long), (true, .short), (true, .long),
    ])
    func tiffStrips(bigEndian: Bool, offsetType: TestImage.TIFF.FieldType) throws {
        let tiff = TestImage.TIFF(bigEndian: bigEndian)
        let bytes = tiff.strips(width: 12, height: 10, rowsPerStrip: 3, offsetType: offsetType)
        let image = try ImageDecoder().decode(bytes, source: "test").image
        try #require(image.width == 12 && image.height == 10)
        #expect(image[5, 7] == RGBPixel(grey: TestImage.TIFF.grey(5, 7)))
        #expect(image[11, 9] == RGBPixel(grey: TestImage.TIFF.grey(11, 9)))
        let overlong = tiff.strips(width: 12, height: 10, rowsPerStrip: 3, offsetType: offsetType, lastStripExtra: 10_000)
        #expect(TestImage.problem(overlong) == .corrupt(.tiff))
    }

    @Test("BigTIFF: 64-bit offsets are read and checked the same way")
    func bigTIFF() throws {
        let tiff = TestImage.TIFF(bigTIFF: true)
        let bytes = tiff.strips(width: 12, height: 10, rowsPerStrip: 4, offsetType: .long8)
        let image = try ImageDecoder().decode(bytes, source: "test").image
        try #require(image.width == 12 && image.height == 10)
        #expect(image[3, 8] == RGBPixel(grey: TestImage.TIFF.grey(3, 8)))
        let overlong = tiff.strips(width: 12, height: 10, rowsPerStrip: 4, offsetType: .long8, lastStripExtra: 10_000)
        #expect(TestImage.problem(overlong) == .corrupt(.tiff))
        #expect(TestImage.problem(Array(bytes.prefix(100))) == .corrupt(.tiff))
    }

    @Test("BMP, GIF and WebP cut short are corrupt", arguments: [
        ("rgb.bmp", ImageFormat.bmp), ("palette.gif", .gif), ("rgb.webp", .webp),
    ])
    func otherTruncations(name: String, format: ImageFormat) throws {
        let bytes = try TestImage.fixture(name)
        for count in [bytes.count / 3, bytes.count * 2 / 3, bytes.count - 1] {
            #expect(TestImage.problem(Array(bytes.prefix(count))) == .corrupt(format), "\(name), first \(count) bytes")
        }
    }

    @Test("GIF: a byte that starts no block, or no image at all, is corrupt")
    func gifStructure() {
        var bytes = TestImage.gif(width: 1, height: 1, frames: [TestImage.GIFFrame()], trailer: false)
        bytes += [0x99, 0x3B]
        #expect(TestImage.problem(bytes) == .corrupt(.gif))
        #expect(TestImage.problem(TestImage.gif(width: 1, height: 1, frames: [])) == .corrupt(.gif))
        #expect(TestImage.problem(TestImage.gif(width: 5, height: 5, frames: [TestImage.GIFFrame(width: 0, height: 5)]))
            == .zeroSized)
    }

    @Test("GIF: only the first frame is decoded, so a damaged later frame costs nothing")
    func gifLaterFramesNotDecoded() throws {
        let original = try TestImage.fixture("palette.gif")
        // palette.gif: 13-byte header, 4-colour global table, one frame, the trailer.
        try #require(original.count > 26 && original[25] == 0x2C && original.last == 0x3B)
        let damaged: [UInt8] = [0x2C, 0, 0, 0, 0, 40, 0, 30, 0, 0x00, 0x02, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]
        let bytes = Array(original.dropLast()) + damaged + [0x3B]
        let decoded = try ImageDecoder().decode(bytes, source: "test")
        let expected = try ImageDecoder().decode(original, source: "test")
        #expect(decoded.image == expected.image)
    }
}

@Suite("Valid files in variants the decoder cannot read say so, with what to do")
struct UnsupportedVariantTests {
    private func description(_ bytes: [UInt8]) -> String? {
        guard case .unsupported(let description) = TestImage.problem(bytes) else { return nil }
        return description
    }

    @Test("A tiled TIFF")
    func tiledTIFF() throws {
        let bytes = TestImage.TIFF().greyTiles(width: 32, height: 16, tileSize: 16)
        let text = try #require(description(bytes))
        #expect(text.hasPrefix("a tiled TIFF"))
        #expect(text.contains("tiffcp -s"))
        let error = try #require(TestImage.error(bytes))
        #expect(error.localizedDescription.hasPrefix("test: is a tiled TIFF, which filterocr cannot read"))
        // Cut short, it is corrupt whatever the variant.
        #expect(TestImage.problem(Array(bytes.prefix(300))) == .corrupt(.tiff))
    }

    @Test("An RLE-compressed BMP")
    func rleBMP() {
        let rle: [UInt8] = [0x02, 0x01, 0x00, 0x00, 0x02, 0x00, 0x00, 0x01]
        let bytes = TestImage.bmp(width: 2, height: 2, bitsPerPixel: 8, compression: 1, colours: 2, pixelData: rle)
        #expect(description(bytes)?.hasPrefix("an RLE-compressed BMP") == true)
        let rle4 = TestImage.bmp(width: 2, height: 2, bitsPerPixel: 4, compression: 2, colours: 2, pixelData: rle)
        #expect(description(rle4)?.hasPrefix("an RLE-compressed BMP") == true)
    }

    @Test("An OS/2 BMP")
    func os2BMP() {
        #expect(description(TestImage.os2BMP(width: 3, height: 2))?.hasPrefix("an OS/2 BMP") == true)
    }

    @Test("A BMP holding JPEG or PNG data, or with bit-field colour masks", arguments: [
        (4, "a BMP holding a JPEG image"), (5, "a BMP holding a PNG image"), (3, "a BMP with bit-field colour masks"),
    ])
    func otherBMPs(compression: Int, expected: String) {
        let bytes = TestImage.bmp(width: 2, height: 2, bitsPerPixel: compression == 3 ? 32 : 0, compression: compression,
                                  pixelData: [UInt8](repeating: 0x7F, count: 16))
        #expect(description(bytes)?.hasPrefix(expected) == true)
        #expect(description(bytes)?.hasSuffix("convert it to PNG first") == true)
    }

    @Test("An animated WebP")
    func animatedWebP() {
        let animated = TestImage.webpExtended(width: 10, height: 10, flags: 0x02)
        #expect(description(animated)?.hasPrefix("an animated WebP") == true)
    }

    @Test("A plain BMP that fails to decode is corrupt, not unsupported")
    func corruptPlainBMP() throws {
        let bytes = try TestImage.fixture("rgb.bmp")
        #expect(TestImage.problem(Array(bytes.prefix(1000))) == .corrupt(.bmp))
    }
}

@Suite("Hostile bytes never crash, hang or get past the limits")
struct HostileInputTests {
    private static let fixtures = [
        "rgb.png", "rgba.png", "grey16.png", "palette.png", "huge-header.png", "palette.gif", "rgb.jpg", "cmyk.jpg",
        "rgb.bmp", "rgb.ppm", "grey.pgm", "rgb.webp", "rgb.tif", "bilevel.tif", "text.png", "truncated.png",
    ]

    private static let builtFiles: [[UInt8]] = [
        TestImage.TIFF(bigEndian: true).strips(width: 12, height: 10, rowsPerStrip: 3, offsetType: .short),
        TestImage.TIFF(bigTIFF: true).strips(width: 12, height: 10, rowsPerStrip: 4, offsetType: .long8),
        TestImage.TIFF().greyTiles(width: 32, height: 16, tileSize: 16),
        TestImage.TIFF(directoryFirst: true).strips(width: 16, height: 12, rowsPerStrip: 4, samples: 3),
        TestImage.gif(width: 4, height: 4, frames: [TestImage.GIFFrame(), TestImage.GIFFrame(left: 2, top: 2)]),
        TestImage.webpExtended(width: 20, height: 20),
        TestImage.jpeg2000File(width: 20, height: 20),
        TestImage.jpeg2000Codestream(width: 20, height: 20),
        TestImage.os2BMP(width: 3, height: 2),
    ]

    /// 4096 pixels: anything that gets past the header check decodes quickly.
    private let decoder = ImageDecoder(maxPixels: 4096)

    @Test("Mutated files: the header check and decoding give an answer within the limit",
          arguments: Array(0..<(fixtures.count + builtFiles.count)))
    func mutations(index: Int) throws {
        let original = index < Self.fixtures.count
            ? try TestImage.fixture(Self.fixtures[index]) : Self.builtFiles[index - Self.fixtures.count]
        var generator = RepeatableGenerator(seed: UInt64(index) &* 0x5DEE_CE66D &+ 11)
        var oversized: [Int] = []
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                Mutation.mutate(&bytes, using: &generator)
            }
            _ = try? decoder.checkHeader(Array(bytes.prefix(64)), source: "fuzz")
            _ = try? decoder.checkHeader(bytes, source: "fuzz")
            if let image = try? decoder.decode(bytes, source: "fuzz").image, image.width * image.height > 4096 {
                oversized.append(round)
            }
        }
        #expect(oversized.isEmpty, "rounds \(oversized)")
    }

    @Test("Random bytes after every signature give an answer from the header check")
    func randomHeaders() {
        var generator = RepeatableGenerator(seed: 0xC0DE_C0DE)
        let signatures: [[UInt8]] = [
            Array("GIF89a".utf8), Array("BM".utf8), Array("II".utf8) + [42, 0], Array("MM".utf8) + [0, 42],
            Array("II".utf8) + [43, 0, 8, 0, 0, 0], Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8),
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8), [0xFF, 0x4F, 0xFF, 0x51],
            [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A],
        ]
        for round in 0..<6000 {
            let count = Int.random(in: 0...200, using: &generator)
            let bytes = signatures[round % signatures.count]
                + (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            _ = try? decoder.checkHeader(bytes, source: "fuzz")
        }
    }
}
