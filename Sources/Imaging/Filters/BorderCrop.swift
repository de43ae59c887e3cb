/// Crops away the dark bands a scanner leaves along a page's edges: what unpaper's border
/// and black-filter steps do, in pure Swift.
///
/// A pixel is dark where its luminance level is below 64 (scanner lids and beds are near
/// black; ink on paper is also dark, but a row of text is mostly paper). From each edge
/// inward, rows (then columns) whose share of dark pixels exceeds `darkShare` are border, up
/// to the first that is not. Rows are judged across the columns kept so far and columns
/// across the rows kept, twice each way, so the black corners of a page scanned at a slant
/// stop counting once the bands beside them are gone. A page with no such band is returned
/// as it is, and so is a page more than half dark (white text on black, whose dark edges are
/// its ground); the crop never removes more than the image.
public struct BorderCrop: Sendable {
    /// Level below which a pixel counts as dark.
    static let darkLevel = 64

    /// The share of dark pixels (0-1) above which an edge row or column is border; 1 or
    /// more removes nothing.
    public let darkShare: Double

    public init(darkShare: Double) {
        precondition(darkShare.isFinite, "the share must be a number")
        self.darkShare = darkShare
    }

    /// The page's content, cropped from the image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard let area = content(of: image, in: space) else { return image }
        return image.crop(columns: area.columns, rows: area.rows)
    }

    /// The columns and rows `apply` keeps; nil when it keeps the whole image.
    public func content(of image: RGBImage, in space: WorkingSpace = .linear) -> (columns: Range<Int>, rows: Range<Int>)? {
        guard darkShare < 1 else { return nil }
        let mask = LuminanceLevels(image, in: space).darkMask(atMost: Self.darkLevel - 1)
        // A page mostly dark is a negative, not a page on a black bed: its edges are its paper.
        guard mask.reduce(0, { $0 + Int($1) }) * 2 <= mask.count else { return nil }
        let area = contentArea(mask: mask, width: image.width, height: image.height)
        if area.columns.count == image.width && area.rows.count == image.height { return nil }
        guard !area.columns.isEmpty && !area.rows.isEmpty else { return nil }
        return area
    }

    /// The columns and rows left once the border bands are taken from each edge.
    func contentArea(mask: [UInt8], width: Int, height: Int) -> (columns: Range<Int>, rows: Range<Int>) {
        var columns = 0..<width, rows = 0..<height
        mask.withUnsafeBufferPointer { mask in
            for _ in 0..<2 {
                let rowCounts = (0..<height).map { darkCount(mask.baseAddress! + $0 * width, columns) }
                rows = trimmed(rows, counts: rowCounts, across: columns.count)
                let columnCounts = columnDarkCounts(mask.baseAddress!, width: width, rows: rows)
                columns = trimmed(columns, counts: columnCounts, across: rows.count)
            }
        }
        return (columns, rows)
    }

    /// `range` without the lines at either end whose dark count passes the share.
    private func trimmed(_ range: Range<Int>, counts: [Int], across length: Int) -> Range<Int> {
        let limit = darkShare * Double(length)
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && Double(counts[lower]) > limit { lower += 1 }
        while upper > lower && Double(counts[upper - 1]) > limit { upper -= 1 }
        return lower..<upper
    }
}

/// Dark pixels of one mask row within `columns`.
private func darkCount(_ row: UnsafePointer<UInt8>, _ columns: Range<Int>) -> Int {
    var count = 0
    for x in columns { count += Int(row[x]) }
    return count
}

/// Dark pixels of each column within `rows`, summed row by row so memory is read in order.
private func columnDarkCounts(_ mask: UnsafePointer<UInt8>, width: Int, rows: Range<Int>) -> [Int] {
    var counts = [Int](repeating: 0, count: width)
    counts.withUnsafeMutableBufferPointer { counts in
        for y in rows {
            let row = mask + y * width
            for x in 0..<width { counts[x] += Int(row[x]) }
        }
    }
    return counts
}

extension RGBImage {
    /// The pixels in `columns` × `rows`.
    func crop(columns: Range<Int>, rows: Range<Int>) -> RGBImage {
        let rowBytes = columns.count * 3
        var samples = [UInt8](repeating: 0, count: rowBytes * rows.count)
        samples.withUnsafeMutableBufferPointer { output in
            withUnsafeSamples { input in
                for (index, y) in rows.enumerated() {
                    let source = input.baseAddress! + (y * width + columns.lowerBound) * 3
                    (output.baseAddress! + index * rowBytes).update(from: source, count: rowBytes)
                }
            }
        }
        return RGBImage(width: columns.count, height: rows.count, samples: samples)
    }
}

extension FilterKind {
    public static let borders = FilterKind(
        "borders", reproduces: "unpaper's border removal",
        summary: "crop edge rows and columns over 1 − intensity dark: 75% dark at 25%",
        parameter: .init(name: "share", symbol: "dark > ", title: "dark share of an edge line (0-1)") { max(0.05, 1 - $0) },
        nanosecondsPerPixel: 4,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 5) },
        moves: { value, image, context in
            BorderCrop(darkShare: value).content(of: image, in: context.space).map { .crop(columns: $0.columns, rows: $0.rows) }
        },
        apply: { BorderCrop(darkShare: $0).apply(to: $1, in: $2.space) })
}
