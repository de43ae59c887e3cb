import CVectorMath
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The values filters compute on.
///
/// Core Image filters in linear-light sRGB by default, so that is the default here; `sRGB`
/// filters the gamma-encoded values directly, for users who expect that.
public enum WorkingSpace: String, Sendable, CaseIterable {
    case linear
    case sRGB = "srgb"

    /// The working-space value of each 8-bit sample level, exact at all 256 levels.
    public var decodingTable: [Float] {
        switch self {
        case .linear: SRGBTransfer.linearTable
        case .sRGB: (0...255).map { Float($0) / 255 }
        }
    }

    /// The working-space values of an image's samples.
    public func decode(_ image: RGBImage) -> [Float] {
        image.withUnsafeSamples { samples in
            [Float](unsafeUninitializedCapacity: samples.count) { output, count in
                let output = UnsafeSendable(output)
                withSampleCoding { coding in
                    Parallel.forEachChunk(of: samples.count) { range in
                        coding.decode(samples.baseAddress! + range.lowerBound, count: range.count,
                                      into: output.value.baseAddress! + range.lowerBound)
                    }
                }
                count = samples.count
            }
        }
    }

    /// The image whose samples are nearest to `values`, which are clamped to 0...1: exactly,
    /// except that a value within 0.0011 of a level of halfway between two may round either way.
    public func encode(_ values: [Float], width: Int, height: Int) -> RGBImage {
        let samples = values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: values.count) { output, count in
                let output = UnsafeSendable(output)
                withSampleCoding { coding in
                    Parallel.forEachChunk(of: values.count) { range in
                        coding.encode(values.baseAddress! + range.lowerBound, count: range.count,
                                      into: output.value.baseAddress! + range.lowerBound)
                    }
                }
                count = values.count
            }
        }
        return RGBImage(width: width, height: height, samples: samples)
    }

    /// Runs `body` with this space's decoding table borrowed, for hot loops.
    func withSampleCoding<Result>(_ body: (SampleCoding) -> Result) -> Result {
        let table = decodingTable
        return table.withUnsafeBufferPointer { table in
            body(SampleCoding(table: table, isLinear: self == .linear))
        }
    }
}

/// 8-bit levels to working-space values and back, a row at a time.
struct SampleCoding {
    let table: UnsafeBufferPointer<Float>
    let isLinear: Bool

    /// Working-space values of `count` 8-bit samples.
    func decode(_ input: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<Float>) {
        for index in 0..<count { output[index] = table[Int(input[index])] }
    }

    /// Working-space values as continuous 8-bit levels in 0...255, not yet rounded.
    @inline(__always)
    func levels(_ values: SIMD8<Float>) -> SIMD8<Float> {
        let clamped = filterocr_clamp8(values, 0, 1)
        return isLinear ? SRGBTransfer.encodedLevels(clamped) : clamped * 255
    }

    /// One value's continuous level, for the samples left over after whole vectors.
    private func level(_ value: Float) -> Float {
        var lanes = SIMD8<Float>.zero
        lanes[0] = value
        return levels(lanes)[0]
    }

    /// The continuous 8-bit levels of `count` working-space values; `output` may be `input`.
    func levels(_ input: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>) {
        var index = 0
        while index + 8 <= count {
            let values = UnsafeRawPointer(input + index).loadUnaligned(as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(output + index).storeBytes(of: levels(values), as: SIMD8<Float>.self)
            index += 8
        }
        while index < count {
            output[index] = level(input[index])
            index += 1
        }
    }

    /// The nearest 8-bit levels of `count` working-space values.
    func encode(_ input: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        var index = 0
        while index + 8 <= count {
            let values = UnsafeRawPointer(input + index).loadUnaligned(as: SIMD8<Float>.self)
            storeRounded(levels(values), to: output + index)
            index += 8
        }
        while index < count {
            output[index] = UInt8(level(input[index]) + 0.5)
            index += 1
        }
    }
}

/// Stores levels in 0...255 as bytes, rounded to the nearest. Adding 2²³ leaves the
/// rounded integer in the low bits of the float, which avoids a checked conversion.
@inline(__always)
func storeRounded(_ levels: SIMD8<Float>, to output: UnsafeMutablePointer<UInt8>) {
    let bits = unsafeBitCast(levels + 8_388_608, to: SIMD8<UInt32>.self)
    UnsafeMutableRawPointer(output).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: bits), as: SIMD8<UInt8>.self)
}

/// The sRGB transfer function (IEC 61966-2-1).
enum SRGBTransfer {
    /// Linear value of each 8-bit sRGB level, exact at the 256 levels.
    static let linearTable: [Float] = (0...255).map { Float(decode(Double($0) / 255)) }

    static func decode(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// 255 × the encoded value of linear values in 0...1, within 0.0011 of a level.
    ///
    /// Above the linear toe, 255 × (1.055·v^(1/2.4) − 0.055) is smooth in q = v^(1/4), so a
    /// degree-6 polynomial in q (a Chebyshev fit over q's range) matches it; two square
    /// roots and six multiply-adds run on eight values at once, where a table would be
    /// eight dependent lookups.
    @inline(__always)
    static func encodedLevels(_ linear: SIMD8<Float>) -> SIMD8<Float> {
        let q = filterocr_sqrt8(filterocr_sqrt8(linear))
        var curve = SIMD8<Float>(repeating: 16.108883108432998)
        curve = curve * q + -76.06490337748943
        curve = curve * q + 159.35167447304596
        curve = curve * q + -210.7478073348883
        curve = curve * q + 345.3308969573856
        curve = curve * q + 36.26503616041616
        curve = curve * q + -15.243147810159542
        let toe = linear * Float(12.92 * 255)
        return filterocr_clamp8(toe.replacing(with: curve, where: linear .> 0.0031308), 0, 255)
    }
}
