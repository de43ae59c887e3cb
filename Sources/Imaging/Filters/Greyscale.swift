/// Core Image's `CIPhotoEffectMono` blended with the input by `amount`: each pixel's
/// luminance Y = 0.2126 R + 0.7152 G + 0.0722 B (Rec. 709 weights, on working-space values),
/// and each channel becomes (1 − amount)·v + amount·Y.
///
/// In linear light Y is the pixel's true luminance, so a saturated red or blue comes out as
/// dark as it looks; in `.sRGB` the same weights give the familiar luma of video.
public struct Greyscale: Sendable {
    /// How grey: 0 is the input, 1 fully grey. Clamped to 0...1.
    public let amount: Double

    public init(amount: Double) {
        precondition(amount.isFinite, "the amount must be a number")
        self.amount = min(max(amount, 0), 1)
    }

    /// The image with its colour taken away by `amount`.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        if amount == 0 { return image }
        let amount = Float(self.amount)
        let pixels = image.width
        return image.mappingRows(in: space) { _, source, target, values, coding in
            let table = coding.table.baseAddress!
            if amount == 1 {
                // Fully grey: one value per pixel to encode, not three.
                luminance(source, pixels: pixels, table: table, into: values)
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pixels) { levels in
                    coding.encode(values, count: pixels, into: levels.baseAddress!)
                    spread(levels.baseAddress!, pixels: pixels, into: target)
                }
            } else {
                mixWithLuminance(source, pixels: pixels, amount: amount, table: table, into: values)
                coding.encode(values, count: pixels * 3, into: target)
            }
        }
    }
}

/// The working-space values of a row of RGB pixels, each channel moved `amount` of the way
/// to the pixel's luminance.
private func mixWithLuminance(_ input: UnsafePointer<UInt8>, pixels: Int, amount: Float, table: UnsafePointer<Float>,
                              into output: UnsafeMutablePointer<Float>) {
    let keep = 1 - amount
    for pixel in 0..<pixels {
        let red = table[Int(input[3 * pixel])]
        let green = table[Int(input[3 * pixel + 1])]
        let blue = table[Int(input[3 * pixel + 2])]
        let luminance = amount * (0.2126 * red + 0.7152 * green + 0.0722 * blue)
        output[3 * pixel] = keep * red + luminance
        output[3 * pixel + 1] = keep * green + luminance
        output[3 * pixel + 2] = keep * blue + luminance
    }
}

/// The luminance of each pixel of a row, in working-space values.
private func luminance(_ input: UnsafePointer<UInt8>, pixels: Int, table: UnsafePointer<Float>,
                       into output: UnsafeMutablePointer<Float>) {
    for pixel in 0..<pixels {
        output[pixel] = 0.2126 * table[Int(input[3 * pixel])] + 0.7152 * table[Int(input[3 * pixel + 1])]
            + 0.0722 * table[Int(input[3 * pixel + 2])]
    }
}

/// Each pixel's level as its red, green and blue.
private func spread(_ levels: UnsafePointer<UInt8>, pixels: Int, into output: UnsafeMutablePointer<UInt8>) {
    for pixel in 0..<pixels {
        let level = levels[pixel]
        (output[3 * pixel], output[3 * pixel + 1], output[3 * pixel + 2]) = (level, level, level)
    }
}

extension FilterKind {
    public static let greyscale = FilterKind(
        "greyscale", reproduces: "CIPhotoEffectMono",
        summary: "luminance only (fully grey from 25%; below, part of the colour kept)",
        parameter: .blendAmount, nanosecondsPerPixel: 1, defaultSweep: FilterKind.blendSweep,
        apply: { Greyscale(amount: $0).apply(to: $1, in: $2.space) })
}

extension FilterKind.ParameterScale {
    /// A blend towards the filtered image (greyscale, invert): `min(1, 4 × intensity)`, whole at 25%.
    static let blendAmount = FilterKind.ParameterScale(name: "amount", symbol: "amount ", title: "amount (0-1)") { min(1, 4 * $0) }
}

extension FilterKind {
    /// A blend's sweep: up to where it is whole.
    static let blendSweep: @Sendable (Double?) -> [Double] = { _ in evenly(from: 0, to: 0.25, steps: 5) }
}
