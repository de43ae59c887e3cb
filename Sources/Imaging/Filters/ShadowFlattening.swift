internal import CTesseract

/// Evens out shadows and uneven light to a grey page with full contrast everywhere: Leptonica's
/// `pixBackgroundNormFlex` and then `pixContrastNorm`, on the page's luminance after a 3 × 3
/// median (`pixMedianFilter`).
///
/// Unlike `background` (`BackgroundNormalization`), which divides by the paper's level in
/// tiles of a chosen size and keeps the colours, this adapts to a background that changes
/// quickly (a hand's shadow, a fold, thermal paper gone brown in patches): the flexible
/// normalisation takes the background from local maxima of a 1/7-size page, filled as basins,
/// and the contrast normalisation then stretches each tile's (a sixteenth of the page's
/// shorter side) darkest and lightest levels to black and white, borrowing from its
/// neighbours where a tile is all paper.
///
/// It acts only on a page whose light varies: the paper's level (the 90th percentile of
/// luminance) in each of 8 × 8 tiles, and the spread between the third lowest and the third
/// highest of them, must reach `leastSpread` levels. Otherwise the image is returned as it
/// is, so an evenly lit page costs one sampled pass and no recognition.
public struct ShadowFlattening: Sendable {
    /// The page is cut into this many tiles across and down to measure its light.
    static let tiles = 8
    /// The least span of levels in a contrast tile that is stretched on its own.
    static let leastTileSpan: Int32 = 100

    /// The least spread of the paper's level between tiles that counts as uneven light; 256
    /// or more leaves every page as it is.
    public let leastSpread: Double

    public init(leastSpread: Double) {
        precondition(!leastSpread.isNaN, "the spread must be a number")
        self.leastSpread = leastSpread
    }

    /// The flattened page in grey, or the image itself.
    public func apply(to image: RGBImage) -> RGBImage {
        guard leastSpread < 256, Double(Self.paperSpread(of: image)) >= leastSpread,
              let grey = LeptonicaPix.luminance(of: image),
              // A 3 × 3 median first: a photo's sensor noise would otherwise raise the local
              // maxima the background is taken from, and be stretched with the contrast.
              let quiet = LeptonicaPix(taking: pixMedianFilter(grey.pix, 3, 3)),
              let flat = LeptonicaPix(taking: pixBackgroundNormFlex(quiet.pix, 7, 7, 1, 1, 10)) else { return image }
        // Tiles of about a sixteenth of the page hold ink and paper both; a tile whose levels
        // span less than `leastTileSpan` (paper and its noise, which stretching would turn
        // into grain) takes its neighbours' stretch.
        let tile = Int32(max(20, min(image.width, image.height) / 16))
        guard let normalised = LeptonicaPix(taking: pixContrastNorm(nil, flat.pix, tile, tile, Self.leastTileSpan, 2, 2)),
              let output = normalised.rgbImage(), output.width == image.width, output.height == image.height else {
            return image
        }
        return output
    }

    /// The spread of the paper's level between the tiles, leaving out the two most extreme
    /// tiles at each end (a photo or a dark banner is not a shadow across the page).
    static func paperSpread(of image: RGBImage) -> Int {
        let levels = paperLevels(of: image).sorted()
        let dropped = min(2, (levels.count - 1) / 2)
        return levels[levels.count - 1 - dropped] - levels[dropped]
    }

    /// The 90th percentile of the luminance in each tile, from every other pixel of every
    /// other row (Rec. 601 weights on the encoded levels: a detector, not a measure).
    static func paperLevels(of image: RGBImage) -> [Int] {
        let columns = min(tiles, image.width), rows = min(tiles, image.height)
        var histograms = [Int](repeating: 0, count: columns * rows * 256)
        image.withUnsafeSamples { samples in
            for y in stride(from: 0, to: image.height, by: 2) {
                let tileRow = y * rows / image.height
                let row = samples.baseAddress! + y * image.width * 3
                for x in stride(from: 0, to: image.width, by: 2) {
                    let level = (77 * Int(row[3 * x]) + 150 * Int(row[3 * x + 1]) + 29 * Int(row[3 * x + 2])) >> 8
                    histograms[((tileRow * columns) + x * columns / image.width) * 256 + level] += 1
                }
            }
        }
        return (0..<(columns * rows)).map { tile in
            let histogram = histograms[(tile * 256)..<(tile * 256 + 256)]
            let total = histogram.reduce(0, +)
            var seen = 0
            for level in 0..<256 {
                seen += histogram[tile * 256 + level]
                if seen * 10 >= total * 9 { return level }
            }
            return 255
        }
    }
}

extension FilterKind {
    /// The spread falls as the intensity rises: 40 levels at 25%, 10 from 100%; 0% never acts.
    public static let flatten = FilterKind(
        "flatten", reproduces: "Leptonica's pixBackgroundNormFlex and pixContrastNorm",
        summary: "even out shadows and stretch each tile's contrast, in grey, when the paper's level varies by 40 at 25%",
        parameter: .init(name: "spread", symbol: "spread ≥ ", title: "least spread of the paper's level (levels)") {
            $0 <= 0 ? 1000 : max(10, 50 - 40 * $0)
        },
        nanosecondsPerPixel: 10,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 3) },
        apply: { value, image, _ in ShadowFlattening(leastSpread: value).apply(to: image) })
}
