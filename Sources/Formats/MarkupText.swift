/// Text and attribute values made safe for HTML and SVG: truth files, recognitions and file
/// names are untrusted, and every one of them reaches a page or a chart through `escaped`.
public enum MarkupText {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references, fit for element content
    /// and for attribute values in either quote.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            // Control characters other than tab and new line are parse errors in HTML: shown
            // as their pictures (␛ for escape), C1 controls as the replacement character.
            case "\u{00}"..."\u{08}", "\u{0B}", "\u{0C}", "\u{0E}"..."\u{1F}":
                escaped.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case "\u{7F}": escaped += "\u{2421}"
            case "\u{80}"..."\u{9F}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
