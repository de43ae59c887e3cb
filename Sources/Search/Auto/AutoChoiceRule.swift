import Imaging
import Recognition
import Reports

/// How `--auto` decides between readings, without the truth: the whole rule in one place.
///
/// A reading is weighed by its `ReadingScore`, less what reading across the page's columns
/// costs (`ColumnCrossing`) and what it loses or moves of the reference's sure words
/// (`ReadingAgreement`; a reading in another page segmentation, or against a reference that
/// reads across columns, is charged for words lost, never for their order). The reference is the original's reading, or the righted
/// page's once that reads at least as well (a turn OSD is sure of is taken when the turned
/// page reads at least as well as the page as given). A candidate may replace the reference
/// only if it keeps the text, reads something, and is not garbled where the reference is not
/// (`mayReplace`); of those the best score is chosen if it beats the reference's by
/// `requiredGain`, so a clean page, where filters can only lose, keeps its recognition. When
/// the reference read no word at all, every reading is better than none, and the one with the
/// most characters likely right is chosen if it has `leastReading` of them (`measure`). Of
/// equal readings the one tried first wins, so the choice depends only on the plan's order.
///
/// The same measures steer the search: a round goes on only where a filter reads clearly
/// better than the page (`promises`, by `promise`), the best reading so far is the one
/// extended (`bestToExtend`), and with samples the best sampled chains are read whole
/// (`finalists`).
package enum AutoChoiceRule {
    /// How much better than the reference's score a candidate must be, as a fraction.
    package static let requiredGain = 0.02

    /// The characters likely read right that a reading of a page read as nothing must have to
    /// be chosen: a few words, more than specks on a blank page read as letters.
    package static let leastReading = 40.0

    /// How much better than the page (its score, or the characters likely right on a page
    /// read as nothing) one of the first filters must read for the search to go on. Where the
    /// first four gain less, the others rarely gain the margin a choice needs. Chosen with
    /// `AutoPlan.probeFirst` and the default budget on the development set's tuning pages,
    /// where stopping there read better than reading eight chains on every page, in 0.7x the
    /// time (bench/README.md has the figures, and those of the test split).
    package static let promise = 0.1

    /// What a reading read with `engine` is worth as a candidate: its score charged for reading
    /// across the page's columns (`ColumnCrossing`) and against `baseline` (nil: scored on its
    /// own, as the original and the righted renderings are), the characters it likely reads
    /// right, and whether it keeps enough of `baseline`'s text to be chosen. Words out of the
    /// baseline's order are not charged where the baseline reads across columns: its order is
    /// the wrong one.
    package static func weigh(_ recognized: RecognizedText, readWith engine: EngineSettings,
                              against baseline: RecognizedText?) -> (score: Double, likelyCharacters: Double, keepsTheText: Bool) {
        let countsOrder = engine.pageSegmentation == nil && baseline.map { !ColumnCrossing($0).readsAcross } ?? true
        let agreement = baseline.map { ReadingAgreement(recognized, against: $0, countsOrder: countsOrder) }
        let score = ReadingScore(recognized)
        let layout = ColumnCrossing(recognized).charge
        return (score.value - layout - (agreement?.penalty ?? 0), score.likelyCharacters, agreement?.keepsTheText ?? true)
    }

    /// The candidate to keep: the best score among those that may replace the reference (the
    /// original's, or the righted page's, which reads at least as well), if it beats the
    /// reference's by the required gain; otherwise the reference. When the reference read no
    /// word at all, the candidate with the most characters likely right, if it has
    /// `leastReading` of them. Of equal scores the one tried first wins, so the choice depends
    /// only on the candidates' order, which is the plan's.
    package static func choose(_ candidates: [AutoChoice.Candidate], over reference: FilterState = FilterState()) -> AutoChoice.Candidate? {
        guard let base = candidates.first(where: { $0.filters == reference })
                ?? candidates.first(where: { $0.filters.operations.isEmpty }) else { return nil }
        if base.wordCount == 0 {
            // Nothing read: any reading with enough characters likely right beats it.
            var best = base
            for candidate in candidates where candidate.likelyCharacters > max(best.likelyCharacters, leastReading) {
                best = candidate
            }
            return best
        }
        var best = base
        for candidate in candidates where mayReplace(base, with: candidate) && candidate.score > best.score {
            best = candidate
        }
        guard best.score > base.score + requiredGain * abs(base.score) else { return base }
        return best
    }

    /// Whether `candidate` may be chosen over `base`, a reading of something, on its score: it
    /// keeps the text (`ReadingAgreement.keepsTheText`) and reads something; and where `base`'s
    /// reading is more garbage than text (a score of 0 or less), its own is not.
    ///
    /// A reading of nothing is never better than one of something: its error rate is 1, and a
    /// page read badly is rarely worse; it wins on score only against a garbled reading. Between
    /// two garbled readings the score says little about the error rate: the one that reads fewer
    /// wrong words scores higher, and with them it loses the few right ones (a dithered fax page
    /// read as 390 words, mostly wrong, at CER 0.77 lost to a median that read 9 at 0.99).
    package static func mayReplace(_ base: AutoChoice.Candidate, with candidate: AutoChoice.Candidate) -> Bool {
        candidate.keepsTheText && candidate.wordCount > 0 && (base.score > 0 || candidate.score > 0)
    }

    /// What `candidate` is judged by against `base`, as `choose` judges: the characters likely
    /// right when `base` read nothing, its score otherwise.
    package static func measure(_ candidate: AutoChoice.Candidate, over base: AutoChoice.Candidate) -> Double {
        base.wordCount == 0 ? candidate.likelyCharacters : candidate.score
    }

    /// Which of the `righted` renderings the chains are searched on and charged against: the
    /// last of the best, if it scores at least as well as the `original` (nil: the original).
    /// They are scored on their own, not against the original's reading, whose order of a
    /// negative page's columns, or of an upside-down page, is no guide.
    package static func searchBase(_ righted: [AutoChoice.Candidate], over original: AutoChoice.Candidate) -> Int? {
        var best: Int?
        var bestScore = original.score
        for (index, candidate) in righted.enumerated() where candidate.score >= bestScore {
            (best, bestScore) = (index, candidate.score)
        }
        return best
    }

    /// The reading the candidates must beat once the page's righting is read: the choice among
    /// the `original` and its righted renderings (`candidates`, the original first), since the
    /// righted page must beat the original as any candidate must (a negative page Tesseract
    /// inverts by itself can read better as it is); or, where that keeps the original, the
    /// `sureTurn` (a turn OSD is sure of) when the turned page reads at least as well.
    package static func reference(_ candidates: [AutoChoice.Candidate], original: AutoChoice.Candidate,
                                  sureTurn: AutoChoice.Candidate?) -> FilterState {
        let chosen = choose(candidates)?.filters ?? FilterState()
        guard chosen == FilterState(), let sureTurn,
              mayReplace(original, with: sureTurn) || original.wordCount == 0,
              sureTurn.score >= original.score else { return chosen }
        return sureTurn.filters
    }

    /// Whether `candidate` reads clearly better than `reference`, the page the chains start
    /// from: by `promise` of its score, among the readings that may replace it, or, when it
    /// read nothing, by the characters likely right that a choice would need.
    package static func promises(_ reference: AutoChoice.Candidate, _ candidate: AutoChoice.Candidate) -> Bool {
        guard candidate.filters != reference.filters else { return false }
        if reference.wordCount == 0 {
            return candidate.likelyCharacters > max(reference.likelyCharacters, leastReading)
        }
        return mayReplace(reference, with: candidate)
            && candidate.score > reference.score + promise * abs(reference.score)
    }

    /// The reading of `tried` to extend, judged as the choice judges them against the first
    /// (the page the chains start from): by the characters likely right when it read nothing,
    /// by the score among those that may replace it otherwise; of equal ones the first.
    package static func bestToExtend(_ tried: [AutoChoice.Candidate]) -> AutoChoice.Candidate? {
        guard let original = tried.first else { return nil }
        var best = original
        for candidate in tried where (original.wordCount == 0 || mayReplace(original, with: candidate))
            && measure(candidate, over: original) > measure(best, over: original) {
            best = candidate
        }
        return best
    }

    /// The chains to read whole, best first: of the sampled `candidates`, the `count` best
    /// that read something, keep the text, and read better than the base's sample `base` (by
    /// the characters likely right when the base's sample read nothing, as `choose` judges).
    /// Better at all, not by the margin a choice needs, and whether or not the readings are
    /// garbled: a sample holds a part of the page's text, a filter that mends the rest (a
    /// shadow, a stain) gains less on it, and a few lines read badly say less than a page. The
    /// choice between the whole readings applies every rule.
    package static func finalists(_ candidates: [AutoChoice.Candidate], over base: AutoChoice.Candidate, count: Int) -> [FilterState] {
        func measure(_ candidate: AutoChoice.Candidate) -> Double { Self.measure(candidate, over: base) }
        let least = base.wordCount == 0 ? max(base.likelyCharacters, leastReading) : base.score
        let better = candidates.enumerated().filter { _, candidate in
            measure(candidate) > least && candidate.keepsTheText && candidate.wordCount > 0
        }
        // Of equal measures the one tried first.
        return better.sorted { measure($0.element) != measure($1.element) ? measure($0.element) > measure($1.element) : $0.offset < $1.offset }
            .prefix(count).map(\.element.filters)
    }
}
