/// A large Gaussian blur computed on a shrunken image.
///
/// The image is averaged down by `factor` in each direction, blurred there by the σ that
/// remains, and enlarged back by bilinear interpolation. Averaging over blocks of k pixels
/// and interpolating between their centres are blurs themselves, with variances
/// (k² − 1)/12 and, on average over the pixel positions, about k²/6; the blur on the
/// shrunken image supplies the rest of σ², so the whole has the variance of the Gaussian
/// asked for. The factor leaves about 1.5 pixels of σ on the shrunken image, where the
/// Gaussian has already removed what the shrinking could alias, so the result stays within
/// a fraction of a level of the exact blur.
///
/// The enlarging interpolates 8-bit levels (encoded once per shrunken pixel) rather than
/// linear values, so that each output sample is a multiply-add instead of an encoding;
/// across one block of a blurred image the difference is far below a level.
struct ScaledGaussian {
    /// The σ the blur on the shrunken image should have, at least.
    static let shrunkenSigma = 1.5

    let sigma: Double
    /// Pixels per block in each direction; 1 when the image is not worth shrinking.
    let factor: Int

    init(sigma: Double, width: Int, height: Int) {
        self.sigma = sigma
        // At least four blocks across the shorter side, so that there is a shape to enlarge.
        let largest = max(1, min(width, height) / 4)
        factor = max(1, min(Int(sigma / Self.shrunkenSigma), largest))
    }

    /// σ of the blur on the shrunken image, in its pixels.
    var remainingSigma: Double {
        let k = Double(factor)
        let averaging = (k * k - 1) / 12
        // Bilinear weights (1 − t, t) at fractional position t spread a sample by t(1 − t),
        // in blocks²; the output positions cycle through k values of t.
        let interpolating = (0..<factor).map { j -> Double in
            let position = (Double(j) - (k - 1) / 2) / k
            let t = position - position.rounded(.down)
            return t * (1 - t) * k * k
        }.reduce(0, +) / k
        return (sigma * sigma - averaging - interpolating).squareRoot() / k
    }

    func apply(to image: RGBImage, in space: WorkingSpace) -> RGBImage {
        let columns = BlockAxis(length: image.width, factor: factor)
        let rows = BlockAxis(length: image.height, factor: factor)
        return space.withSampleCoding { coding in
            var shrunken = shrink(image, columns: columns, rows: rows, coding: coding)
            let levels = blurToLevels(&shrunken, width: columns.count, height: rows.count, coding: coding)
            return enlarge(levels, columns: columns, rows: rows)
        }
    }

    // MARK: Shrinking

    /// The working-space mean of each block, including the blocks of replicated edge, and
    /// one more value, 0, so that the last pixel can be read four samples wide.
    private func shrink(_ image: RGBImage, columns: BlockAxis, rows: BlockAxis, coding: SampleCoding) -> [Float] {
        precondition(factor >= 2, "shrinking by a factor below 2")
        let (height, rowLength) = (image.height, image.bytesPerRow)
        let smallRowLength = columns.count * 3
        let scale = 1 / Float(factor * factor)
        let count = smallRowLength * rows.count + 1
        return image.withUnsafeSamples { input in
            [Float](unsafeUninitializedCapacity: count) { output, initialized in
                let output = UnsafeSendable(output.baseAddress!)
                Parallel.forEachChunk(of: rows.count, minimumChunk: 1) { blockRows in
                    // One pixel of slack, for the four-wide loads of the last pixel.
                    let sums = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + 1)
                    defer { sums.deallocate() }
                    sums[rowLength] = 0
                    for blockRow in blockRows {
                        // Sum the block's rows, then the sums across each block's columns.
                        let top = rows.firstPixel(ofBlock: blockRow)
                        func row(_ y: Int) -> UnsafePointer<UInt8> {
                            input.baseAddress! + min(max(y, 0), height - 1) * rowLength
                        }
                        addPair(row(top), row(top + 1), count: rowLength, into: sums, coding: coding)
                        for y in stride(from: top + 2, to: top + factor - 1, by: 2) {
                            addPair(row(y), row(y + 1), count: rowLength, into: sums, coding: coding, accumulating: true)
                        }
                        if factor % 2 == 1 {
                            addPair(row(top + factor - 1), nil, count: rowLength, into: sums, coding: coding,
                                    accumulating: true)
                        }
                        sumBlocks(sums, columns: columns, scale: scale, into: output.value + blockRow * smallRowLength)
                    }
                }
                output.value[count - 1] = 0
                initialized = count
            }
        }
    }

    /// Sets `sums` to (or, accumulating, adds to it) the working-space values of one or two
    /// rows of samples. Two rows at a time halve the passes over `sums`.
    private func addPair(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>?, count: Int,
                         into sums: UnsafeMutablePointer<Float>, coding: SampleCoding, accumulating: Bool = false) {
        let table = coding.table.baseAddress!
        switch (second, accumulating) {
        case (let second?, false):
            for index in 0..<count { sums[index] = table[Int(first[index])] + table[Int(second[index])] }
        case (let second?, true):
            for index in 0..<count { sums[index] += table[Int(first[index])] + table[Int(second[index])] }
        case (nil, _):
            for index in 0..<count { sums[index] += table[Int(first[index])] }
        }
    }

    /// `scale` × the sum of each block's pixels in a row of column sums; blocks reaching past
    /// either end count the edge pixel for each pixel beyond it. Pixels are stored four
    /// samples wide, the fourth overwritten by the next block, except the last.
    private func sumBlocks(_ sums: UnsafeMutablePointer<Float>, columns: BlockAxis, scale: Float,
                           into output: UnsafeMutablePointer<Float>) {
        let last = columns.length - 1
        @inline(__always) func pixel(_ x: Int) -> SIMD4<Float> {
            UnsafeRawPointer(sums + 3 * x).loadUnaligned(as: SIMD4<Float>.self)
        }
        for block in 0..<columns.count {
            let left = columns.firstPixel(ofBlock: block), right = left + factor
            var sum = SIMD4<Float>.zero
            if left >= 0 && right <= columns.length {
                for x in left..<right { sum += pixel(x) }
            } else {
                for x in left..<right { sum += pixel(min(max(x, 0), last)) }
            }
            sum *= scale
            if block < columns.count - 1 {
                UnsafeMutableRawPointer(output + 3 * block).storeBytes(of: sum, as: SIMD4<Float>.self)
            } else {
                (output[3 * block], output[3 * block + 1], output[3 * block + 2]) = (sum[0], sum[1], sum[2])
            }
        }
    }

    /// Blurs the shrunken image by the remaining σ and returns it as continuous 8-bit levels,
    /// keeping the extra value at the end.
    private func blurToLevels(_ values: inout [Float], width: Int, height: Int, coding: SampleCoding) -> [Float] {
        let sigma = remainingSigma
        let rowLength = width * 3
        guard sigma < GaussianBlur.kernelBelow else {
            values.withUnsafeMutableBufferPointer { values in
                RecursiveGaussian(sigma: sigma).apply(to: values, width: width, height: height)
                coding.levels(values.baseAddress!, count: values.count, into: values.baseAddress!)
            }
            return values
        }
        return values.withUnsafeBufferPointer { values in
            [Float](unsafeUninitializedCapacity: values.count) { output, initialized in
                let output = UnsafeSendable(output.baseAddress!)
                GaussianKernel(sigma: sigma).blur(
                    width: width, height: height,
                    load: { y, row in row.update(from: values.baseAddress! + y * rowLength, count: rowLength) },
                    store: { y, row in coding.levels(row, count: rowLength, into: output.value + y * rowLength) })
                output.value[values.count - 1] = 0
                initialized = values.count
            }
        }
    }

    // MARK: Enlarging

    /// The full-size image, bilinear between block centres: each shrunken row is first
    /// stretched to the full width, then each output row is a blend of two stretched rows.
    private func enlarge(_ levels: [Float], columns: BlockAxis, rows: BlockAxis) -> RGBImage {
        let (width, height) = (columns.length, rows.length)
        let rowLength = width * 3
        let smallRowLength = columns.count * 3
        let stretching = Stretching(columns)
        let count = rowLength * height
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            levels.withUnsafeBufferPointer { levels in
                Parallel.forEachChunk(of: height, minimumChunk: max(1, height / (Parallel.cores * 2))) { outputRows in
                    var upper = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + 1)
                    var lower = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + 1)
                    defer { upper.deallocate(); lower.deallocate() }
                    var stretched: Int?  // the shrunken row held in `upper`; `lower` holds the next
                    for y in outputRows {
                        let (block, t) = rows.interpolation(atPixel: y)
                        if block != stretched {
                            let source = levels.baseAddress! + block * smallRowLength
                            if let stretched, block == stretched + 1 {
                                swap(&upper, &lower)
                            } else {
                                stretching.apply(source, into: upper)
                            }
                            stretching.apply(source + smallRowLength, into: lower)
                            stretched = block
                        }
                        blend(upper, lower, t: t, count: rowLength, into: output.value + y * rowLength)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// `count` samples of `upper + t·(lower − upper)`, rounded to bytes.
    private func blend(_ upper: UnsafePointer<Float>, _ lower: UnsafePointer<Float>, t: Float, count: Int,
                       into output: UnsafeMutablePointer<UInt8>) {
        var index = 0
        while index + 8 <= count {
            let a = UnsafeRawPointer(upper + index).loadUnaligned(as: SIMD8<Float>.self)
            let b = UnsafeRawPointer(lower + index).loadUnaligned(as: SIMD8<Float>.self)
            storeRounded(a + t * (b - a), to: output + index)
            index += 8
        }
        while index < count {
            output[index] = UInt8(upper[index] + t * (lower[index] - upper[index]) + 0.5)
            index += 1
        }
    }
}

/// Interpolates a shrunken row to every output pixel: for each, the shrunken pixel at or
/// before it, and the fraction of the way to the next.
private struct Stretching {
    let source: [Int]
    let fraction: [Float]

    init(_ columns: BlockAxis) {
        (source, fraction) = (0..<columns.length).reduce(into: ([Int](), [Float]())) { result, x in
            let (block, t) = columns.interpolation(atPixel: x)
            result.0.append(block)
            result.1.append(t)
        }
    }

    /// Writes `3 × source.count` samples and one more, which `output` must have room for:
    /// each pixel is stored four samples wide, the fourth overwritten by the next pixel.
    func apply(_ row: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        source.withUnsafeBufferPointer { source in
            fraction.withUnsafeBufferPointer { fraction in
                for x in 0..<source.count {
                    let left = UnsafeRawPointer(row + 3 * source[x]).loadUnaligned(as: SIMD4<Float>.self)
                    let right = UnsafeRawPointer(row + 3 * source[x] + 3).loadUnaligned(as: SIMD4<Float>.self)
                    let pixel = left + fraction[x] * (right - left)
                    UnsafeMutableRawPointer(output + 3 * x).storeBytes(of: pixel, as: SIMD4<Float>.self)
                }
            }
        }
    }
}

/// How one axis of the image is divided into the blocks of the shrunken image: whole
/// blocks centred on the image, and one more block of replicated edge beyond each end, so
/// that interpolation near the border has a neighbour on both sides.
struct BlockAxis {
    /// Pixels along the axis.
    let length: Int
    let factor: Int
    /// Blocks, including the two of edge.
    let count: Int
    /// Block 0 starts this many pixels before pixel 0.
    let offset: Int

    init(length: Int, factor: Int) {
        let inner = (length + factor - 1) / factor
        self.length = length
        self.factor = factor
        count = inner + 2
        offset = factor + (inner * factor - length) / 2
    }

    /// The first pixel a block covers; pixels outside 0..<length are the replicated edge.
    func firstPixel(ofBlock block: Int) -> Int { block * factor - offset }

    /// The block whose centre is at or before the pixel's, and the fraction of the way to
    /// the next block's centre.
    func interpolation(atPixel pixel: Int) -> (block: Int, t: Float) {
        let position = (Double(pixel + offset) - Double(factor - 1) / 2) / Double(factor)
        let block = Int(position.rounded(.down))
        return (block, Float(position - Double(block)))
    }
}
