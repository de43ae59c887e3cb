import Imaging
import Recognition
import Reports

/// Which candidates the automatic choice tries, and in what order: a pure account of the
/// budget, so that the same page gives the same candidates whatever the machine's load.
///
/// The search goes in rounds, each decided only from the rounds before it, whole: the first
/// `probeFirst` single filters (most promising first, chosen from the original's reading);
/// then, only if one of them read clearly better than the page (`AutoChoiceRule.promises`),
/// the rest of the first `extendAfter`; then the extensions of the best so far
/// (`AutoChoiceRule.bestToExtend`) followed by the remaining single filters (a good chain
/// usually starts with a good filter). Within a round the engines
/// work in parallel; candidates are admitted in the round's order while the budget lasts, and
/// one that would overrun it is passed over for a cheaper one after it.
package struct AutoPlan {
    /// How many single filters are tried before the best so far is extended.
    package static let extendAfter = 6
    /// How many single filters are tried first, to see whether filters help the page at all
    /// (two engines read them in two turns).
    package static let probeFirst = 4
    /// Recognitions of the original the candidates may cost, and how much they have cost.
    package let budget: Double
    package private(set) var spent = 0.0
    private var round = 0
    private var rest: [FilterState] = []
    private var later: [FilterState] = []
    private var seen: Set<FilterState> = [FilterState()]
    /// The candidates a detector asked for: read outside the budget, which stays the filters'.
    package private(set) var detected: Set<FilterState> = []

    package init(budget: Double) { self.budget = budget }

    /// What recognising an image of `pixels` costs, in recognitions of the original.
    package static func cost(of pixels: Int, original: Int) -> Double {
        (Double(pixels) / Double(max(1, original))).squareRoot()
    }

    /// Spends `cost` if the budget has it left, and `keeping` more besides.
    package mutating func admit(cost: Double, keeping: Double = 0) -> Bool {
        // A hair of tolerance, so that a sum of square roots lands the same on every machine.
        guard spent + cost + keeping <= budget + 1e-9 else { return false }
        spent += cost
        return true
    }

    /// The next round, or nil when the search is over. The single filters follow `base`, the
    /// righted page's chain (the original's when it needs none), and are chosen from its
    /// rendering `image` and `reading`.
    package mutating func nextRound(base: FilterState, image: RGBImage, reading: RecognizedText,
                                    tried: [AutoChoice.Candidate]) -> [FilterState]? {
        defer { round += 1 }
        switch round {
        case 0:
            // The candidates a detector asked for come first and count neither among the first
            // filters nor against the budget: most pages leave them unchanged, which reads
            // nothing, and a page that has the defect would otherwise lose a filter to them.
            let detected = unseen(AutoCandidates.whereDetected(for: image, reading: reading).map { base.followed(by: $0) })
            self.detected.formUnion(detected)
            let first = unseen(AutoCandidates.firstRound(for: image, reading: reading).map { base.followed(by: $0) })
            later = Array(first.dropFirst(Self.extendAfter))
            rest = Array(first.prefix(Self.extendAfter).dropFirst(Self.probeFirst))
            return detected + Array(first.prefix(Self.probeFirst))
        case 1:
            guard let reference = tried.first(where: { $0.filters == base }) ?? tried.first,
                  tried.contains(where: { AutoChoiceRule.promises(reference, $0) }) else { return nil }
            guard rest.isEmpty else { return rest }
            round += 1
            return extended(tried: tried)
        case 2:
            return extended(tried: tried)
        default:
            return nil
        }
    }

    /// The extensions of the best of `tried` (`AutoChoiceRule.bestToExtend`), then the single
    /// filters not yet tried.
    private mutating func extended(tried: [AutoChoice.Candidate]) -> [FilterState]? {
        guard let best = AutoChoiceRule.bestToExtend(tried) else { return later.isEmpty ? nil : later }
        let round = unseen(AutoCandidates.extensions(of: best.filters)) + later
        return round.isEmpty ? nil : round
    }

    /// The candidates the first round on `base`'s rendering `image` has whatever the reading
    /// of the page says (which decides only whether the text is small enough to enlarge), in
    /// its order: they can be read beside the page before it has been read.
    package static func certainFirstRound(base: FilterState, image: RGBImage) -> [FilterState] {
        let either = [true, false].map { AutoCandidates.firstRound(for: image, enlarging: $0).prefix(probeFirst) }
        return certainDetected(base: base) + either[0].filter(either[1].contains).map { base.followed(by: $0) }.filter { $0 != base }
    }

    /// The candidates a detector asks for whatever the reading of the page says, on `base`.
    package static func certainDetected(base: FilterState) -> [FilterState] {
        AutoCandidates.detectedFirstStates.map { base.followed(by: $0) }
    }

    /// Counts `candidates` as ones a detector asked for, read outside the budget.
    package mutating func detecting(_ candidates: [FilterState]) {
        detected.formUnion(candidates)
    }

    private mutating func unseen(_ list: [FilterState]) -> [FilterState] {
        list.filter { seen.insert($0).inserted }
    }
}
