/// Each pixel's luminance as an 8-bit level of the working space's encoding, and how many
/// pixels have each level: what the black-and-white filters threshold.
///
/// Luminance is Y = 0.2126 R + 0.7152 G + 0.0722 B (Rec. 709) on working-space values, then
/// encoded back to the nearest level (in linear light, the sRGB level of the linear Y), so
/// a grey pixel's level is its own and levels compare the way a reader sees brightness.
struct LuminanceLevels {
    static let weights = (red: 0.2126, green: 0.7152, blue: 0.0722)

    let width: Int
    let height: Int
    /// One level per pixel, row by row.
    let levels: [UInt8]
    /// Pixels at each of the 256 levels; empty unless asked for.
    let histogram: [Int]

    init(_ image: RGBImage, in space: WorkingSpace, histogram wanted: Bool = false) {
        let pixels = image.pixelCount
        // Pieces of the image, each with its own histogram so that no counts are shared.
        let pieces = max(1, min(Parallel.cores * 4, pixels / Parallel.minimumChunk))
        var counts = [Int](repeating: 0, count: wanted ? pieces * 256 : 0)
        levels = space.withSampleCoding { coding in
            let tables = WeightedTables(coding.table)
            return image.withUnsafeSamples { input in
                [UInt8](unsafeUninitializedCapacity: pixels) { output, initialized in
                    let output = UnsafeSendable(output.baseAddress!)
                    counts.withUnsafeMutableBufferPointer { counts in
                        let counts = UnsafeSendable(counts.baseAddress!)
                        Parallel.forEachChunk(of: pieces, minimumChunk: 1) { range in
                            for piece in range {
                                let start = pixels * piece / pieces, end = pixels * (piece + 1) / pieces
                                tables.levels(input.baseAddress! + 3 * start, count: end - start, coding: coding,
                                              into: output.value + start)
                                if wanted {
                                    count(output.value + start, end - start, into: counts.value + piece * 256)
                                }
                            }
                        }
                    }
                    initialized = pixels
                }
            }
        }
        var histogram = [Int](repeating: 0, count: wanted ? 256 : 0)
        for piece in 0..<(wanted ? pieces : 0) {
            for level in 0..<256 { histogram[level] += counts[piece * 256 + level] }
        }
        self.width = image.width
        self.height = image.height
        self.histogram = histogram
    }
}

/// The decoding table times each channel's luminance weight, so that a pixel's luminance
/// is three lookups and two additions.
private struct WeightedTables {
    let red: [Float], green: [Float], blue: [Float]

    init(_ table: UnsafeBufferPointer<Float>) {
        let weights = LuminanceLevels.weights
        red = table.map { Float(Double($0) * weights.red) }
        green = table.map { Float(Double($0) * weights.green) }
        blue = table.map { Float(Double($0) * weights.blue) }
    }

    /// The levels of `count` RGB pixels, a block of luminances at a time through the
    /// vectorised encoding.
    func levels(_ input: UnsafePointer<UInt8>, count: Int, coding: SampleCoding,
                into output: UnsafeMutablePointer<UInt8>) {
        let block = 4096
        withUnsafeTemporaryAllocation(of: Float.self, capacity: block) { luminance in
            let luminance = luminance.baseAddress!
            red.withUnsafeBufferPointer { red in
                green.withUnsafeBufferPointer { green in
                    blue.withUnsafeBufferPointer { blue in
                        var start = 0
                        while start < count {
                            let length = min(block, count - start)
                            let pixels = input + 3 * start
                            for index in 0..<length {
                                let pixel = pixels + 3 * index
                                luminance[index] = red[Int(pixel[0])] + green[Int(pixel[1])] + blue[Int(pixel[2])]
                            }
                            coding.encode(luminance, count: length, into: output + start)
                            start += length
                        }
                    }
                }
            }
        }
    }
}

/// Adds the levels of `count` pixels to a 256-bin histogram. Four partial histograms let
/// runs of equal levels (paper, ink) increment different counters instead of waiting on one.
private func count(_ levels: UnsafePointer<UInt8>, _ count: Int, into histogram: UnsafeMutablePointer<Int>) {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * 256) { partial in
        let partial = partial.baseAddress!
        partial.initialize(repeating: 0, count: 4 * 256)
        var index = 0
        while index + 4 <= count {
            partial[Int(levels[index])] += 1
            partial[256 + Int(levels[index + 1])] += 1
            partial[512 + Int(levels[index + 2])] += 1
            partial[768 + Int(levels[index + 3])] += 1
            index += 4
        }
        while index < count {
            partial[Int(levels[index])] += 1
            index += 1
        }
        for level in 0..<256 {
            histogram[level] = partial[level] + partial[256 + level] + partial[512 + level] + partial[768 + level]
        }
    }
}
