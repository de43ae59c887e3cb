/// Separable resampling: each source row is decoded and resampled along its length, then
/// each output row is a weighted sum down the resampled rows it needs, encoded straight to
/// 8 bits.
///
/// Source rows stream through a ring of the last `rows.taps` resampled rows, so working
/// memory is a few output-width rows per worker however large the image (a full
/// intermediate image of floats would be 288 MB for a 2x enlargement of 12 megapixels).
/// Bands of output rows run in parallel, each filling its own ring; a source row is
/// resampled once per band that reads it.
struct LanczosResampler {
    let columns: LanczosWeights
    let rows: LanczosWeights

    func apply(to image: RGBImage, in space: WorkingSpace) -> RGBImage {
        let outputWidth = columns.first.count, outputHeight = rows.first.count
        let outputRowLength = outputWidth * 3
        let count = outputRowLength * outputHeight
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            space.withSampleCoding { coding in
                image.withUnsafeSamples { input in
                    let bands = min(outputHeight, Parallel.cores * 2)
                    Parallel.forEachChunk(of: outputHeight, minimumChunk: max(1, outputHeight / bands)) { band in
                        resample(input.baseAddress!, width: image.width, height: image.height, band: band,
                                 coding: coding, into: output.value)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: outputWidth, height: outputHeight, samples: samples)
    }

    /// Output rows `band`, written to `output`.
    private func resample(_ input: UnsafePointer<UInt8>, width: Int, height: Int, band: Range<Int>,
                          coding: SampleCoding, into output: UnsafeMutablePointer<UInt8>) {
        let outputRowLength = columns.first.count * 3
        // Vector loops run to a whole number of vectors; the excess is scratch, never stored.
        let stride = (outputRowLength + 7) / 8 * 8 + 8
        let taps = rows.taps
        let pad = columns.padding(input: width)
        // The decoded source row with `pad` replicated pixels each side, and one sample of
        // slack for four-wide loads of the last pixel.
        let lineLength = (pad.before + width + pad.after) * 3 + 1
        let line = UnsafeMutablePointer<Float>.allocate(capacity: lineLength)
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: stride * taps)
        let sources = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: taps)
        defer { line.deallocate(); ring.deallocate(); sources.deallocate() }
        line[lineLength - 1] = 0
        ring.initialize(repeating: 0, count: stride * taps)

        // Ring slot of source row m (unclamped): m mod taps. The rows an output row reads
        // are `taps` consecutive ones, so they never share a slot.
        func slot(_ m: Int) -> UnsafeMutablePointer<Float> { ring + ((m % taps + taps) % taps) * stride }
        var filledThrough = Int.min
        rows.weights.withUnsafeBufferPointer { rowWeights in
            for y in band {
                let first = rows.first[y]
                for m in max(first, filledThrough == Int.min ? first : filledThrough + 1)..<(first + taps) {
                    let source = input + min(max(m, 0), height - 1) * width * 3
                    decodePadded(source, width: width, pad: pad, coding: coding, into: line)
                    resampleLine(line + 3 * pad.before, into: slot(m))
                }
                filledThrough = max(filledThrough, first + taps - 1)
                for t in 0..<taps { sources[t] = UnsafePointer(slot(first + t)) }
                sumDown(sources, weights: rowWeights.baseAddress! + y * taps, taps: taps, count: outputRowLength,
                        coding: coding, into: output + y * outputRowLength)
            }
        }
    }

    /// Working-space values of one source row, with the edge pixels replicated into the pads.
    private func decodePadded(_ source: UnsafePointer<UInt8>, width: Int, pad: (before: Int, after: Int),
                              coding: SampleCoding, into line: UnsafeMutablePointer<Float>) {
        let start = line + 3 * pad.before
        coding.decode(source, count: width * 3, into: start)
        let end = start + 3 * width
        for index in 0..<pad.before {
            (line[3 * index], line[3 * index + 1], line[3 * index + 2]) = (start[0], start[1], start[2])
        }
        for index in 0..<pad.after {
            (end[3 * index], end[3 * index + 1], end[3 * index + 2]) = (end[-3], end[-2], end[-1])
        }
    }

    /// Resamples one padded line along its length; `base` is its source pixel 0, with the
    /// pads before and after. Pixels are read and written four samples wide; each write's
    /// fourth sample is overwritten by the next pixel or is slack.
    private func resampleLine(_ base: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        let taps = columns.taps
        columns.first.withUnsafeBufferPointer { first in
            columns.weights.withUnsafeBufferPointer { weights in
                var weight = weights.baseAddress!
                for x in 0..<first.count {
                    var pixel = base + 3 * first[x]
                    var sum = SIMD4<Float>.zero
                    for _ in 0..<taps {
                        sum += weight.pointee * UnsafeRawPointer(pixel).loadUnaligned(as: SIMD4<Float>.self)
                        weight += 1
                        pixel += 3
                    }
                    UnsafeMutableRawPointer(output + 3 * x).storeBytes(of: sum, as: SIMD4<Float>.self)
                }
            }
        }
    }

    /// One output row: the weighted sum of `taps` resampled rows, encoded to 8 bits.
    private func sumDown(_ sources: UnsafeMutablePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>,
                         taps: Int, count: Int, coding: SampleCoding, into output: UnsafeMutablePointer<UInt8>) {
        var index = 0
        while index < count {
            var sum = weights[0] * UnsafeRawPointer(sources[0] + index).loadUnaligned(as: SIMD8<Float>.self)
            for t in 1..<taps {
                sum += weights[t] * UnsafeRawPointer(sources[t] + index).loadUnaligned(as: SIMD8<Float>.self)
            }
            let levels = coding.levels(sum)
            if index + 8 <= count {
                storeRounded(levels, to: output + index)
            } else {
                for lane in 0..<(count - index) { output[index + lane] = UInt8(levels[lane] + 0.5) }
            }
            index += 8
        }
    }
}
