import Foundation

/// Lays out the companion display: the three top words large and centred, their counts,
/// where they came from and how long ago. Pure text layout, so it is testable without a
/// terminal.
public enum WatchFace {
    /// The screen for `snapshot` on a `width` x `height` terminal at time `now`.
    public static func render(_ snapshot: FeedSnapshot, width: Int, height: Int, now: Date) -> [String] {
        var lines: [String] = []
        let words = snapshot.topWords
        if words.isEmpty {
            lines.append(centred("(no words recognised)", width: width))
        }
        for (rank, entry) in words.enumerated() {
            let big = BlockFont.render(entry.word.uppercased())
            if let big, big[0].count <= width, height >= 5 * words.count + 10 {
                lines += big.map { centred($0, width: width) }
            } else {
                lines.append(centred(entry.word.uppercased(), width: width))
            }
            lines.append(centred("\(rank + 1). \(entry.word)  ×\(entry.count)", width: width))
            lines.append("")
        }
        let origin = ([snapshot.image, snapshot.segment] + snapshot.operations).joined(separator: " · ")
        lines.append(centred(origin, width: width))
        lines.append(centred("#\(snapshot.sequence) · \(age(of: snapshot, now: now)) · \(snapshot.wordCount) words, "
                             + "confidence \(snapshot.meanConfidence)", width: width))
        lines.append(centred("q to quit", width: width))
        let padding = max(0, (height - lines.count) / 2)
        return Array(([String](repeating: "", count: padding) + lines).prefix(height))
    }

    /// The screen while there is no feed to show: the reason, centred.
    public static func render(problem: String, width: Int, height: Int) -> [String] {
        [String](repeating: "", count: max(0, height / 2)) + [centred(problem, width: width)]
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
        guard length < width else { return String(text.prefix(width)) }
        return String(repeating: " ", count: (width - length) / 2) + text
    }
}
