import Core
import Imaging

/// What a tuning tries, made from the filter table: every filter at a starting strength, and
/// the strengths around one that did well. Adding a filter to the table adds it here.
public enum TuneVocabulary {
    /// Strengths are kept to a tenth of a percent, as a user would write them.
    static let strengthResolution = 0.001
    /// The smallest strength tried: below it most filters do nothing.
    static let weakest = 0.005

    /// Where each filter starts: the table's 25%, the mild default every filter's mapping is
    /// made for, except the brief's two segments, whose 25% the brief fixed (a blur of σ 25 px,
    /// a threshold of 0.125) and which wipe out a page: they start at σ 1 px and at the
    /// middle threshold 0.5.
    public static func startingStrength(of kind: FilterKind) -> Double {
        if kind == .blur { return 0.01 }
        if kind == .binarize { return 1.0 }
        return FilterOperation.defaultIntensity
    }

    /// The single filters of the first round, in the table's order.
    public static func singles(of kinds: [FilterKind] = FilterKind.allCases) -> [TuneRecipe] {
        kinds.map { TuneRecipe(links: [FilterOperation($0, intensity: startingStrength(of: $0))]) }
    }

    /// `intensity` doubled or halved `steps` times (negative: halved), kept within the
    /// slider's range and to a tenth of a percent; nil when that leaves it where it was. The
    /// strength is the one the parser reads from the percentage the script prints, so the
    /// recipe a tuning reads is exactly the one `--ops` applies.
    public static func strength(_ intensity: Double, doubled steps: Int) -> Double? {
        let factor = steps >= 0 ? Double(1 << steps) : 1 / Double(1 << -steps)
        let clamped = min(FilterOperation.intensityRange.upperBound, max(weakest, intensity * factor))
        let tenths = Int((clamped * 1000).rounded())
        let text = tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
        guard let parsed = try? FilterCommand.sliderIntensity(Substring(text)) else { return nil }
        return abs(parsed - intensity) < strengthResolution / 2 ? nil : parsed
    }
}
