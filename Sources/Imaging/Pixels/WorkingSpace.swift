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
    func decode(_ image: RGBImage) -> [Float] {
        image.withUnsafeSamples { samples in
            [Float](unsafeUninitializedCapacity: samples.count) { output, count in
                let output = UnsafeSendable(output)
                withSampleCoding { coding in
                    Parallel.forEachChunk(of: samples.count) { range in
                        for index in range { output.value[index] = coding.decode(samples[index]) }
                    }
                }
                count = samples.count
            }
        }
    }

    /// The image whose samples are nearest to `values`, which are clamped to 0...1.
    func encode(_ values: [Float], width: Int, height: Int) -> RGBImage {
        let samples = values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: values.count) { output, count in
                let output = UnsafeSendable(output)
                withSampleCoding { coding in
                    Parallel.forEachChunk(of: values.count) { range in
                        for index in range { output.value[index] = coding.encode(values[index]) }
                    }
                }
                count = values.count
            }
        }
        return RGBImage(width: width, height: height, samples: samples)
    }
}

extension WorkingSpace {
    /// Runs `body` with this space's decoding and encoding tables borrowed, for hot loops.
    func withSampleCoding<Result>(_ body: (SampleCoding) -> Result) -> Result {
        let table = decodingTable
        return table.withUnsafeBufferPointer { table in
            SRGBTransfer.withEncoder { encoder in
                body(SampleCoding(table: table, encoder: encoder, isLinear: self == .linear))
            }
        }
    }
}

/// 8-bit levels to working-space values and back, with the tables at hand.
struct SampleCoding {
    let table: UnsafeBufferPointer<Float>
    let encoder: SRGBTransfer.Encoder
    let isLinear: Bool

    @inline(__always)
    func decode(_ level: UInt8) -> Float { table[Int(level)] }

    @inline(__always)
    func encode(_ value: Float) -> UInt8 {
        isLinear ? encoder.encode(value) : UInt8(min(max(value, 0), 1) * 255 + 0.5)
    }
}

/// The sRGB transfer function (IEC 61966-2-1), table-driven and exact at the 256 levels.
enum SRGBTransfer {
    /// Linear value of each 8-bit sRGB level.
    static let linearTable: [Float] = (0...255).map { Float(decode(Double($0) / 255)) }

    /// `thresholds[k]` is the linear value of the sRGB midpoint between levels k and k+1:
    /// a value at or above it encodes to k+1 or more (ties round up). The last entry is a
    /// sentinel no value reaches.
    private static let thresholds: [Float] = (0..<255).map { Float(decode((Double($0) + 0.5) / 255)) } + [.infinity]

    /// For each of `buckets` equal slices of 0...1, the lowest level a value in it can
    /// encode to. The slices are narrower than the smallest step between thresholds (near
    /// black, 1/12.92/255), so at most one threshold falls inside a slice and one comparison
    /// finishes the search.
    private static let buckets = 4096
    private static let bucketStart: [UInt8] = {
        let starts = (0..<buckets).map { bucket in
            UInt8(thresholds.firstIndex { Float(bucket) / Float(buckets) < $0 }!)
        }
        for bucket in 0..<buckets {
            let top = Float(bucket + 1) / Float(buckets)
            precondition(Int(starts[bucket]) + 1 >= thresholds.firstIndex { top < $0 } ?? 255,
                         "two thresholds in one bucket")
        }
        return starts
    }()

    static func decode(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// The tables, borrowed for the duration of a loop.
    struct Encoder {
        let thresholds: UnsafeBufferPointer<Float>
        let bucketStart: UnsafeBufferPointer<UInt8>

        @inline(__always)
        func encode(_ linear: Float) -> UInt8 {
            let value = min(max(linear, 0), 1)
            let level = bucketStart[min(Int(value * Float(buckets)), buckets - 1)]
            return value >= thresholds[Int(level)] ? level + 1 : level
        }
    }

    static func withEncoder<Result>(_ body: (Encoder) -> Result) -> Result {
        thresholds.withUnsafeBufferPointer { thresholds in
            bucketStart.withUnsafeBufferPointer { bucketStart in
                body(Encoder(thresholds: thresholds, bucketStart: bucketStart))
            }
        }
    }
}
