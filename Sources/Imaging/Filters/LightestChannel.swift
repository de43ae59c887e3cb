/// Lifts coloured marks (highlighter, stamps, coloured grounds) towards the paper while black
/// ink stays black: each pixel becomes the grey of its lightest channel, max(R, G, B).
///
/// Black ink is dark in every channel, so its lightest channel is dark too; a yellow
/// highlighter is dark only in blue, a red stamp only in green and blue, so their lightest
/// channel is near the paper's. (The darkest channel, min(R, G, B), would do the opposite:
/// keep the marks dark.) Ink under a highlighter is dark in every channel and stays dark.
///
/// The filter acts only on a page with colour to lift: when more than `leastShare` percent of
/// its pixels are strongly coloured (channels `colourSpan` or more levels apart, the lightest
/// at least `lightestLevel`), as a highlighted or stamped page is. Otherwise it returns the
/// image as it is, so a page in black and white costs one pass and no recognition.
public struct LightestChannel: Sendable {
    /// Channels at least this many levels apart: a coloured pixel, not paper, grey or ink.
    static let colourSpan = 64
    /// A coloured pixel's lightest channel at least this level: a mark, not dark ink.
    static let lightestLevel = 96

    /// The share of coloured pixels, in percent, above which the page is turned grey; 100
    /// or more leaves every page as it is.
    public let leastShare: Double

    public init(leastShare: Double) {
        precondition(!leastShare.isNaN, "the share must be a number")
        self.leastShare = leastShare
    }

    /// The image in the grey of each pixel's lightest channel, or the image itself.
    public func apply(to image: RGBImage) -> RGBImage {
        guard leastShare < 100, Double(Self.colouredPixels(in: image)) * 100 > leastShare * Double(image.pixelCount) else {
            return image
        }
        var output = image
        output.withUnsafeMutableSamples { samples in
            let samples = UnsafeSendable(samples.baseAddress!)
            Parallel.forEachChunk(of: image.pixelCount) { pixels in
                for pixel in pixels {
                    let sample = samples.value + 3 * pixel
                    let lightest = max(sample[0], sample[1], sample[2])
                    (sample[0], sample[1], sample[2]) = (lightest, lightest, lightest)
                }
            }
        }
        return output
    }

    /// How many pixels of `image` are strongly coloured and not dark.
    static func colouredPixels(in image: RGBImage) -> Int {
        let pieces = max(1, min(Parallel.cores * 4, image.pixelCount / Parallel.minimumChunk))
        var counts = [Int](repeating: 0, count: pieces)
        image.withUnsafeSamples { samples in
            let samples = UnsafeSendable(samples.baseAddress!)
            counts.withUnsafeMutableBufferPointer { counts in
                let counts = UnsafeSendable(counts.baseAddress!)
                Parallel.forEachChunk(of: pieces, minimumChunk: 1) { range in
                    for piece in range {
                        var count = 0
                        for pixel in image.pixelCount * piece / pieces ..< image.pixelCount * (piece + 1) / pieces {
                            let sample = samples.value + 3 * pixel
                            let lightest = Int(max(sample[0], sample[1], sample[2]))
                            let darkest = Int(min(sample[0], sample[1], sample[2]))
                            if lightest >= lightestLevel && lightest - darkest >= colourSpan { count += 1 }
                        }
                        counts.value[piece] = count
                    }
                }
            }
        }
        return counts.reduce(0, +)
    }
}

extension FilterKind {
    /// The share falls as the intensity rises: 1% of the page coloured at 25%, 0.25% at 100%;
    /// 0% never acts. The order of levels is the same in either working space, so the
    /// lightest channel is too.
    public static let unmark = FilterKind(
        "unmark", reproduces: "Leptonica's pixConvertRGBToGrayMinMax (L_CHOOSE_MAX)",
        summary: "grey from each pixel's lightest channel, lifting highlighter and stamps, when over 1% of the page is coloured at 25%",
        parameter: .init(name: "share", symbol: "coloured > ", title: "least coloured share of the page (%)") {
            $0 <= 0 ? 100 : 0.25 / $0
        },
        nanosecondsPerPixel: 4,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 3) },
        apply: { value, image, _ in LightestChannel(leastShare: value).apply(to: image) })
}
