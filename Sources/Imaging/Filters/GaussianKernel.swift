#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sampled Gaussian kernel out to 4σ, normalised to sum 1, applied as two direct passes,
/// for the small σ where the recursive filter is not accurate enough. Borders replicate the
/// edge pixel.
///
/// Rows stream through: each is read, blurred along its length into a ring of the last
/// 2·radius + 1 rows, and the output row is the weighted sum down the ring, so the image is
/// read and written once and everything in between stays in cache.
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

    /// The blurred 8-bit image, decoded and encoded on the way through.
    func apply(to image: RGBImage, in space: WorkingSpace) -> RGBImage {
        let (width, height, rowLength) = (image.width, image.height, image.bytesPerRow)
        let count = image.samples.count
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            space.withSampleCoding { coding in
                image.withUnsafeSamples { input in
                    blur(width: width, height: height,
                         load: { y, row in coding.decode(input.baseAddress! + y * rowLength, count: rowLength, into: row) },
                         store: { y, row in coding.encode(row, count: rowLength, into: output.value + y * rowLength) })
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// The streaming blur. `load(y, row)` writes row y's `width × 3` working-space values
    /// into `row`; `store(y, row)` receives the blurred row y. Bands of rows run in parallel,
    /// each priming its ring with the rows above its first.
    func blur(width: Int, height: Int, load: (Int, UnsafeMutablePointer<Float>) -> Void,
                      store: (Int, UnsafeMutablePointer<Float>) -> Void) {
        let radius = self.radius
        let rowLength = width * 3
        // Vector loops run to a whole number of vectors; the excess is scratch, never stored.
        let stride = (rowLength + 7) / 8 * 8
        let taps = 2 * radius + 1
        let bands = min(height, Parallel.cores * 2)
        withoutActuallyEscaping(load) { load in
            withoutActuallyEscaping(store) { store in
                let (load, store) = (UnsafeSendable(load), UnsafeSendable(store))
                Parallel.forEachChunk(of: height, minimumChunk: max(1, height / bands)) { rows in
                    // A line with `radius` pixels of edge on each side, plus one vector of slack.
                    let line = UnsafeMutablePointer<Float>.allocate(capacity: stride + 6 * radius + 8)
                    let ring = UnsafeMutablePointer<Float>.allocate(capacity: stride * taps)
                    let output = UnsafeMutablePointer<Float>.allocate(capacity: stride)
                    defer { line.deallocate(); ring.deallocate(); output.deallocate() }
                    line.initialize(repeating: 0, count: stride + 6 * radius + 8)
                    // Ring slot for source row m (unclamped): m mod taps.
                    func slot(_ m: Int) -> UnsafeMutablePointer<Float> { ring + ((m % taps + taps) % taps) * stride }
                    func fill(_ m: Int) {
                        load.value(min(max(m, 0), height - 1), line + 3 * radius)
                        blurLine(line, width: width, into: slot(m), stride: stride)
                    }
                    for m in (rows.lowerBound - radius)..<(rows.lowerBound + radius) { fill(m) }
                    for y in rows {
                        fill(y + radius)
                        sumDown(ring: slot, center: y, into: output, stride: stride)
                        store.value(y, output)
                    }
                }
            }
        }
    }

    /// Blurs one padded line along its length. The line holds `width` RGB pixels from
    /// offset `3·radius`; the pads are set here to the edge pixels.
    private func blurLine(_ line: UnsafeMutablePointer<Float>, width: Int, into output: UnsafeMutablePointer<Float>,
                          stride: Int) {
        let radius = self.radius
        let start = line + 3 * radius, end = start + 3 * width
        for pad in 0..<radius {
            for channel in 0..<3 {
                line[3 * pad + channel] = start[channel]
                end[3 * pad + channel] = end[channel - 3]
            }
        }
        weights.withUnsafeBufferPointer { weights in
            var index = 0
            while index < stride {
                let center = start + index
                var sum = weights[0] * load8(center)
                for tap in 1...radius {
                    sum += weights[tap] * (load8(center - 3 * tap) + load8(center + 3 * tap))
                }
                UnsafeMutableRawPointer(output + index).storeBytes(of: sum, as: SIMD8<Float>.self)
                index += 8
            }
        }
    }

    /// The weighted sum of ring rows `center − radius … center + radius` into `output`.
    private func sumDown(ring: (Int) -> UnsafeMutablePointer<Float>, center: Int, into output: UnsafeMutablePointer<Float>,
                         stride: Int) {
        let radius = self.radius
        weights.withUnsafeBufferPointer { weights in
            let middle = ring(center)
            var index = 0
            while index < stride {
                UnsafeMutableRawPointer(output + index).storeBytes(of: weights[0] * load8(middle + index), as: SIMD8<Float>.self)
                index += 8
            }
            for tap in 1...radius {
                let (above, below, weight) = (ring(center - tap), ring(center + tap), weights[tap])
                index = 0
                while index < stride {
                    let sum = load8(output + index) + weight * (load8(above + index) + load8(below + index))
                    UnsafeMutableRawPointer(output + index).storeBytes(of: sum, as: SIMD8<Float>.self)
                    index += 8
                }
            }
        }
    }
}

@inline(__always)
private func load8(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
}
