import Recognition

/// Whether a reading runs across the columns of a page: its lines read the left column's line
/// and the right column's beside it as one, so the two columns come out interleaved, line by
/// line. Every word may be right and the text still reads wrong (a two-column page read so came
/// out at CER 0.375 where the same words in column order read at 0.010), and the original's
/// reading, where it does this, is no guide to the order of a candidate's.
///
/// A line reads across a gutter where its one gap wider than `gutterGap` word heights parts it
/// into two runs of prose, each of `leastWords` words or more and each spanning `leastSpan` of
/// the text's width: a label and its amount, a heading and its page number, or a table's row
/// (a wide gap between each two cells: read across, as it should be) are not columns.
/// The page reads across when `leastLines` lines or more do so through one shared gutter (an x
/// that all their gaps cover), and they are `leastShare` of its lines of prose.
package struct ColumnCrossing: Equatable {
    /// Lines that read across the shared gutter, and their characters.
    package let lines: Int
    package let characters: Int
    /// Lines with `2 × leastWords` words or more: those that could read across.
    package let proseLines: Int

    static let gutterGap = 1.5
    static let leastWords = 3
    static let leastSpan = 0.2
    static let leastLines = 4
    static let leastShare = 0.25

    package init(_ reading: RecognizedText) {
        let lines = TextLines(reading)?.lines.map(\.words) ?? []
        let words = reading.words.filter { $0.box.width > 0 }
        let left = words.map(\.box.x).min() ?? 0
        let width = Double((words.map { $0.box.x + $0.box.width }.max() ?? left) - left)
        // Each line's gap that parts it into two runs of prose, as an interval of x.
        var gaps: [(line: Int, from: Int, to: Int)] = []
        for (index, line) in lines.enumerated() where line.count >= 2 * Self.leastWords {
            let height = line.map(\.box.height).sorted()[line.count / 2]
            // A table's row has a wide gap between each two cells; two lines of prose side by
            // side have one.
            let wide = zip(line, line.dropFirst()).filter { before, after in
                Double(after.box.x - (before.box.x + before.box.width)) > Self.gutterGap * Double(height)
            }
            guard wide.count == 1 else { continue }
            for split in Self.leastWords...(line.count - Self.leastWords) {
                let (before, after) = (line[split - 1].box, line[split].box)
                let gap = after.x - (before.x + before.width)
                let spans = (Double(before.x + before.width - line[0].box.x), Double(line[line.count - 1].box.x
                    + line[line.count - 1].box.width - after.x))
                guard Double(gap) > Self.gutterGap * Double(height), spans.0 >= Self.leastSpan * width,
                      spans.1 >= Self.leastSpan * width else { continue }
                gaps.append((index, before.x + before.width, after.x))
                break
            }
        }
        // The x most gaps cover, and the lines whose gap covers it.
        let edges: [Int] = gaps.flatMap { [$0.from, $0.to] }
        let covering: [[Int]] = edges.map { x in gaps.filter { $0.from <= x && x <= $0.to }.map(\.line) }
        let across = covering.max { $0.count < $1.count } ?? []
        self.lines = across.count
        characters = across.reduce(0) { $0 + lines[$1].reduce(0) { $0 + $1.text.count + 1 } }
        proseLines = lines.filter { $0.count >= 2 * Self.leastWords }.count
    }

    /// Whether the reading runs across the page's columns.
    package var readsAcross: Bool {
        lines >= Self.leastLines && Double(lines) >= Self.leastShare * Double(proseLines)
    }

    /// What reading across costs a reading's score, in its units (characters): each line read
    /// across once, as an error rate counts a line moved out of its place, about once.
    package var charge: Double { readsAcross ? Double(characters) : 0 }
}
