/// The page turned clockwise by whole quarter turns: an exact transposition of its pixels,
/// no resampling, so four turns, or a turn and its opposite, give the page back bit for bit
/// (OpenCV's `cv2.rotate`, Core Image's `oriented(_:)`).
///
/// A quarter or three-quarter turn swaps the width and the height.
public struct QuarterTurn: Sendable {
    /// Quarter turns clockwise, 0...3; any whole number is taken modulo 4.
    public let turns: Int

    public init(clockwise turns: Int) {
        self.turns = ((turns % 4) + 4) % 4
    }

    /// The turned image; the input itself for no turn.
    public func apply(to image: RGBImage) -> RGBImage {
        guard turns != 0 else { return image }
        let (width, height) = (image.width, image.height)
        let (outputWidth, outputHeight) = turns == 2 ? (width, height) : (height, width)
        let count = image.samples.count
        let turns = self.turns
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            image.withUnsafeSamples { input in
                let input = input.baseAddress!
                Parallel.forEachChunk(of: outputHeight, minimumChunk: max(1, outputHeight / (Parallel.cores * 4))) { rows in
                    for y in rows {
                        // Where output row y starts in the source and how far each next pixel
                        // moves there, in pixels.
                        let (start, step): (Int, Int)
                        switch turns {
                        case 1: (start, step) = ((height - 1) * width + y, -width)   // column y, bottom up
                        case 2: (start, step) = ((height - 1 - y) * width + width - 1, -1)  // row h-1-y, backwards
                        default: (start, step) = (width - 1 - y, width)             // column w-1-y, top down
                        }
                        copyPixels(from: input, start: start, step: step, count: outputWidth,
                                   into: output.value + y * outputWidth * 3)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: outputWidth, height: outputHeight, samples: samples)
    }
}

/// `count` pixels of three samples, from source pixel `start` moving by `step` pixels.
@inline(__always)
private func copyPixels(from input: UnsafePointer<UInt8>, start: Int, step: Int, count: Int,
                        into output: UnsafeMutablePointer<UInt8>) {
    var source = start * 3
    let stride = step * 3
    for x in 0..<count {
        output[3 * x] = input[source]
        output[3 * x + 1] = input[source + 1]
        output[3 * x + 2] = input[source + 2]
        source += stride
    }
}

extension QuarterTurn {
    /// The `rotate` filter's intensity that makes this turn: 25% a quarter turn.
    public var intensity: Double { Double(turns) / 4 }
}

extension FilterKind {
    /// Each 25% is one quarter turn clockwise, so `rotate` turns the page once and every
    /// further `25%` turns it once more, as a rotate button does; 100% is a full turn (the
    /// page as it was) and the slider's 0-300% goes round three times.
    public static let rotate = FilterKind(
        "rotate", reproduces: "OpenCV's cv2.rotate",
        summary: "turn by quarter turns clockwise, one per 25%: 90° at 25%",
        parameter: .init(name: "quarter-turns", symbol: "↻", title: "quarter turns clockwise") { (4 * $0).rounded() },
        nanosecondsPerPixel: 2,
        defaultSweep: { _ in evenly(from: 0, to: 0.75, steps: 4) },
        moves: { value, _, _ in .turn(clockwise: Int(value)) },
        apply: { value, image, _ in QuarterTurn(clockwise: Int(value)).apply(to: image) })
}
