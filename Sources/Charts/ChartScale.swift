import Foundation

/// Axis steps and numbers for the charts: round steps (1, 2, 2.5 or 5 times a power of ten)
/// and labels without needless decimals, so that every chart of the product reads alike.
public enum ChartScale {
    /// The smallest of `multiples` times a power of ten that is at least `span / divisions`.
    static func step(span: Double, divisions: Double, multiples: [Double]) -> Double {
        let rough = max(span / divisions, 1e-9)
        let power = pow(10, floor(log10(rough)))
        return multiples.map { $0 * power }.first { $0 >= rough } ?? 10 * power
    }

    /// Ticks from `low` to `high` at 1, 2 or 5 times a power of ten, about six across.
    public static func ticks(_ low: Double, _ high: Double) -> [Double] {
        let step = step(span: high - low, divisions: 6, multiples: [1, 2, 5, 10])
        let first = ceil(low / step) * step
        return stride(from: first, through: high + step * 1e-6, by: step).map { ($0 / step).rounded() * step }
    }

    /// A round top for an axis whose largest value is `value`.
    public static func ceiling(_ value: Double) -> Double {
        step(span: value, divisions: 1, multiples: [1, 2, 2.5, 5, 10])
    }

    /// A round step that cuts an axis up to `maximum` into at most five.
    public static func step(upTo maximum: Double) -> Double {
        guard maximum > 0 else { return 1 }
        return step(span: maximum, divisions: 5, multiples: [1, 2, 2.5, 5, 10])
    }

    /// `3.21`, `40`: at most `decimals` decimals, none when whole, trailing zeros dropped.
    public static func number(_ value: Double, decimals: Int = 3) -> String {
        let text = String(format: "%.\(decimals)f", value)
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        let shown = String(trimmed.hasSuffix(".") ? trimmed.dropLast() : trimmed)
        return shown == "-0" ? "0" : shown
    }

    /// A coordinate in an SVG attribute: one decimal.
    public static func coordinate(_ value: Double) -> String { String(format: "%.1f", value) }
}
