/// Values that have a lane-by-lane minimum and maximum: one sample or a vector of samples,
/// so that a comparison network is written once and runs on both.
protocol LaneOrder {
    static func lower(_ a: Self, _ b: Self) -> Self
    static func upper(_ a: Self, _ b: Self) -> Self
}

extension UInt8: LaneOrder {
    @inline(__always) static func lower(_ a: UInt8, _ b: UInt8) -> UInt8 { Swift.min(a, b) }
    @inline(__always) static func upper(_ a: UInt8, _ b: UInt8) -> UInt8 { Swift.max(a, b) }
}

/// 16 samples: one SSE register. (Swift's SIMD32<UInt8> is split into single lanes on
/// x86-64 without AVX, 30 times slower, and its `pointwiseMin` is a call; a comparison and
/// `replacing` compile to one `pminub`.)
typealias ByteVector = SIMD16<UInt8>

extension SIMD16: LaneOrder where Scalar == UInt8 {
    @inline(__always) static func lower(_ a: Self, _ b: Self) -> Self { a.replacing(with: b, where: b .< a) }
    @inline(__always) static func upper(_ a: Self, _ b: Self) -> Self { a.replacing(with: b, where: b .> a) }
}

extension UnsafePointer where Pointee == UInt8 {
    /// The vector of samples from this one on, at any alignment.
    @inline(__always) func vector(at offset: Int) -> ByteVector {
        UnsafeRawPointer(self + offset).loadUnaligned(as: ByteVector.self)
    }
}

extension UnsafeMutablePointer where Pointee == UInt8 {
    /// Writes a vector of samples from `offset` on, at any alignment.
    @inline(__always) func store(_ vector: ByteVector, at offset: Int) {
        UnsafeMutableRawPointer(self + offset).storeBytes(of: vector, as: ByteVector.self)
    }
}

extension UnsafeMutablePointer where Pointee == UInt8 {
    /// The vector of samples from `offset` on, at any alignment.
    @inline(__always) func vector(at offset: Int) -> ByteVector {
        UnsafeRawPointer(self + offset).loadUnaligned(as: ByteVector.self)
    }
}
