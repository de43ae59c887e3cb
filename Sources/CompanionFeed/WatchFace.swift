import Foundation
import WordFrequency

/// Lays out the companion display: the three top words large and centred, their counts,
/// where they came from and how long ago. Pure text layout, so it is testable without a
/// terminal.
public enum WatchFace {
    /// The screen for `snapshot` on a `width` x `height` terminal at time `now`.
    ///
    /// Three words of up to 13 letters fit in block letters on a standard 80 x 24 terminal:
    /// 3 x (5 rows + count + blank) + 3 footer lines is exactly 24. A shorter terminal drops the
    /// blank line above the footer first, then those between the words, then the block letters;
    /// a word wider than the terminal is written plainly on its own.
    public static func render(_ snapshot: FeedSnapshot, width: Int, height: Int, now: Date) -> [String] {
        let origin = ([snapshot.image, snapshot.segment] + snapshot.operations).joined(separator: " · ")
        let footer = [
            centred(origin, width: width),
            centred("#\(snapshot.sequence) · \(age(of: snapshot, now: now)) · \(snapshot.wordCount) words, "
                    + "confidence \(snapshot.meanConfidence)", width: width),
            centred("q to quit", width: width),
        ]
        let layouts: [(blockLetters: Bool, blankLines: Bool)] = [
            (true, true), (true, false), (false, true), (false, false),
        ]
        var lines: [String] = []
        for layout in layouts {
            let words = wordLines(snapshot.topWords, width: width, blockLetters: layout.blockLetters,
                                  blankLines: layout.blankLines)
            let gap = words.count + 1 + footer.count <= height ? [""] : []
            lines = words + gap + footer
            if lines.count <= height { break }
        }
        let padding = max(0, (height - lines.count) / 2)
        return Array(([String](repeating: "", count: padding) + lines).prefix(max(0, height)))
    }

    /// Each word, large if asked and it fits the width, then its rank and count; a blank line
    /// between words if asked.
    private static func wordLines(_ words: [WordCount], width: Int, blockLetters: Bool, blankLines: Bool) -> [String] {
        guard !words.isEmpty else { return [centred("(no words recognised)", width: width)] }
        var lines: [String] = []
        for (rank, entry) in words.enumerated() {
            if rank > 0, blankLines { lines.append("") }
            let word = entry.word.uppercased()
            if blockLetters, let big = BlockFont.render(word), big.allSatisfy({ $0.count <= width }) {
                lines += big.map { centred($0, width: width) }
            } else {
                lines.append(centred(word, width: width))
            }
            lines.append(centred("\(rank + 1). \(entry.word)  ×\(entry.count)", width: width))
        }
        return lines
    }

    /// The screen while there is no feed to show: the reason, centred.
    public static func render(problem: String, width: Int, height: Int) -> [String] {
        let lines = [String](repeating: "", count: max(0, height / 2)) + [centred(problem, width: width)]
        return Array(lines.prefix(max(0, height)))
    }

    /// One line per update, for a display that is not a terminal.
    public static func line(_ snapshot: FeedSnapshot) -> String {
        let words = snapshot.topWords.map { "\($0.word) (\($0.count))" }.joined(separator: ", ")
        let operations = snapshot.operations.isEmpty ? "" : " " + snapshot.operations.joined(separator: ", ")
        return "#\(snapshot.sequence) \(snapshot.updatedAt) \(snapshot.image) [\(snapshot.segment)\(operations)]: "
            + (words.isEmpty ? "(no words)" : words)
    }

    /// "just now", "12 s ago", "3 min ago".
    public static func age(of snapshot: FeedSnapshot, now: Date) -> String {
        guard let updated = snapshot.updatedDate else { return "at an unknown time" }
        let seconds = max(0, Int(now.timeIntervalSince(updated)))
        switch seconds {
        case 0..<2: return "just now"
        case 2..<120: return "\(seconds) s ago"
        case 120..<7200: return "\(seconds / 60) min ago"
        default: return "\(seconds / 3600) h ago"
        }
    }

    static func centred(_ text: String, width: Int) -> String {
        let length = text.count
        guard length < width else { return String(text.prefix(max(0, width))) }
        return String(repeating: " ", count: (width - length) / 2) + text
    }
}
