import TextComparison

/// How far a corpus error rate measured on some pages may be from the rate of the pages like
/// them: a percentile bootstrap over the pages. The pages are drawn with replacement as many
/// times as there are pages, `resamples` times, and the micro rate of each draw computed; the
/// interval holds the middle `level` of those rates. The draws come from a seeded generator,
/// so the same counts give the same interval.
public enum TuneSpread {
    public static let resamples = 2000
    public static let level = 0.95

    /// The interval of the micro rate of `pages` (each page's count); nil for no pages.
    public static func bootstrap(_ pages: [ErrorCount], resamples: Int = resamples, level: Double = level,
                                 seed: UInt64 = 20) -> ClosedRange<Double>? {
        guard !pages.isEmpty else { return nil }
        var generator = SplitMix64(seed: seed)
        var rates: [Double] = []
        rates.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var sum = ErrorCount.zero
            for _ in pages.indices { sum += pages[Int(generator.next() % UInt64(pages.count))] }
            rates.append(sum.rate)
        }
        rates.sort()
        let tail = (1 - level) / 2
        let low = rates[Int((tail * Double(resamples - 1)).rounded())]
        let high = rates[Int(((1 - tail) * Double(resamples - 1)).rounded())]
        return low...high
    }

    /// The standard deviation of `values` (over the values themselves, not a sample's
    /// estimate of a wider one); nil for none.
    public static func standardDeviation(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
    }
}

/// A small seeded generator (SplitMix64): the same seed, the same numbers on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
