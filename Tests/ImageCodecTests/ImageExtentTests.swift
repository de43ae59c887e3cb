import Foundation
import ImageCodec
import Imaging
import TestSupport
import Testing

private func fixtureBytes(_ name: String) throws -> [UInt8] {
    let path = try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"),
                            "no fixture \(name)")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// The fixtures whose format marks where the image ends.
private let fixturesWithEnd = [
    "rgb.png", "rgba.png", "grey.png", "grey-alpha.png", "grey16.png", "palette.png", "palette-alpha.png",
    "one-pixel.png", "huge-header.png", "palette.gif", "rgb.jpg", "cmyk.jpg", "rgb.bmp", "rgb.ppm", "grey.pgm",
    "rgb.webp",
]

/// The fixtures whose format does not, or that are not images at all.
private let fixturesWithoutEnd = ["rgb.tif", "bilevel.tif", "text.png", "empty.png", "truncated.png"]

/// Headers built to trap, hang or overflow a careless reader.
private let hostileInputs: [[UInt8]] = {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let ihdr = Array("IHDR".utf8)
    let zeros: [UInt8] = [0, 0, 0, 0]
    var inputs: [[UInt8]] = []
    // PNG chunk lengths at and past the format's limit, and a chunk type that is not letters.
    inputs.append(png + [0xFF, 0xFF, 0xFF, 0xFF] + ihdr + zeros)
    inputs.append(png + [0x7F, 0xFF, 0xFF, 0xFF] + ihdr + zeros)
    inputs.append(png + [UInt8](repeating: 0, count: 12))
    // PNM sizes that overflow a counter or a 64-bit product, and impossible values.
    for header in ["P6 99999999999999999999999 1 255\n", "P6 1099511627775 1099511627775 65535\n", "P6 0 5 255\n",
                   "P5 4 4 70000\n", "P5 4 4 0\n", "P54 4 255\n", "P5 4 4 255"] {
        inputs.append(Array(header.utf8) + [UInt8](repeating: 0x41, count: 16))
    }
    // JPEG: endless fill bytes, an endless scan of stuffed zeros, a segment longer than the file,
    // a segment length below 2, a second SOI.
    let soi: [UInt8] = [0xFF, 0xD8]
    inputs.append(soi + [UInt8](repeating: 0xFF, count: 5000))
    var stuffed: [UInt8] = soi + [0xFF, 0xDA, 0x00, 0x02]
    for _ in 0..<2500 { stuffed += [0xFF, 0x00] }
    inputs.append(stuffed)
    inputs.append(soi + [0xFF, 0xE0, 0xFF, 0xFF, 0x00, 0x00])
    inputs.append(soi + [0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xD9])
    inputs.append(soi + soi + [0xFF, 0xD9])
    // GIF: a colour table past the end, sub-blocks without their terminator.
    let gif = Array("GIF89a".utf8)
    inputs.append(gif + [0x01, 0x00, 0x01, 0x00, 0xFF, 0x00, 0x00, 0x3B])
    inputs.append(gif + [0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x21, 0xFE, 0xFF, 0x3B])
    // BMP and WebP sizes past the end, a BMP size before its pixels, a RIFF that is not WebP.
    let bmp = Array("BM".utf8)
    inputs.append(bmp + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0])
    inputs.append(bmp + [0x10, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0] + [UInt8](repeating: 0, count: 64))
    inputs.append(Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WEBPVP8L".utf8))
    inputs.append(Array("RIFF".utf8) + [0x08, 0, 0, 0] + Array("WAVEfmt ".utf8))
    return inputs
}()


/// What any input may give: nothing, or a length inside the bytes.
private func isPlausible(_ length: Int?, for bytes: [UInt8]) -> Bool {
    length.map { (1...bytes.count).contains($0) } ?? true
}

@Suite("Where the first image in a stream ends")
struct ImageExtentTests {
    @Test("A whole file's length is its size", arguments: fixturesWithEnd)
    func wholeFile(name: String) throws {
        let bytes = try fixtureBytes(name)
        try #require(!bytes.isEmpty)
        #expect(ImageExtent.length(ofFirstImageIn: bytes) == bytes.count)
    }

    @Test("A file followed by another gives the first file's size", arguments: fixturesWithEnd)
    func concatenated(name: String) throws {
        let first = try fixtureBytes(name)
        for other in fixturesWithEnd + fixturesWithoutEnd {
            let second = try fixtureBytes(other)
            #expect(ImageExtent.length(ofFirstImageIn: first + second) == first.count, "\(name) then \(other)")
        }
    }

    @Test("No proper prefix of a file holds its end", arguments: fixturesWithEnd)
    func prefixes(name: String) throws {
        let bytes = try fixtureBytes(name)
        for count in 0..<bytes.count {
            #expect(ImageExtent.length(ofFirstImageIn: Array(bytes.prefix(count))) == nil, "\(name), first \(count) bytes")
        }
    }

    @Test("TIFF, text, an empty file and a truncated PNG give nil", arguments: fixturesWithoutEnd)
    func withoutEnd(name: String) throws {
        #expect(ImageExtent.length(ofFirstImageIn: try fixtureBytes(name)) == nil)
    }

    @Test("A PNG from the encoder ends where its bytes end")
    func encodedPNG() throws {
        var image = RGBImage(width: 7, height: 5)
        image[3, 2] = RGBPixel(red: 200, green: 40, blue: 30)
        let bytes = try PNGEncoder.encode(image, resolution: 240)
        #expect(ImageExtent.length(ofFirstImageIn: bytes + bytes) == bytes.count)
    }

    @Test("JPEG: stuffed zeros, restarts and fill bytes in a scan are not its end")
    func jpegScan() {
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0x00, 0xFF, 0xD0]
        let image: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x04, 0xFF, 0xD9] + scan + data + [0xFF, 0xFF, 0xFF, 0xD9]
        #expect(ImageExtent.length(ofFirstImageIn: image + [0xFF, 0xD8, 0xFF, 0xD9]) == image.count)
    }

    @Test("JPEG: a thumbnail inside an APP1 segment is skipped by the segment's length")
    func jpegThumbnail() throws {
        let photo = try fixtureBytes("rgb.jpg")
        let thumbnail = try fixtureBytes("cmyk.jpg")
        let payload = Array("Exif\0\0".utf8) + thumbnail
        let length = payload.count + 2
        try #require(length <= 0xFFFF)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        let image = Array(photo.prefix(2)) + segment + Array(photo.dropFirst(2))
        #expect(ImageExtent.length(ofFirstImageIn: image) == image.count)
        #expect(ImageExtent.length(ofFirstImageIn: image + photo) == image.count)
    }

    @Test("GIF: extensions, a local colour table and trailer bytes inside sub-blocks are walked")
    func gifBlocks() {
        let header = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]
        let control: [UInt8] = [0x21, 0xF9, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00]
        let comment: [UInt8] = [0x21, 0xFE, 0x02, 0x3B, 0x3B, 0x00]
        let descriptor: [UInt8] = [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x80]
        let localTable: [UInt8] = [0, 0, 0, 255, 255, 255]
        let pixels: [UInt8] = [0x02, 0x02, 0x44, 0x3B, 0x00]
        let image = header + control + comment + descriptor + localTable + pixels + [0x3B]
        #expect(ImageExtent.length(ofFirstImageIn: image + image) == image.count)
        #expect(ImageExtent.length(ofFirstImageIn: Array(image.dropLast())) == nil)
    }

    @Test("PNM: comments, any white space, 16-bit samples and P4's padded rows", arguments: [
        ("P5\n# made by hand\n3 2\n65535\n", 3 * 2 * 2),
        ("P6\t2\r2 255 ", 2 * 2 * 3),
        ("P6 2 2 256\n", 2 * 2 * 3 * 2),
        ("P4 9 2\n", 2 * 2),
        ("P4\n8#comment\n3\n", 3),
    ])
    func pnm(header: String, raster: Int) {
        let image = Array(header.utf8) + [UInt8](repeating: 0x20, count: raster)
        #expect(ImageExtent.length(ofFirstImageIn: image + Array("P5 1 1 255\n\0".utf8)) == image.count)
        #expect(ImageExtent.length(ofFirstImageIn: Array(image.dropLast())) == nil)
    }

    @Test("Plain-text PNM has no marked end")
    func plainPNM() {
        #expect(ImageExtent.length(ofFirstImageIn: Array("P3 1 1 255\n1 2 3\n".utf8)) == nil)
        #expect(ImageExtent.length(ofFirstImageIn: Array("P1 1 1\n1\n".utf8)) == nil)
    }

    @Test("Hostile headers give nil, not a trap, a hang or a length past the bytes", arguments: hostileInputs)
    func hostile(bytes: [UInt8]) {
        #expect(ImageExtent.length(ofFirstImageIn: bytes) == nil)
    }

    @Test("Random bytes, with or without a signature in front, give nil or a length within them")
    func randomBytes() {
        var generator = RepeatableGenerator(seed: 0xF1_17E2_0C12)
        let signatures: [[UInt8]] = [
            [], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8], Array("GIF89a".utf8), Array("BM".utf8),
            Array("RIFF".utf8), Array("P4".utf8), Array("P5 ".utf8), Array("P6\n".utf8),
        ]
        var implausible = 0
        for round in 0..<4000 {
            let count = Int.random(in: 0...300, using: &generator)
            let bytes = signatures[round % signatures.count]
                + (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            if !isPlausible(ImageExtent.length(ofFirstImageIn: bytes), for: bytes) { implausible += 1 }
        }
        #expect(implausible == 0)
    }

    @Test("Mutated fixtures never crash and give nil or a length within the bytes",
          arguments: fixturesWithEnd + fixturesWithoutEnd)
    func mutations(name: String) throws {
        let original = try fixtureBytes(name)
        var generator = RepeatableGenerator(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        var implausible: [Int] = []
        for round in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                Mutation.mutate(&bytes, using: &generator)
            }
            if !isPlausible(ImageExtent.length(ofFirstImageIn: bytes), for: bytes) { implausible.append(round) }
        }
        #expect(implausible.isEmpty, "rounds \(implausible)")
    }
}
