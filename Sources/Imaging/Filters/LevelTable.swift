#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A filter that maps each 8-bit level to another on its own, as 256 output levels.
///
/// Filters whose result for a sample depends on nothing but that sample (contrast, a partial
/// invert) are computed exactly once per level, in double precision, and the image is then
/// one table look-up per sample: cheaper than decoding and encoding 36 million values, and
/// exact where a single-precision pipeline would round.
struct LevelTable: Sendable {
    /// The output level of each input level.
    let levels: [UInt8]

    /// The table of `value`, which gives the working-space value of the output for each input
    /// level (0...255); values outside 0...1 are clamped, as Core Image clamps on output.
    init(in space: WorkingSpace, value: (Int) -> Double) {
        levels = (0...255).map { space.nearestLevel(to: value($0)) }
    }

    /// The image with every sample looked up in the table.
    func apply(to image: RGBImage) -> RGBImage {
        let count = image.samples.count
        let samples = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let output = UnsafeSendable(output.baseAddress!)
            levels.withUnsafeBufferPointer { table in
                image.withUnsafeSamples { input in
                    Parallel.forEachChunk(of: count, minimumChunk: 1 << 20) { range in
                        lookUp(input.baseAddress! + range.lowerBound, count: range.count, in: table.baseAddress!,
                               into: output.value + range.lowerBound)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: image.width, height: image.height, samples: samples)
    }
}

/// `output[i] = table[input[i]]`. Eight samples are read as one word and written as one,
/// which leaves the table loads as the only per-sample memory traffic.
private func lookUp(_ input: UnsafePointer<UInt8>, count: Int, in table: UnsafePointer<UInt8>,
                    into output: UnsafeMutablePointer<UInt8>) {
    var index = 0
    while index + 8 <= count {
        let word = UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)
        var mapped: UInt64 = 0
        for byte in 0..<8 {
            mapped |= UInt64(table[Int(truncatingIfNeeded: (word >> (8 * byte)) & 0xFF)]) << (8 * byte)
        }
        UnsafeMutableRawPointer(output + index).storeBytes(of: mapped, as: UInt64.self)
        index += 8
    }
    while index < count {
        output[index] = table[Int(input[index])]
        index += 1
    }
}

extension WorkingSpace {
    /// The working-space value of an 8-bit level, in double precision.
    func value(ofLevel level: Int) -> Double {
        let encoded = Double(level) / 255
        return self == .linear ? SRGBTransfer.decode(encoded) : encoded
    }

    /// The 8-bit level nearest to a working-space value, clamped to 0...1 first.
    func nearestLevel(to value: Double) -> UInt8 {
        let clamped = min(max(value, 0), 1)
        let encoded = self == .linear ? SRGBTransfer.encode(clamped) : clamped
        return UInt8((encoded * 255).rounded())
    }
}

extension SRGBTransfer {
    /// The sRGB encoding of a linear value in 0...1, in double precision.
    static func encode(_ linear: Double) -> Double {
        linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }
}
