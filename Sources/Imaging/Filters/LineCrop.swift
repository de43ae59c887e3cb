/// A line of a page cut out to be read on its own: the line's box with a margin, and the
/// words of the lines around it that reach into the margin painted over with the paper, so
/// that a reading of the crop is the line's alone. Without the painting, the crops of a
/// curled page or of close-set lines carried parts of their neighbours, and every rendering
/// of the crop read the same intruder (the renderings then agreed with each other, wrongly).
public struct LineCrop: Sendable, Equatable {
    /// The part of the page cut out, in the page's pixels.
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    /// The margin around the line, as a share of its height: above and below, and at each end.
    public static let verticalMargin = 0.35
    public static let horizontalMargin = 0.5

    /// The crop of a line whose words lie in `line` (x, y, width, height) on a page of
    /// `pageWidth` × `pageHeight`; nil when nothing of it lies on the page.
    public init?(line: (x: Int, y: Int, width: Int, height: Int), pageWidth: Int, pageHeight: Int) {
        let vertical = Int((Double(line.height) * Self.verticalMargin).rounded(.up))
        let horizontal = Int((Double(line.height) * Self.horizontalMargin).rounded(.up))
        let left = max(0, line.x - horizontal), top = max(0, line.y - vertical)
        let right = min(pageWidth, line.x + line.width + horizontal)
        let bottom = min(pageHeight, line.y + line.height + vertical)
        guard right > left, bottom > top else { return nil }
        (x, y, width, height) = (left, top, right - left, bottom - top)
    }

    /// The crop cut out of `page`, with each of `others` (boxes in the page's pixels) that
    /// reaches into it filled with the crop's paper: its brightest tenth, grey for grey.
    public func cut(_ page: RGBImage, masking others: [(x: Int, y: Int, width: Int, height: Int)]) -> RGBImage {
        var crop = page.crop(columns: x..<(x + width), rows: y..<(y + height))
        let paper = RGBPixel(grey: Self.paperLevel(of: crop))
        for box in others {
            let (left, right) = (max(0, box.x - x), min(width, box.x + box.width - x))
            let (top, bottom) = (max(0, box.y - y), min(height, box.y + box.height - y))
            guard left < right, top < bottom else { continue }
            crop.fill(columns: left..<right, rows: top..<bottom, with: paper)
        }
        return crop
    }

    /// The grey level a tenth of `image`'s pixels are at least as bright as: its paper.
    static func paperLevel(of image: RGBImage) -> UInt8 {
        var counts = [Int](repeating: 0, count: 256)
        for grey in image.greySamples() { counts[Int(grey)] += 1 }
        var seen = 0
        for level in stride(from: 255, through: 0, by: -1) {
            seen += counts[level]
            if seen * 10 >= image.pixelCount { return UInt8(level) }
        }
        return 255
    }
}

extension RGBImage {
    /// Sets every pixel in `columns` × `rows` to `pixel`.
    mutating func fill(columns: Range<Int>, rows: Range<Int>, with pixel: RGBPixel) {
        let width = self.width
        withUnsafeMutableSamples { samples in
            for y in rows {
                for x in columns {
                    let index = (y * width + x) * RGBImage.channels
                    samples[index] = pixel.red
                    samples[index + 1] = pixel.green
                    samples[index + 2] = pixel.blue
                }
            }
        }
    }
}
