import Charts
import Core
import Formats
import TextComparison

/// A truth and its recognition side by side: a table row per stretch of about a row's width,
/// the two sides padded so that, in a monospaced font, each character stands level with what
/// was read for it. Errors are marked by element and decoration as well as colour (struck,
/// underlined), so that the marks survive printing in black and white.
enum AlignedView {
    static func table(_ alignment: TextAlignment, width: Int) -> String {
        var html = "<table class=\"aligned\">\n<thead><tr><th>truth</th><th>recognition</th></tr></thead>\n<tbody>\n"
        for row in alignment.rows(width: width) {
            var (truth, read) = ("", "")
            for segment in row {
                let (truthText, readText) = (MarkupText.escaped(segment.truth), MarkupText.escaped(segment.recognized))
                switch segment.kind {
                case .equal:
                    truth += truthText
                    read += readText
                case .substituted, .replaced:
                    // The shorter side of a replacement is padded, so that what follows stays level.
                    let (truthCount, readCount) = (segment.truth.unicodeScalars.count, segment.recognized.unicodeScalars.count)
                    truth += "<del class=\"s\">\(truthText)</del>" + gap(readCount - truthCount)
                    read += "<ins class=\"s\">\(readText)</ins>" + gap(truthCount - readCount)
                case .deleted:
                    truth += "<del class=\"d\">\(truthText)</del>"
                    read += gap(segment.truth.unicodeScalars.count)
                case .inserted:
                    truth += gap(segment.recognized.unicodeScalars.count)
                    read += "<ins class=\"i\">\(readText)</ins>"
                }
            }
            html += "<tr><td class=\"truth\">\(truth)</td><td class=\"read\">\(read)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// Room for `count` characters the other side has, hidden from screen readers.
    private static func gap(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return "<span class=\"gap\" aria-hidden=\"true\">\(String(repeating: " ", count: count))</span>"
    }
}
