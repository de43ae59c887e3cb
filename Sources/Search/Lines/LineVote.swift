import Recognition
import TextComparison

/// How the readings of one line are combined, word by word (ROVER-style voting): the page's
/// reading of the line is the frame, every crop's reading is aligned with it word by word
/// (a shortest edit script over the words), and each of the frame's words is voted on by
/// the readings that have a word in its place. A pure rule, so that the same readings always
/// give the same line.
///
/// A reading's vote for a word is the word's confidence (0-1); the page's counts
/// `pageWeight` times, for it was read with the whole page around it. A word the page did not
/// read as the winner needs at least `supporters` readings behind it: renderings that fail
/// fail differently, renderings that succeed read the same word. Words only a crop reads
/// (the page's reading left them out) and words only the page reads are kept as the page has
/// them: the vote mends words, the page's segmentation says which words there are.
package enum LineVote {
    /// One reading of a line: what read it, and its words, their boxes in the page's pixels.
    package struct Reading: Equatable {
        package var source: String
        package var words: [RecognizedWord]

        package init(source: String, words: [RecognizedWord]) {
            (self.source, self.words) = (source, words)
        }

        package var text: String { words.lineText }
        package var meanConfidence: Double { words.meanConfidence }
    }

    /// How much more the page's reading of a word weighs than one crop's.
    static let pageWeight = 1.5
    /// How many readings must read a word alike for it to replace the page's.
    static let supporters = 2

    /// The line voted from `readings`, the page's first: its words (each replaced one with the
    /// box of the reading that voted for it first), and the readings whose words were taken.
    package static func combine(_ readings: [Reading]) -> (words: [RecognizedWord], from: [String]) {
        guard let frame = readings.first else { return ([], []) }
        // For each of the frame's words, the words read in its place: (reading, word).
        var ballots = frame.words.map { [(reading: 0, word: $0)] }
        for (index, reading) in readings.enumerated().dropFirst() where !reading.words.isEmpty {
            for (slot, word) in aligned(frame.words, reading.words) { ballots[slot].append((index, word)) }
        }
        var words = frame.words
        var from: [String] = []
        for (slot, ballot) in ballots.enumerated() {
            var tally: [String: (weight: Double, count: Int, first: Int)] = [:]
            for (position, vote) in ballot.enumerated() {
                let key = spelling(vote.word)
                let weight = max(0.01, vote.word.confidence / 100) * (vote.reading == 0 ? pageWeight : 1)
                let sum = tally[key, default: (0, 0, position)]
                tally[key] = (sum.weight + weight, sum.count + 1, sum.first)
            }
            let pageKey = spelling(frame.words[slot])
            guard let (winner, votes) = tally.max(by: { ($0.value.weight, -$0.value.first) < ($1.value.weight, -$1.value.first) }),
                  winner != pageKey, votes.count >= supporters else { continue }
            let chosen = ballot[votes.first]
            words[slot] = chosen.word
            let source = readings[chosen.reading].source
            if !from.contains(source) { from.append(source) }
        }
        return (words, from)
    }

    /// A word as the vote compares it: its letters without white space.
    static func spelling(_ word: RecognizedWord) -> String { String(word.text.filter { !$0.isWhitespace }) }

    /// How unlike two words may be (their edit distance over the longer's length) for one to
    /// stand in the other's place: further apart, a crop read something else there (a logo's
    /// strokes, a neighbour's word), not the same word otherwise.
    static let farthest = 0.5

    /// The words of `other` that stand in the place of a word of `frame`, as (the frame's
    /// word's index, the word): a cheapest alignment of the two lines, where putting one word
    /// in another's place costs how unlike they are (0-1) and leaving one out costs 1, so that
    /// a word split or joined differently shifts no other.
    package static func aligned(_ frame: [RecognizedWord], _ other: [RecognizedWord]) -> [(Int, RecognizedWord)] {
        let (a, b) = (frame.map { Array(spelling($0)) }, other.map { Array(spelling($0)) })
        let columns = b.count + 1
        var cost = [Double](repeating: 0, count: (a.count + 1) * columns)
        for i in 0...a.count { cost[i * columns] = Double(i) }
        for j in 0...b.count { cost[j] = Double(j) }
        for i in a.indices {
            for j in b.indices {
                cost[(i + 1) * columns + j + 1] = min(cost[i * columns + j] + unlikeness(a[i], b[j]),
                                                      cost[i * columns + j + 1] + 1, cost[(i + 1) * columns + j] + 1)
            }
        }
        var pairs: [(Int, RecognizedWord)] = []
        var (i, j) = (a.count, b.count)
        while i > 0, j > 0 {
            let here = cost[i * columns + j]
            let unlike = unlikeness(a[i - 1], b[j - 1])
            if here == cost[(i - 1) * columns + j - 1] + unlike {
                if unlike <= farthest { pairs.append((i - 1, other[j - 1])) }
                (i, j) = (i - 1, j - 1)
            } else if here == cost[(i - 1) * columns + j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return pairs.reversed()
    }

    /// The edit distance between two words over the longer's length: 0 alike, 1 nothing shared.
    static func unlikeness(_ a: [Character], _ b: [Character]) -> Double {
        guard a != b else { return 0 }
        return Double(EditDistance.between(a, b)) / Double(max(a.count, b.count, 1))
    }
}
