import Core
/// Breaks text into lines of at most a width, between words where it can.
public enum TextWrap {
    /// `text` wrapped to `width` columns; lines after the first start with `indent`. A word
    /// longer than a line is cut, as nothing else fits.
    public static func lines(_ text: String, width: Int, indent: String = "") -> [String] {
        let width = max(width, indent.count + 8)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let prefix = lines.isEmpty ? "" : indent
            if line.isEmpty {
                line = prefix + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = indent + word
            }
            while line.count > width {
                lines.append(String(line.prefix(width)))
                line = indent + line.dropFirst(width)
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` on one line of at most `width` columns, its end replaced by `…` when it is cut:
    /// a line redrawn in place must never wrap, or each redraw leaves its wrapped part behind.
    public static func fitted(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        return width < 1 ? "" : String(text.prefix(width - 1)) + "…"
    }
}

/// `1 word`, `2 words`: counts as people write them.
public enum Plural {
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
