import Charts
import Core
import Crypto
import Formats
import Foundation
import Runs
import TextComparison

/// A corpus report as one self-contained HTML page: the rates (micro beside macro), a chart
/// of the pages' CER, the pages worst first, the most frequent confusions, and each page's
/// truth and recognition side by side with the errors marked. Nothing is loaded: no script,
/// no font, no image; the page's own policy allows its one style sheet and nothing else, so
/// that a truth or a recognition that holds markup stays text.
public enum CorpusReportPage {
    /// How many confusions the page lists.
    public static let shownConfusions = 30
    /// Scalars per row of the aligned view.
    public static let alignedWidth = 48

    /// The Content Security Policy the page carries in a `<meta>` element.
    public static var contentSecurityPolicy: String {
        let hash = Data(SHA256.hash(data: Data(ReportStyle.css.utf8))).base64EncodedString()
        return "default-src 'none'; style-src 'sha256-\(hash)'; img-src data:; base-uri 'none'; form-action 'none'"
    }

    /// The page for `report`: the same report gives the same bytes.
    public static func html(_ report: CorpusReport) -> String {
        let anchors = report.pages.indices.map { "page-\($0 + 1)" }
        let title = "Corpus report: " + report.source
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(MarkupText.escaped(title))</title>
            <style>\(ReportStyle.css)</style>
            </head>
            <body>
            <header>
            <h1>Corpus report</h1>
            <p class="source">\(MarkupText.escaped(report.source))</p>
            </header>

            """
        html += summary(report)
        if report.accuracy.pages > 0 {
            html += "<section id=\"chart\">\n<h2>CER of each page, worst first</h2>\n<div class=\"chart-box\">\n"
            html += CERChart.svg(report, anchors: Array(anchors.prefix(report.scoredPages.count)))
            html += "\n</div>\n<p class=\"legend\">Each bar is a page (it links to the page's aligned texts); the solid line is "
                + "the micro CER, the dashed line the macro CER.</p>\n</section>\n"
        }
        html += pageTable(report, anchors: anchors)
        html += confusions(report)
        html += aligned(report, anchors: anchors)
        html += "<footer>Made by filterocr report. Rates as filterocr's accuracy defines them: both texts NFC, white space "
            + "folded to one space; Levenshtein distance over Unicode scalars (characters) and over words, divided by "
            + "the truth's length.</footer>\n</body>\n</html>\n"
        return html
    }

    /// The rates, micro beside macro, and what they count.
    private static func summary(_ report: CorpusReport) -> String {
        let accuracy = report.accuracy, totals = accuracy.totals
        var html = "<section id=\"summary\">\n<h2>Summary</h2>\n"
        if accuracy.pages == 0 {
            html += "<p class=\"unscored\">No page has a truth, so no rate: give NAME.txt beside each image NAME.ext, "
                + "or --truth FOLDER.</p>\n"
        } else {
            html += """
                <table class="rates">
                <thead><tr><th></th><th class="number">micro<br><span class="note">all characters or words alike</span></th>\
                <th class="number">macro<br><span class="note">mean of the pages' rates</span></th></tr></thead>
                <tbody>
                <tr><th>CER</th><td class="number" id="micro-cer">\(percent(accuracy.microCharacterErrorRate))</td>\
                <td class="number" id="macro-cer">\(percent(accuracy.macroCharacterErrorRate))</td></tr>
                <tr><th>WER</th><td class="number" id="micro-wer">\(percent(accuracy.microWordErrorRate))</td>\
                <td class="number" id="macro-wer">\(percent(accuracy.macroWordErrorRate))</td></tr>
                </tbody>
                </table>

                """
        }
        let rows: [(String, Int)] = [
            ("pages", report.pages.count), ("scored (with a truth)", accuracy.pages),
            ("without truth (in no rate)", report.count(.noTruth)), ("failed (in no rate)", report.count(.failed)),
            ("skipped (in no rate)", report.count(.skipped)),
            ("characters in the truths", totals.characters), ("character errors", totals.characterErrors),
            ("words in the truths", totals.words), ("word errors", totals.wordErrors),
        ]
        html += "<table class=\"counts\">\n<tbody>\n"
        for (name, count) in rows where count > 0 || ["pages", "scored (with a truth)"].contains(name) {
            html += "<tr><th>\(name)</th><td class=\"number\">\(count)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// A row per page, worst first, each linking to its aligned view.
    private static func pageTable(_ report: CorpusReport, anchors: [String]) -> String {
        var html = """
            <section id="pages">
            <h2>Pages, worst first</h2>
            <table class="pages">
            <thead><tr><th class="number">#</th><th>page</th><th class="number">CER</th><th class="number">WER</th>\
            <th class="number">character errors</th><th class="number">characters</th><th class="number">word errors</th>\
            <th class="number">words</th></tr></thead>
            <tbody>

            """
        for (index, page) in report.pages.enumerated() {
            let link = "<a href=\"#\(anchors[index])\">\(MarkupText.escaped(page.name))</a>"
            html += "<tr><td class=\"number\">\(index + 1)</td><td>\(link)</td>"
            if let counts = page.counts {
                html += "<td class=\"number\">\(percent(counts.characterErrorRate))</td>"
                    + "<td class=\"number\">\(percent(counts.wordErrorRate))</td>"
                    + [counts.characterErrors, counts.characters, counts.wordErrors, counts.words]
                        .map { "<td class=\"number\">\($0)</td>" }.joined()
            } else {
                html += "<td colspan=\"6\" class=\"unscored\">\(MarkupText.escaped(unscoredReason(page)))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// The most frequent confusions, truth → read.
    private static func confusions(_ report: CorpusReport) -> String {
        guard !report.confusions.isEmpty else { return "" }
        let shown = report.confusions.prefix(shownConfusions)
        var html = "<section id=\"confusions\">\n<h2>Most frequent confusions</h2>\n"
        html += "<p class=\"legend\">Each character of the truth read as another, lost (read as ∅) or added "
            + "(∅ in the truth); ␣ is a space."
            + (report.confusions.count > shown.count ? " The \(shown.count) most frequent of \(report.confusions.count)." : "")
            + "</p>\n"
        html += "<table class=\"confusions\">\n<thead><tr><th>truth</th><th>read</th><th class=\"number\">count</th>"
            + "<th>kind</th></tr></thead>\n<tbody>\n"
        for confusion in shown {
            html += "<tr><td>\(character(confusion.truth))</td><td>\(character(confusion.recognized))</td>"
                + "<td class=\"number\">\(confusion.count)</td><td>\(confusion.kind.rawValue)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// Each page's truth and recognition side by side, row by row.
    private static func aligned(_ report: CorpusReport, anchors: [String]) -> String {
        var html = """
            <section id="aligned">
            <h2>Truth and recognition, aligned</h2>
            <p class="legend">Worst page first. <del class="d">Struck on red</del>: in the truth, not read. \
            <ins class="i">Underlined on green</ins>: read, not in the truth. <del class="s">Struck</del> and \
            <ins class="s">double underlined</ins> on amber: read as another character. Hatched: room for what the \
            other side has.</p>

            """
        for (index, page) in report.pages.enumerated() {
            html += "<article class=\"page\" id=\"\(anchors[index])\">\n<h3>\(MarkupText.escaped(page.name))"
            if let counts = page.counts {
                html += " · CER \(percent(counts.characterErrorRate)) · WER \(percent(counts.wordErrorRate))"
            }
            html += "</h3>\n"
            if let script = page.script, !script.isEmpty {
                html += "<p class=\"legend\">filters: <code>\(MarkupText.escaped(script))</code></p>\n"
            }
            if let alignment = page.alignment {
                html += AlignedView.table(alignment, width: alignedWidth)
            } else {
                html += "<p class=\"unscored\">\(MarkupText.escaped(unscoredReason(page)))</p>\n"
                if let text = page.recognized {
                    html += "<div class=\"recognition-only\">\(MarkupText.escaped(text))</div>\n"
                }
            }
            html += "<p class=\"back\"><a href=\"#pages\">back to the pages</a></p>\n</article>\n"
        }
        return html + "</section>\n"
    }

    private static func unscoredReason(_ page: CorpusPage) -> String {
        switch page.status {
        case .scored: ""
        case .noTruth: "no truth: counted in no rate"
        case .failed: "failed: \(page.reason ?? "")"
        case .skipped: "skipped: \(page.reason ?? "")"
        }
    }

    /// A confusion's character as code, ∅ for none and ␣ for a space.
    private static func character(_ text: String) -> String {
        let shown = text.isEmpty ? CharacterConfusion.nothing : text == " " ? "␣" : text
        return "<code class=\"char\">\(MarkupText.escaped(shown))</code>"
    }

    /// `3.21%`.
    static func percent(_ rate: Double) -> String { String(format: "%.2f%%", rate * 100) }
}
