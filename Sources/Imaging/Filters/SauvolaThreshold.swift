/// Sauvola's adaptive threshold (Sauvola and Pietikäinen, 2000): black and white by each
/// pixel's neighbourhood rather than one level for the page. No Core Image filter does this.
///
/// On the luminance levels of `LuminanceLevels` (Rec. 709 luminance as an 8-bit level of
/// the working space's encoding), each pixel's window of (2·radius + 1)² pixels, clipped to
/// the image (so it holds fewer pixels near the borders), has mean m and standard deviation
/// s; the pixel is white where its level is above T = m · (1 + k · (s / 128 − 1)), black
/// elsewhere. On flat paper s is 0 and T = m·(1 − k), so any k above 0 keeps paper white
/// however dark it is; across text s is large and T moves up towards m, so ink is black
/// even on a shadowed part of a photographed page, where one global level fails.
///
/// The cost per pixel does not depend on the radius: sums of levels and squared levels
/// down each column of the window are updated row by row, and a row of their prefix sums
/// gives each window's total. Bands of rows run in parallel, each starting its own column
/// sums, so extra memory is a few rows per worker.
public struct SauvolaThreshold: Sendable {
    public let radius: Int
    public let k: Double

    public init(radius: Int, k: Double) {
        precondition(radius >= 0, "the radius must not be negative")
        precondition(k.isFinite, "k must be a number")
        self.radius = radius
        self.k = k
    }

    /// A window about as tall as a few lines of text on a page photographed or scanned to
    /// fill the image: 1/64 of the shorter side, and at least 7 pixels.
    public static func defaultRadius(width: Int, height: Int) -> Int {
        max(7, min(width, height) / 64)
    }

    /// The black-and-white image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let luminance = LuminanceLevels(image, in: space)
        let (width, height) = (image.width, image.height)
        let count = width * height * 3
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            luminance.levels.withUnsafeBufferPointer { levels in
                let bands = min(height, Parallel.cores * 2)
                Parallel.forEachChunk(of: height, minimumChunk: max(1, height / bands)) { rows in
                    var window = SauvolaWindow(levels: levels.baseAddress!, width: width, height: height,
                                               radius: radius, firstRow: rows.lowerBound)
                    for y in rows {
                        if y > rows.lowerBound { window.advance(to: y) }
                        window.threshold(row: y, k: k, into: output.value + y * width * 3)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: samples)
    }
}

extension FilterKind {
    public static let sauvola = FilterKind(
        "sauvola", reproduces: "Sauvola's adaptive threshold",
        summary: "black and white by local mean and deviation, k = 1.4 × intensity: 0.35 at 25%",
        parameter: .init(name: "k", symbol: "k ", title: "Sauvola k") { 1.4 * $0 },
        nanosecondsPerPixel: 12,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 11) },
        apply: { value, image, context in
            SauvolaThreshold(radius: SauvolaThreshold.defaultRadius(width: image.width, height: image.height), k: value)
                .apply(to: image, in: context.space)
        })
}
