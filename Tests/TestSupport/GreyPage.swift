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
    public init(reading image: String) async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = folder + "/page.png"
        let written = try await Command.filterocr(["filter", image, "--ops", "original", "-o", png])
        guard written.status == 0 else { throw GreyPageError(message: "filterocr filter: \(written.standardError)") }
        let ppm = try await Command.run("/usr/bin/env", ["convert", png, "ppm:-"])
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

    /// The page photographed at an angle on a dark table: a `width` × `height` photo of ground
    /// `ground` with the page's corners at `corners` (top left, top right, bottom right, bottom
    /// left), each pixel of the sheet read from the page through the perspective, bilinear.
    public func photographed(corners: [(x: Double, y: Double)], width: Int, height: Int, ground: UInt8 = 30) -> GreyPage {
        let toPage = Homography(from: corners, to: [(0, 0), (Double(self.width), 0), (Double(self.width), Double(self.height)),
                                                    (0, Double(self.height))])
        var photo = self
        (photo.width, photo.height) = (width, height)
        photo.samples = (0..<(width * height)).map { pixel in
            let (x, y) = toPage.map(Double(pixel % width) + 0.5, Double(pixel / width) + 0.5)
            return sample(x - 0.5, y - 0.5) ?? ground
        }
        return photo
    }

    /// The page turned `degrees` counter-clockwise about its centre, the same size, white
    /// brought in at the corners: a page laid crooked on a scanner.
    public func tilted(by degrees: Double) -> GreyPage {
        let (cosine, sine) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        var page = self
        page.samples = (0..<(width * height)).map { pixel in
            let (dx, dy) = (Double(pixel % width) + 0.5 - cx, Double(pixel / width) + 0.5 - cy)
            return sample(cx + dx * cosine - dy * sine - 0.5, cy + dx * sine + dy * cosine - 0.5) ?? 255
        }
        return page
    }

    /// The page turned a quarter turn counter-clockwise: a page scanned on its side.
    public func turnedCounterClockwise() -> GreyPage {
        var page = self
        (page.width, page.height) = (height, width)
        // Row y of the turned page is column width - 1 - y of this one, top to bottom.
        page.samples = (0..<(width * height)).map { pixel in
            let (x, y) = (pixel % height, pixel / height)
            return samples[x * width + (width - 1 - y)]
        }
        return page
    }

    /// The level at a point between pixel centres, bilinear; nil outside the page.
    private func sample(_ x: Double, _ y: Double) -> UInt8? {
        guard x >= 0, y >= 0, x <= Double(width - 1), y <= Double(height - 1) else { return nil }
        let (x0, y0) = (min(width - 2, Int(x)), min(height - 2, Int(y)))
        let (fx, fy) = (x - Double(x0), y - Double(y0))
        func at(_ x: Int, _ y: Int) -> Double { Double(samples[y * width + x]) }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return UInt8((top * (1 - fy) + bottom * fy).rounded())
    }

    /// The share of the pixels in the box (left, top, right, bottom, clipped to the page) darker
    /// than mid-grey: how much ink a word's box covers.
    public func inkShare(left: Int, top: Int, right: Int, bottom: Int) -> Double {
        let (x0, x1) = (max(0, left), min(width, right)), (y0, y1) = (max(0, top), min(height, bottom))
        guard x0 < x1, y0 < y1 else { return 0 }
        var dark = 0
        for y in y0..<y1 { for x in x0..<x1 where samples[y * width + x] < 128 { dark += 1 } }
        return Double(dark) / Double((x1 - x0) * (y1 - y0))
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

/// The projective map that takes four points to four others.
private struct Homography {
    /// h11...h32 (h33 is 1).
    private let h: [Double]

    init(from source: [(x: Double, y: Double)], to target: [(x: Double, y: Double)]) {
        // Two rows per point of the 8 × 8 system, solved by Gaussian elimination.
        var rows: [[Double]] = []
        for ((x, y), (u, v)) in zip(source, target) {
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        for column in 0..<8 {
            let pivot = (column..<8).max { abs(rows[$0][column]) < abs(rows[$1][column]) }!
            rows.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = rows[row][column] / rows[column][column]
                for k in column..<9 { rows[row][k] -= factor * rows[column][k] }
            }
        }
        h = (0..<8).map { rows[$0][8] / rows[$0][$0] }
    }

    func map(_ x: Double, _ y: Double) -> (Double, Double) {
        let w = h[6] * x + h[7] * y + 1
        return ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)
    }
}
