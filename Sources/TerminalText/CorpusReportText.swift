import FileSystem
import Foundation
import Runs
import TextComparison

/// A corpus report as text for a terminal: the rates (micro beside macro), every page worst
/// first with its CER as a bar, the most frequent confusions, and each scored page's errors
/// in context, the truth's side as `[-…-]` and the recognition's as `{+…+}` (as `git diff
/// --word-diff` writes them), or in red and green with `colours`.
public enum CorpusReportText {
    /// How many confusions the text lists.
    public static let shownConfusions = 15
    /// Characters of unchanged text kept on each side of an error.
    static let context = 12
    /// The longest bar, for a page whose CER is the worst (or 100% and more).
    static let barWidth = 20

    public static func render(_ report: CorpusReport, colours: Bool, width: Int) -> String {
        var lines = summary(report)
        lines += [""] + pageTable(report, width: width)
        if !report.confusions.isEmpty { lines += [""] + confusions(report) }
        let differing = report.scoredPages.filter { ($0.counts?.characterErrors ?? 0) > 0 }
        if !differing.isEmpty {
            lines += ["", "Errors in context, worst page first (truth " + (colours ? "red, read green" : "[-…-], read {+…+}") + "):"]
            for page in differing {
                guard let alignment = page.alignment else { continue }
                lines.append("==> \(shown(page.name)) · CER \(percent(page.characterErrorRate ?? 0)) <==")
                lines += TextWrap.lines(errorsInContext(alignment, colours: colours), width: max(20, width - 2), indent: "  ")
                    .map { $0.hasPrefix("  ") ? $0 : "  " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The head: what the report is of, how many pages counted, and the rates side by side.
    static func summary(_ report: CorpusReport) -> [String] {
        let accuracy = report.accuracy, totals = accuracy.totals
        var counted = ["\(Plural.count(report.pages.count, "page")), \(accuracy.pages) scored"]
        let unscored = [(report.count(.noTruth), "without truth"), (report.count(.failed), "failed"),
                        (report.count(.skipped), "skipped")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !unscored.isEmpty { counted.append("not counted: " + unscored.joined(separator: ", ")) }
        var lines = ["Corpus report: \(shown(report.source))", "  " + counted.joined(separator: " · ")]
        guard accuracy.pages > 0 else {
            lines.append("  no page has a truth: give NAME.txt beside each image NAME.ext, or --truth FOLDER")
            return lines
        }
        lines += [
            "",
            "        micro (all characters)   macro (mean of pages)",
            "  CER   \(pad(percent(accuracy.microCharacterErrorRate, decimals: 2), 22))   "
                + percent(accuracy.macroCharacterErrorRate, decimals: 2),
            "  WER   \(pad(percent(accuracy.microWordErrorRate, decimals: 2), 22))   "
                + percent(accuracy.macroWordErrorRate, decimals: 2),
            "  \(Plural.count(totals.characterErrors, "character error")) in \(Plural.count(totals.characters, "character")) · "
                + "\(Plural.count(totals.wordErrors, "word error")) in \(Plural.count(totals.words, "word"))",
        ]
        return lines
    }

    /// A row per page, worst first, with its CER as a bar scaled to the worst page's.
    static func pageTable(_ report: CorpusReport, width: Int) -> [String] {
        // The folder every page shares is said once, so that the names' ends, which tell the
        // pages apart, fit.
        let folder = commonFolder(report.pages.map(\.image))
        let names = report.pages.map { shown(String($0.name.dropFirst(folder.count))) }
        let nameWidth = max(4, min(names.map(\.count).max() ?? 4, width - 50))
        let worst = max(report.scoredPages.first?.characterErrorRate ?? 0, 1e-9)
        var lines = ["Pages, worst first" + (folder.isEmpty ? ":" : " (in \(shown(folder))):"),
                     "  " + pad("page", nameWidth) + "      CER      WER   errors/chars"]
        for (page, name) in zip(report.pages, names) {
            let fitted = pad(name.count > nameWidth ? "…" + name.suffix(nameWidth - 1) : name, nameWidth)
            switch page.status {
            case .scored:
                let counts = page.counts ?? ErrorCounts(characterErrors: 0, characters: 0, wordErrors: 0, words: 0)
                let rate = page.characterErrorRate ?? 0
                let row = "  \(fitted) \(leftPad(percent(rate), 8)) \(leftPad(percent(page.wordErrorRate ?? 0), 8)) "
                    + leftPad("\(counts.characterErrors)/\(counts.characters)", 14) + "  " + bar(min(rate, 1) / min(worst, 1))
                // A perfect page has no bar, and its row no trailing spaces.
                lines.append(String(row.reversed().drop { $0 == " " }.reversed()))
            case .noTruth:
                lines.append("  \(fitted)   no truth: counted in no rate")
            case .failed:
                lines.append("  \(fitted)   failed: \(shown(page.reason ?? ""))")
            case .skipped:
                lines.append("  \(fitted)   skipped: \(shown(page.reason ?? ""))")
            }
        }
        return lines
    }

    /// The folder, ending in `/`, that holds every one of `paths`; empty when they share none.
    static func commonFolder(_ paths: [String]) -> String {
        guard let first = paths.first else { return "" }
        var prefix = Substring(first)
        for path in paths.dropFirst() {
            prefix = prefix.prefix(zip(prefix, path).prefix { $0 == $1 }.count)
        }
        guard let slash = prefix.lastIndex(of: "/") else { return "" }
        return String(prefix[...slash])
    }

    /// The most frequent confusions: `e → c  12`.
    static func confusions(_ report: CorpusReport) -> [String] {
        let shownCount = min(shownConfusions, report.confusions.count)
        var lines = ["Most frequent confusions (truth → read, ∅ for none)"
                     + (report.confusions.count > shownCount ? ", \(shownCount) of \(report.confusions.count):" : ":")]
        for confusion in report.confusions.prefix(shownCount) {
            let truth = confusion.truth.isEmpty ? CharacterConfusion.nothing : quoted(confusion.truth)
            let read = confusion.recognized.isEmpty ? CharacterConfusion.nothing : quoted(confusion.recognized)
            lines.append("  \(pad(truth, 6)) → \(pad(read, 6)) \(leftPad(String(confusion.count), 6))")
        }
        return lines
    }

    /// The alignment's errors with a little unchanged text around each; longer unchanged
    /// stretches are cut to `…`.
    public static func errorsInContext(_ alignment: TextAlignment, colours: Bool) -> String {
        var text = ""
        let segments = alignment.readable
        for (index, segment) in segments.enumerated() {
            switch segment.kind {
            case .equal:
                // Context before the next error and after the last; what lies further is `…`.
                let scalars = Array(segment.truth.unicodeScalars)
                let after = index == 0 ? 0 : context, before = index == segments.count - 1 ? 0 : context
                // An ellipsis that would save a few characters only costs reading them.
                if scalars.count <= after + before + 8 {
                    text += shown(segment.truth)
                } else {
                    text += shown(string(scalars.prefix(after))) + "…" + shown(string(scalars.suffix(before)))
                }
            case .substituted, .deleted, .inserted, .replaced:
                if !segment.truth.isEmpty {
                    text += colours ? "\u{1B}[31;9m\(shown(segment.truth))\u{1B}[0m" : "[-\(shown(segment.truth))-]"
                }
                if !segment.recognized.isEmpty {
                    text += colours ? "\u{1B}[32;1m\(shown(segment.recognized))\u{1B}[0m" : "{+\(shown(segment.recognized))+}"
                }
            }
        }
        return text
    }

    /// `3.2%`, to one decimal unless told.
    static func percent(_ rate: Double, decimals: Int = 1) -> String { String(format: "%.\(decimals)f%%", rate * 100) }

    /// A bar of eighths of a block, `fraction` of `barWidth`.
    static func bar(_ fraction: Double) -> String {
        let eighths = Int((max(0, min(1, fraction)) * Double(barWidth * 8)).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    /// Text from files, shown as file names are: control characters as `\x1B` (an escape
    /// sequence in a truth file must not reach the terminal) and invisible characters that move
    /// or hide others (a bidirectional override) as `\u{202E}`.
    static func shown(_ text: String) -> String {
        PathEncoding.displayed(text)
    }

    private static func quoted(_ character: String) -> String {
        character == " " ? "' '" : shown(character)
    }

    private static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
