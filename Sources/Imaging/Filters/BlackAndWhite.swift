/// Black-and-white RGB images from per-pixel decisions, for the threshold filters.
enum BlackAndWhite {
    /// White (255, 255, 255) where a pixel's level is at least `whiteFrom`, black elsewhere;
    /// `whiteFrom` 256 gives all black.
    static func image(width: Int, height: Int, levels: [UInt8], whiteFrom cutoff: Int) -> RGBImage {
        precondition(levels.count == width * height)
        let samples = [UInt8](unsafeUninitializedCapacity: levels.count * 3) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            levels.withUnsafeBufferPointer { levels in
                Parallel.forEachChunk(of: levels.count) { range in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { greys in
                        var start = range.lowerBound
                        while start < range.upperBound {
                            let count = min(greys.count, range.upperBound - start)
                            decide(levels.baseAddress! + start, count: count, whiteFrom: cutoff, into: greys.baseAddress!)
                            expand(greys.baseAddress!, count: count, into: output.value + 3 * start)
                            start += count
                        }
                    }
                }
            }
            initialized = levels.count * 3
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// 255 where a level is at least `cutoff`, else 0.
    private static func decide(_ levels: UnsafePointer<UInt8>, count: Int, whiteFrom cutoff: Int,
                               into greys: UnsafeMutablePointer<UInt8>) {
        guard cutoff <= 255 else {
            greys.update(repeating: 0, count: count)
            return
        }
        let threshold = UInt8(max(0, cutoff))
        for index in 0..<count { greys[index] = levels[index] >= threshold ? 255 : 0 }
    }

    /// Each grey level as an RGB pixel of three equal samples. Pixels are stored four bytes
    /// wide, the fourth overwritten by the next pixel: one store per pixel instead of three.
    static func expand(_ greys: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        guard count > 0 else { return }
        let raw = UnsafeMutableRawPointer(output)
        for index in 0..<(count - 1) {
            raw.storeBytes(of: UInt32(greys[index]) &* 0x0101_0101, toByteOffset: 3 * index, as: UInt32.self)
        }
        let last = greys[count - 1]
        (output[3 * count - 3], output[3 * count - 2], output[3 * count - 1]) = (last, last, last)
    }
}
