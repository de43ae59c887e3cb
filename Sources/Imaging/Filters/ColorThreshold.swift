/// Core Image's `CIColorThreshold`: each of R, G and B becomes 1 where its working-space
/// value is strictly greater than the threshold, 0 otherwise.
///
/// Per channel, not on luminance: a coloured pixel can come out magenta or cyan. A threshold
/// of 1 or more gives black.
public struct ColorThreshold: Sendable {
    public let threshold: Double

    public init(threshold: Double) {
        precondition(threshold.isFinite, "the threshold must be a number")
        self.threshold = threshold
    }

    /// The thresholded image.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        let cutoff = firstLevelAbove(in: space)
        var output = image
        output.withUnsafeMutableSamples { samples in
            let samples = UnsafeSendable(samples)
            Parallel.forEachChunk(of: samples.value.count, minimumChunk: 1 << 20) { range in
                setLevels(samples.value.baseAddress! + range.lowerBound, count: range.count, from: cutoff)
            }
        }
        return output
    }

    /// The lowest 8-bit level whose working-space value is above the threshold (256 if none).
    /// Levels are increasing in every working space, so the filter is a single comparison
    /// of each sample with this level. Compared in single precision, as Core Image's float
    /// pipeline does.
    func firstLevelAbove(in space: WorkingSpace) -> Int {
        let threshold = Float(self.threshold)
        return space.decodingTable.firstIndex { $0 > threshold } ?? 256
    }
}

/// Sets each sample to 255 if it is at least `cutoff`, else 0; 16 samples per step, whose
/// comparison mask (all ones where true) is the result itself.
private func setLevels(_ samples: UnsafeMutablePointer<UInt8>, count: Int, from cutoff: Int) {
    guard cutoff <= 255 else {
        samples.update(repeating: 0, count: count)
        return
    }
    let level = UInt8(cutoff)
    let limit = SIMD16<UInt8>(repeating: level)
    var index = 0
    while index + 16 <= count {
        let raw = UnsafeMutableRawPointer(samples + index)
        let mask = raw.loadUnaligned(as: SIMD16<UInt8>.self) .>= limit
        raw.storeBytes(of: unsafeBitCast(mask, to: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        index += 16
    }
    while index < count {
        samples[index] = samples[index] >= level ? 255 : 0
        index += 1
    }
}

extension FilterKind {
    /// The brief's binarize: a threshold of 0.5 × intensity per channel, on the original.
    public static let binarize = FilterKind(
        "binarize", reproduces: "CIColorThreshold",
        summary: "colour threshold at 25% (0.5 × intensity, per channel) on the original",
        parameter: .init(name: "threshold", symbol: ">", title: "threshold (working space)") { 0.5 * $0 },
        isBriefSegment: true, nanosecondsPerPixel: 1,
        // The whole range of thresholds a page's ink can be in.
        defaultSweep: { _ in evenly(from: 0.1, to: 1.9, steps: 13) },
        apply: { ColorThreshold(threshold: $0).apply(to: $1, in: $2.space) })
}
