import Foundation

/// A greyscale page a test degrades itself (shrunk, speckled), read from any image
/// `filterocr` reads and written as binary PGM, which `filterocr` reads too: no image tool
/// needed, and the same bytes on every machine.
public struct GreyPage: Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// Row-major, 0 black to 255 white.
    public private(set) var samples: [UInt8]

    /// `image` as `filterocr filter` writes it in PNG, then as `convert FILE.png ppm:-` gives it.
    public init(reading image: String) throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = folder + "/page.png"
        let written = try Command.filterocr(["filter", image, "--ops", "original", "-o", png])
        guard written.status == 0 else { throw GreyPageError(message: "filterocr filter: \(written.standardError)") }
        let ppm = try Command.run("/usr/bin/env", ["convert", png, "ppm:-"])
        guard ppm.status == 0 else { throw GreyPageError(message: "convert: \(ppm.standardError)") }
        try self.init(ppm: [UInt8](ppm.outputData))
    }

    /// A binary PPM (P6, maxval 255), each pixel its mean of red, green and blue.
    init(ppm bytes: [UInt8]) throws {
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { throw GreyPageError(message: "not a binary PPM") }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9 { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != 10 { index += 1 }
                continue
            }
            var value = 0
            while index < bytes.count, (48...57).contains(bytes[index]) { value = value * 10 + Int(bytes[index] - 48); index += 1 }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, fields[2] == 255, bytes.count >= index + fields[0] * fields[1] * 3 else {
            throw GreyPageError(message: "unsupported PPM header \(fields)")
        }
        (width, height) = (fields[0], fields[1])
        samples = (0..<(width * height)).map { pixel in
            let at = index + pixel * 3
            return UInt8((Int(bytes[at]) + Int(bytes[at + 1]) + Int(bytes[at + 2])) / 3)
        }
    }

    /// The page shrunk by `factor` (2 or more), each pixel the mean of its block: a scan at a
    /// fraction of the resolution, its text small and grey at the edges.
    public func shrunk(by factor: Int) -> GreyPage {
        var page = self
        page.width = width / factor
        page.height = height / factor
        page.samples = (0..<(page.width * page.height)).map { pixel in
            let (x, y) = (pixel % page.width * factor, pixel / page.width * factor)
            var sum = 0
            for dy in 0..<factor { for dx in 0..<factor { sum += Int(samples[(y + dy) * width + x + dx]) } }
            return UInt8(sum / (factor * factor))
        }
        return page
    }

    /// The page covered in photocopy specks: `count` dark dots of 1 to 3 pixels a side,
    /// placed by a generator seeded with `seed`.
    public func speckled(count: Int, seed: UInt64) -> GreyPage {
        var page = self
        var random = RepeatableGenerator(seed: seed)
        for _ in 0..<count {
            let side = 1 + Int(random.next() % 3)
            let x = Int(random.next() % UInt64(max(1, width - side)))
            let y = Int(random.next() % UInt64(max(1, height - side)))
            let shade = UInt8(random.next() % 60)
            for dy in 0..<side { for dx in 0..<side { page.samples[(y + dy) * width + x + dx] = shade } }
        }
        return page
    }

    /// The page on a scanner's black bed: `margin` pixels of near-black on every side, as a
    /// scan with its lid open leaves them.
    public func framed(margin: Int) -> GreyPage {
        var page = self
        page.width = width + 2 * margin
        page.height = height + 2 * margin
        page.samples = [UInt8](repeating: 12, count: page.width * page.height)
        for y in 0..<height {
            let start = (y + margin) * page.width + margin
            page.samples.replaceSubrange(start..<(start + width), with: samples[(y * width)..<((y + 1) * width)])
        }
        return page
    }

    /// Writes the page as binary PGM.
    public func write(to path: String) throws {
        try (Data("P5\n\(width) \(height)\n255\n".utf8) + Data(samples)).write(to: URL(fileURLWithPath: path))
    }
}

public struct GreyPageError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
