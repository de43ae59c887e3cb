/// Flattens uneven light and paper tone to a white page: what Leptonica's
/// `pixBackgroundNorm` does, in pure Swift (the filter OCRmyPDF lost in version 13).
///
/// The page is cut into square tiles; each tile's background is the median of its
/// luminance levels that are at least three quarters of its 90th percentile, so most of a
/// tile can be ink without the ink darkening its estimate. Tiles much darker than the page's own paper (a photo, a dark
/// banner) take no more than four times the page's paper as gain. The tile values are
/// interpolated bilinearly between tile centres (and extended linearly past the outer ones),
/// and every sample becomes `min(255, v × 255 / background)`, on the 8-bit levels as
/// Leptonica divides them. A shadow's gradient is broader than a tile, so it is divided
/// out; a letter is narrower, so it keeps its contrast with the paper around it.
public struct BackgroundNormalization: Sendable {
    /// The side of a tile in pixels; 0 leaves the image as it is.
    public let tile: Int

    public init(tile: Int) {
        precondition(tile >= 0, "the tile must not be negative")
        self.tile = tile
    }

    /// The normalised image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard tile > 0 else { return image }
        let luminance = LuminanceLevels(image, in: space)
        let field = BackgroundField(luminance, tile: max(4, tile))
        var output = image
        output.withUnsafeMutableSamples { samples in
            let samples = UnsafeSendable(samples.baseAddress!)
            let width = image.width
            Parallel.forEachChunk(of: image.height, minimumChunk: 16) { rows in
                var gains = [Float](repeating: 1, count: width)
                for y in rows {
                    field.gains(row: y, into: &gains)
                    gains.withUnsafeBufferPointer { gains in
                        divide(samples.value + y * width * 3, gains: gains.baseAddress!, width: width)
                    }
                }
            }
        }
        return output
    }
}

/// Each sample of one row times its pixel's gain, rounded and clipped to 255.
private func divide(_ row: UnsafeMutablePointer<UInt8>, gains: UnsafePointer<Float>, width: Int) {
    for x in 0..<width {
        let gain = gains[x]
        for channel in 0..<3 {
            let value = Float(row[3 * x + channel]) * gain + 0.5
            row[3 * x + channel] = UInt8(min(255, value))
        }
    }
}

/// The background level of each tile, and the gain 255 / background at any pixel.
struct BackgroundField: Sendable {
    let tile: Int
    let columns: Int
    let rows: Int
    /// Smoothed background levels, `columns` × `rows`.
    let levels: [Float]

    init(_ luminance: LuminanceLevels, tile: Int) {
        self.tile = tile
        columns = (luminance.width + tile - 1) / tile
        rows = (luminance.height + tile - 1) / tile
        var raw = Self.percentiles(luminance, tile: tile, columns: columns, rows: rows)
        // No tile's gain above four times the paper's: a dark photo is not paper.
        let paper = raw.sorted()[raw.count * 3 / 4]
        let floor = max(8, paper / 4)
        raw = raw.map { max($0, floor) }
        levels = raw
    }

    /// The paper's level in each tile, from one histogram per row of tiles.
    private static func percentiles(_ luminance: LuminanceLevels, tile: Int, columns: Int, rows: Int) -> [Float] {
        var result = [Float](repeating: 255, count: columns * rows)
        result.withUnsafeMutableBufferPointer { result in
            let result = UnsafeSendable(result.baseAddress!)
            luminance.levels.withUnsafeBufferPointer { levels in
                Parallel.forEachChunk(of: rows, minimumChunk: 1) { band in
                    var histograms = [Int32](repeating: 0, count: columns * 256)
                    for row in band {
                        let top = row * tile, bottom = min(luminance.height, top + tile)
                        histograms.withUnsafeMutableBufferPointer { histograms in
                            tally(levels.baseAddress! + top * luminance.width, width: luminance.width,
                                  rows: bottom - top, tile: tile, into: histograms.baseAddress!)
                        }
                        for column in 0..<columns {
                            let pixels = (bottom - top) * (min(luminance.width, (column + 1) * tile) - column * tile)
                            result.value[row * columns + column] = paperLevel(histograms[(column * 256)..<(column * 256 + 256)],
                                                                              pixels: pixels)
                        }
                    }
                }
            }
        }
        return result
    }

    /// 255 / background for each pixel of row `y`, bilinear between tile centres and
    /// extended linearly past the outer centres, so a shadow's slope holds up to the edges.
    func gains(row y: Int, into gains: inout [Float]) {
        let (upper, down) = Self.cell((Float(y) + 0.5) / Float(tile) - 0.5, count: rows)
        let lower = min(rows - 1, upper + 1)
        for x in gains.indices {
            let (left, fraction) = Self.cell((Float(x) + 0.5) / Float(tile) - 0.5, count: columns)
            let right = min(columns - 1, left + 1)
            let top = levels[upper * columns + left] * (1 - fraction) + levels[upper * columns + right] * fraction
            let bottom = levels[lower * columns + left] * (1 - fraction) + levels[lower * columns + right] * fraction
            gains[x] = 255 / min(255, max(8, top * (1 - down) + bottom * down))
        }
    }

    /// The tile before `position` (in tile centres) and how far past it, beyond 0...1 at the ends.
    private static func cell(_ position: Float, count: Int) -> (Int, Float) {
        guard count > 1 else { return (0, 0) }
        let index = min(count - 2, max(0, Int(position.rounded(.down))))
        return (index, position - Float(index))
    }
}

/// Adds `rows` rows of levels to one 256-bin histogram per tile column.
private func tally(_ levels: UnsafePointer<UInt8>, width: Int, rows: Int, tile: Int, into histograms: UnsafeMutablePointer<Int32>) {
    histograms.update(repeating: 0, count: ((width + tile - 1) / tile) * 256)
    for y in 0..<rows {
        let row = levels + y * width
        for x in 0..<width {
            histograms[(x / tile) * 256 + Int(row[x])] += 1
        }
    }
}

/// The paper's level in one tile's histogram: the median of the levels at least three
/// quarters of the 90th percentile. The percentile alone finds the bright side of a tile a
/// shadow crosses; the median of what is clearly not ink finds its middle.
private func paperLevel(_ histogram: ArraySlice<Int32>, pixels: Int) -> Float {
    let start = histogram.startIndex
    var seen = 0, high = 255
    for level in 0..<256 {
        seen += Int(histogram[start + level])
        if seen > pixels * 9 / 10 { high = level; break }
    }
    let floor = high * 3 / 4
    let paper = (floor...255).reduce(0) { $0 + Int(histogram[start + $1]) }
    seen = 0
    for level in floor...255 {
        seen += Int(histogram[start + level])
        if 2 * seen > paper { return Float(level) }
    }
    return Float(high)
}

extension FilterKind {
    public static let background = FilterKind(
        "background", reproduces: "Leptonica's pixBackgroundNorm",
        summary: "divide by the paper's level in tiles of 16 / intensity px: 64 px at 25%",
        parameter: .init(name: "tile", symbol: "tile ", title: "tile (pixels)") { $0 > 0 ? max(4, (16 / $0).rounded()) : 0 },
        nanosecondsPerPixel: 6,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 5) },
        apply: { BackgroundNormalization(tile: Int($0)).apply(to: $1, in: $2.space) })
}
