import Core
import Decisions
import Imaging
import Recognition
import Reports

extension AutoRun {
    /// By learned decisions (`--auto-by learned`): each line of the chosen page chosen symbol by
    /// symbol from every reading of the page the search made in the same geometry
    /// (`CandidateLines`): no line is read again. A line takes the choice only where it is
    /// preferred to the chosen reading's own by `LineStage.threshold`; the others, and every row
    /// of the text that is not a line's, are kept byte for byte.
    package mutating func chooseLines(of page: Outcome) throws
        -> (recognized: RecognizedText, revision: LineRevision?, report: LineRepairReport) {
        let others = outcomes.filter { other in
            CandidateLines.witnesses(other.candidate, page.candidate) && !other.recognized.words.isEmpty
                && other.image.width == page.image.width && other.image.height == page.image.height
        }
        guard let lines = TextLines(page.recognized), !lines.lines.isEmpty, !others.isEmpty else {
            var none = LineRepairReport(lines: TextLines(page.recognized)?.lines.count ?? 0, unsure: 0, readAgain: 0, changed: 0,
                                        work: 0, details: [], explained: search.explain)
            none.combined = true
            return (page.recognized, nil, none)
        }
        let hypotheses = CandidateLines.hypotheses(lines, width: page.image.width, height: page.image.height,
                                                   others: others.map { (source: $0.candidate.filters.description, reading: $0.recognized) })

        var replacements: [Int: [RecognizedWord]] = [:]
        var details: [LineRepairReport.Line] = []
        for (index, line) in lines.lines.enumerated() {
            let (words, readings) = (hypotheses.words[index], hypotheses.readings(of: index))
            let choice = try LineStage.chooser.choose(readings)
            guard choice.changed > 0 else { continue }
            var took: [String] = []
            if choice.gain >= LineStage.threshold {
                let chosen = LineStage.words(of: choice, from: words, lines: readings)
                if chosen.map(\.text) != line.words.map(\.text) {
                    replacements[index] = chosen
                    took = Array(Set(choice.symbols.map(\.reading).filter { $0 > 0 })).sorted().map { hypotheses.sources[$0] }
                }
            }
            details.append(.init(number: index + 1, doubt: "readings differ in \(choice.changed) places",
                                 readings: zip(hypotheses.sources, words).map {
                                     .init(rendering: $0, text: $1.lineText, meanConfidence: $1.meanConfidence)
                                 },
                                 took: took))
        }
        var report = LineRepairReport(lines: lines.lines.count, unsure: details.count, readAgain: details.count,
                                      changed: replacements.count, work: 0, details: details, explained: search.explain)
        report.combined = true
        let changed = replacements.sorted { $0.key < $1.key }
            .map { LineRevision.Line(index: $0.key, read: lines.lines[$0.key].words, revised: $0.value) }
        let revision = LineRevision(replaced: changed, lines: lines.lines.indices.map { replacements[$0] ?? lines.lines[$0].words })
        return (lines.replacing(replacements), changed.isEmpty ? nil : revision, report)
    }
}
