import Core
import Session
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
        var generator = SeededRandom(seed: seed)
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
