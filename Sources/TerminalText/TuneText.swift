import Foundation
import Search

extension HumanText {
    /// A tuning's report for a person: the recipe and how to apply it, the expected rate with
    /// its spread, the folds, the best candidates, and the held-out pages against `--auto`.
    /// `inputs` is how the command named the pages, for the `batch` line.
    public static func tune(_ report: TuneReport, inputs: String) -> [String] {
        var lines: [String] = []
        if report.interrupted {
            lines.append(report.estimate == nil
                ? "interrupted: the best recipe so far, on every page; not cross-validated (the folds had not finished)"
                : "interrupted: the recipe and its estimate are whole; the comparison with --auto is not")
        }
        if let declined = report.declined, let estimate = report.estimate {
            lines.append("recipe: original: leave the pages as they are")
            lines.append("  the best recipe on every page, \(declined), read the pages it was not tuned on at CER "
                         + "\(percent(estimate.rate.cer)), no better than \(percent(report.original.cer)) as given")
        } else {
            lines.append("recipe: \(report.recipe)")
            lines.append("  apply: filterocr batch --ops \"\(report.recipe)\" \(inputs)")
        }
        let pages = Plural.count(report.pages, "page")
        if let estimate = report.estimate {
            lines.append("expected CER \(percent(estimate.rate.cer)) on pages it was not tuned on (micro; macro "
                         + "\(percent(estimate.rate.macroCER))), \(estimate.folds.count)-fold cross-validated over \(pages)")
            lines.append("  spread: 95% interval \(percent(estimate.interval.low))–\(percent(estimate.interval.high)) "
                         + "(bootstrap over the held-out pages); folds \(percent(estimate.foldRange.low))–"
                         + "\(percent(estimate.foldRange.high)) (sd \(percent(estimate.foldStandardDeviation)))")
        }
        lines.append("  on the \(pages) it was tuned on (optimistic): CER \(percent(report.tuned.cer)) (macro "
                     + "\(percent(report.tuned.macroCER))) · the original: \(percent(report.original.cer)) (macro "
                     + "\(percent(report.original.macroCER)))")
        var budget = "  \(report.recognitions) of \(report.budget) recognitions · \(Plural.count(report.candidatesTried, "candidate")) tried"
        if report.budgetReached { budget += " · the budget passed some over (--budget)" }
        if report.pagesWithoutTruth > 0 { budget += " · \(Plural.count(report.pagesWithoutTruth, "page")) without a truth left out" }
        lines.append(budget)

        if let estimate = report.estimate {
            lines.append("folds (each tuned on the others' pages, judged on its own):")
            for fold in estimate.folds {
                lines.append("  \(fold.fold): tuned on \(fold.tunedOn), held out \(fold.heldOut) · \(fold.recipe) · CER "
                             + "\(percent(fold.tuningCER)) tuning → \(percent(fold.heldOutCER)) held out")
            }
        }
        if !report.candidates.isEmpty {
            lines.append("best candidates on every page:")
            for candidate in report.candidates { lines.append("  \(right(percent(candidate.cer), 7))  \(candidate.recipe)") }
        }
        if !report.heldOut.isEmpty {
            let compared = report.auto != nil
            let width = min(40, max(4, report.heldOut.map(\.page.count).max() ?? 0))
            lines.append("held-out pages, each read with the recipe tuned without it" + (compared ? ", and with --auto:" : ":"))
            lines.append("  " + "page".padding(toLength: width, withPad: " ", startingAt: 0) + right("original", 10)
                         + right("recipe", 9) + (compared ? right("auto", 9) + "  auto chose" : ""))
            for page in report.heldOut {
                let name = page.page.count > width ? "…" + page.page.suffix(width - 1) : page.page
                var row = "  " + name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + right(percent(page.originalCER), 10) + right(percent(page.recipeCER), 9)
                if compared {
                    row += right(page.autoCER.map(percent) ?? "-", 9) + "  " + (page.auto ?? "-")
                }
                lines.append(row)
            }
        }
        if let auto = report.auto {
            var line = "recipe against --auto on \(Plural.count(auto.pages, "held-out page")): CER \(percent(auto.recipeCER)) "
                + "against \(percent(auto.autoCER)) (micro) · fewer errors with the recipe on \(auto.recipeBetter), with --auto "
                + "on \(auto.autoBetter), equal on \(auto.same)"
            if !auto.complete { line += " (stopped before every page)" }
            lines.append(line)
            if auto.pages > 0 {
                lines.append(auto.recipeCER <= auto.autoCER
                    ? "  on pages like these the recipe reads better in all: batch --ops with it (and it needs one recognition a page)"
                    : "  on pages like these --auto reads better in all: batch --auto (which spends up to "
                        + "\(auto.autoBudget.formatted()) recognitions a page besides the original's)")
            }
        }
        return lines
    }

    /// The progress line of a tuning.
    public static func tuneProgress(_ progress: CorpusTuner.Progress) -> String {
        let stage: String = switch progress.stage {
        case .searching(nil, let stage): "all pages · \(stage.rawValue)"
        case let .searching(fold?, stage): "fold \(fold + 1) of \(progress.folds) · \(stage.rawValue)"
        case .checkingHeldOut(let fold): "fold \(fold + 1) of \(progress.folds) · its held-out pages"
        case let .comparingAuto(page, done, total): "--auto on page \(done + 1) of \(total) (\(page))"
        }
        var line = "tune: \(stage) · \(progress.recognitions)/\(progress.budget) recognitions"
        if let best = progress.best, let cer = progress.bestCER { line += " · best so far: \(best) (CER \(percent(cer)))" }
        return line + " · Ctrl-C keeps it"
    }

    private static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
