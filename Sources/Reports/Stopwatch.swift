/// Milliseconds between laps, to two decimals.
public struct Stopwatch: Sendable {
    private var last = ContinuousClock.now

    public init() {}

    public mutating func lap() -> Double {
        let now = ContinuousClock.now
        defer { last = now }
        return Milliseconds.rounded(now - last)
    }
}

public enum Milliseconds {
    public static func rounded(_ duration: Duration) -> Double {
        let parts = duration.components
        return round(Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15)
    }

    public static func round(_ milliseconds: Double) -> Double { (milliseconds * 100).rounded() / 100 }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    package var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
