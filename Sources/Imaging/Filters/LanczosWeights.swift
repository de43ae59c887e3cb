#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Lanczos-3 taps of one axis of a resampling: for each output coordinate, the first
/// source coordinate it reads and `taps` weights for that and the following coordinates.
///
/// Computed once per axis, so the passes over the pixels only multiply and add. Output
/// coordinate o samples the source at (o + 0.5) / scale − 0.5, which keeps pixel centres
/// aligned (the image's edges map to the output's edges). When shrinking, the kernel is
/// stretched by 1 / scale so that it also removes what the coarser grid cannot hold.
/// Weights are normalised to sum 1, so a constant stays constant.
struct LanczosWeights {
    /// The kernel's half-width in the kernel's own units.
    static let lobes = 3.0

    /// Weights per output coordinate; the last ones are 0 where the kernel is narrower.
    let taps: Int
    /// The first source coordinate of each output coordinate; may lie outside the source,
    /// where the caller replicates the edge.
    let first: [Int]
    /// `taps` weights per output coordinate, one after another.
    let weights: [Float]

    init(input: Int, output: Int, scale: Double) {
        precondition(input > 0 && output > 0 && scale > 0 && scale.isFinite)
        let stretch = min(scale, 1)
        let support = Self.lobes / stretch
        let taps = max(1, Int((2 * support).rounded(.up)))
        var first = [Int](repeating: 0, count: output)
        var weights = [Float](repeating: 0, count: output * taps)
        var raw = [Double](repeating: 0, count: taps)
        for o in 0..<output {
            let centre = (Double(o) + 0.5) / scale - 0.5
            let start = Int((centre - support).rounded(.down)) + 1
            var total = 0.0
            for t in 0..<taps {
                raw[t] = Self.kernel((Double(start + t) - centre) * stretch)
                total += raw[t]
            }
            first[o] = start
            for t in 0..<taps { weights[o * taps + t] = Float(raw[t] / total) }
        }
        self.taps = taps
        self.first = first
        self.weights = weights
    }

    /// sinc(x)·sinc(x / 3) inside ±3, 0 outside.
    static func kernel(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let px = Double.pi * x
        return lobes * sin(px) * sin(px / lobes) / (px * px)
    }

    /// Source coordinates the taps reach before 0 and after `input − 1`, so that a line
    /// padded by these many replicated edge pixels serves every tap without a bounds check.
    func padding(input: Int) -> (before: Int, after: Int) {
        let lowest = first.min() ?? 0
        let highest = (first.max() ?? 0) + taps - 1
        return (max(0, -lowest), max(0, highest - (input - 1)))
    }
}
