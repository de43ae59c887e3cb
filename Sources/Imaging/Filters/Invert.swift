/// Core Image's `CIColorInvert`, blended with the input by `amount`.
///
/// The inverse of a sample is its complement in 8-bit sRGB, level 255 − v, in both working
/// spaces: Core Image inverts gamma-encoded values, so that a negative of a page looks like a
/// negative (mid-grey stays mid-grey) and inverting twice gives the page back. Complementing
/// linear values instead would make every dark level near-white and collapse the darkest
/// levels together. The blend with the input, (1 − amount)·v + amount·inverse, is computed on
/// working-space values, as Core Image mixes two images; in `.sRGB` it is exactly
/// (1 − amount)·v + amount·(1 − v).
public struct Invert: Sendable {
    /// How much of the inverse: 0 is the input, 1 the full negative. Clamped to 0...1.
    public let amount: Double

    public init(amount: Double) {
        precondition(amount.isFinite, "the amount must be a number")
        self.amount = min(max(amount, 0), 1)
    }

    /// The inverted image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        if amount == 0 { return image }
        if amount == 1 { return complement(image) }
        let amount = self.amount
        let table = LevelTable(in: space) { level in
            (1 - amount) * space.value(ofLevel: level) + amount * space.value(ofLevel: 255 - level)
        }
        return table.apply(to: image)
    }

    /// Every sample v as 255 − v, which is v with its bits flipped.
    private func complement(_ image: RGBImage) -> RGBImage {
        let count = image.samples.count
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            image.withUnsafeSamples { input in
                Parallel.forEachChunk(of: count, minimumChunk: 1 << 20) { range in
                    let start = range.lowerBound
                    flipBits(input.baseAddress! + start, count: range.count, into: output.value + start)
                }
            }
            initialized = count
        }
        return RGBImage(width: image.width, height: image.height, samples: samples)
    }
}

/// `output[i] = ~input[i]`, 16 samples per step.
private func flipBits(_ input: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
    var index = 0
    while index + 16 <= count {
        let vector = UnsafeRawPointer(input + index).loadUnaligned(as: SIMD16<UInt8>.self)
        UnsafeMutableRawPointer(output + index).storeBytes(of: ~vector, as: SIMD16<UInt8>.self)
        index += 16
    }
    while index < count {
        output[index] = ~input[index]
        index += 1
    }
}

extension FilterKind {
    public static let invert = FilterKind(
        "invert", reproduces: "CIColorInvert",
        summary: "negative (fully from 25%; below, blended with the image)",
        parameter: .blendAmount, nanosecondsPerPixel: 1, defaultSweep: FilterKind.blendSweep,
        apply: { Invert(amount: $0).apply(to: $1, in: $2.space) })
}
