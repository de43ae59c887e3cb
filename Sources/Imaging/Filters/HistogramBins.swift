/// Sixteen bins of a histogram, as two vectors of eight signed 16-bit counts: SSE2 compares
/// only signed lanes, and Swift's 16-lane vectors of 16 bits are split into single lanes by
/// some operations where two 8-lane ones stay in registers.
struct HistogramBins {
    var low: SIMD8<Int16>
    var high: SIMD8<Int16>

    static var zero: Self { Self(low: .zero, high: .zero) }

    @inline(__always)
    init(low: SIMD8<Int16>, high: SIMD8<Int16>) {
        self.low = low
        self.high = high
    }

    @inline(__always)
    init(at pointer: UnsafePointer<Int16>) {
        low = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Int16>.self)
        high = UnsafeRawPointer(pointer + 8).loadUnaligned(as: SIMD8<Int16>.self)
    }

    @inline(__always)
    func store(at pointer: UnsafeMutablePointer<Int16>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: low, as: SIMD8<Int16>.self)
        UnsafeMutableRawPointer(pointer + 8).storeBytes(of: high, as: SIMD8<Int16>.self)
    }

    @inline(__always)
    static func &+ (a: Self, b: Self) -> Self { Self(low: a.low &+ b.low, high: a.high &+ b.high) }

    @inline(__always)
    static func &- (a: Self, b: Self) -> Self { Self(low: a.low &- b.low, high: a.high &- b.high) }

    /// The sum of the counts in the bins before `bound`.
    @inline(__always)
    func sum(before bound: Int) -> Int {
        let lanes = SIMD8<Int16>(0, 1, 2, 3, 4, 5, 6, 7)
        let limit = SIMD8<Int16>(repeating: Int16(truncatingIfNeeded: bound))
        let lowKept = low & unsafeBitCast(lanes .< limit, to: SIMD8<Int16>.self)
        let highKept = high & unsafeBitCast(lanes &+ 8 .< limit, to: SIMD8<Int16>.self)
        return Int((lowKept &+ highKept).wrappedSum())
    }
}

/// Where the sample of a given rank lies in 16 bins: its bin, and the count in the bins
/// before that one.
struct RankPosition {
    var index = 0
    var below = 0

    /// Moves to the bin that holds the sample of rank `rank` (from 0), given `below` is
    /// right for the current bin; the counts hold more than `rank` samples.
    @inline(__always)
    mutating func settle(on rank: Int, in counts: UnsafePointer<Int16>) {
        while below > rank {
            index &-= 1
            below &-= Int(counts[index])
        }
        while below &+ Int(counts[index]) <= rank {
            below &+= Int(counts[index])
            index &+= 1
        }
    }
}
