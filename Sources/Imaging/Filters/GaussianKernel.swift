#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sampled Gaussian kernel out to 4σ, normalised to sum 1, for the small σ where the
/// recursive filter is not accurate enough. Borders replicate the edge sample.
struct GaussianKernel {
    /// Weights for offsets 0...radius; the kernel is symmetric.
    let weights: [Float]

    init(sigma: Double) {
        let radius = max(1, Int((4 * sigma).rounded(.up)))
        let raw = (0...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        weights = raw.map { Float($0 / total) }
    }

    var radius: Int { weights.count - 1 }

    func blurRows(_ values: UnsafeMutableBufferPointer<Float>, width: Int, height: Int) {
        let values = UnsafeSendable(values)
        let padded = width + 2 * radius
        Parallel.forEachChunk(of: height, minimumChunk: max(1, Parallel.minimumChunk / (width * 3))) { rows in
            var line = [Float](repeating: 0, count: padded)
            line.withUnsafeMutableBufferPointer { line in
                weights.withUnsafeBufferPointer { weights in
                    for row in rows {
                        for channel in 0..<3 {
                            let start = values.value.baseAddress! + row * width * 3 + channel
                            convolve(start, count: width, stride: 3, weights: weights, padded: line.baseAddress!)
                        }
                    }
                }
            }
        }
    }

    /// Each output row is the weighted sum of whole input rows, so every access is
    /// sequential in memory; rows in parallel.
    func blurColumns(_ values: UnsafeMutableBufferPointer<Float>, width: Int, height: Int) {
        let rowLength = width * 3
        let source = Array(values)
        let values = UnsafeSendable(values)
        source.withUnsafeBufferPointer { source in
            weights.withUnsafeBufferPointer { weights in
                let radius = weights.count - 1
                Parallel.forEachChunk(of: height, minimumChunk: max(1, Parallel.minimumChunk / rowLength)) { rows in
                    for n in rows {
                        let output = values.value.baseAddress! + n * rowLength
                        let center = source.baseAddress! + n * rowLength
                        for i in 0..<rowLength { output[i] = weights[0] * center[i] }
                        for k in 1...radius {
                            let above = source.baseAddress! + max(n - k, 0) * rowLength
                            let below = source.baseAddress! + min(n + k, height - 1) * rowLength
                            let weight = weights[k]
                            for i in 0..<rowLength { output[i] += weight * (above[i] + below[i]) }
                        }
                    }
                }
            }
        }
    }

    /// Convolves one line in place, through a copy padded with the edge values.
    private func convolve(_ line: UnsafeMutablePointer<Float>, count: Int, stride step: Int,
                          weights: UnsafeBufferPointer<Float>, padded: UnsafeMutablePointer<Float>) {
        let radius = weights.count - 1
        for i in 0..<radius { padded[i] = line[0] }
        for n in 0..<count { padded[radius + n] = line[n * step] }
        for i in 0..<radius { padded[radius + count + i] = line[(count - 1) * step] }
        for n in 0..<count {
            let center = padded + radius + n
            var sum = weights[0] * center[0]
            for k in 1...radius { sum += weights[k] * (center[k] + center[-k]) }
            line[n * step] = sum
        }
    }
}
