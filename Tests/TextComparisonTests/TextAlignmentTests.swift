import TestSupport
import Testing
import TextComparison

@Suite("Aligning a truth with its recognition")
struct TextAlignmentTests {
    private func shape(_ alignment: TextAlignment) -> [String] {
        alignment.segments.map { "\($0.kind.rawValue):\($0.truth)|\($0.recognized)" }
    }

    @Test("Equal, substituted, deleted and inserted stretches, in reading order")
    func segments() {
        let alignment = TextAlignment(truth: "the quick brown fox", recognized: "tho quick brwn foxes")
        #expect(shape(alignment) == ["equal:th|th", "substituted:e|o", "equal: quick br| quick br", "deleted:o|",
                                     "equal:wn fox|wn fox", "inserted:|es"])
        #expect(alignment.distance == 4)
        #expect(alignment.truth == "the quick brown fox")
    }

    @Test("The texts are normalised as Accuracy scores them: NFC, white space folded")
    func normalised() {
        let alignment = TextAlignment(truth: "  caf\u{E9}\n\nau  lait ", recognized: "cafe\u{301} au\tlait")
        #expect(shape(alignment) == ["equal:café au lait|café au lait"])
        #expect(alignment.distance == 0)
    }

    @Test("The script is as short as the Levenshtein distance, and spells both texts",
          arguments: 0..<6)
    func shortest(seed: UInt64) {
        var generator = RepeatableGenerator(seed: seed)
        let alphabet = Array("ab cdeé")
        for _ in 0..<40 {
            let truth = String((0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % 7)] })
            let read = String((0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % 7)] })
            let alignment = TextAlignment(truth: truth, recognized: read)
            let expected = EditDistance.between(Array(alignment.truth.unicodeScalars), Array(alignment.recognized.unicodeScalars))
            #expect(alignment.distance == expected, "\(truth) / \(read)")
            #expect(alignment.segments.map(\.truth).joined() == alignment.truth)
            #expect(alignment.segments.map(\.recognized).joined() == alignment.recognized)
        }
    }

    @Test("Long texts are split in halves (Hirschberg) and still give a shortest script")
    func longTexts() {
        var generator = RepeatableGenerator(seed: 42)
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "rn", "m"]
        let truth = (0..<600).map { _ in words[Int(generator.next() % 10)] }.joined(separator: " ")
        // Damage about one character in twelve: substitute, delete or insert.
        var read = String.UnicodeScalarView()
        for scalar in truth.unicodeScalars {
            switch generator.next() % 36 {
            case 0: read.append("e")
            case 1: break
            case 2: read.append(scalar); read.append("i")
            default: read.append(scalar)
            }
        }
        let recognized = Accuracy.normalized(String(read))
        let (truthScalars, readScalars) = (Array(truth.unicodeScalars), Array(recognized.unicodeScalars))
        #expect((truthScalars.count + 1) * (readScalars.count + 1) > 1 << 20, "the texts are too short to be split")
        let alignment = TextAlignment(truth: truth, recognized: recognized)
        #expect(alignment.distance == EditDistance.between(truthScalars, readScalars))
        #expect(alignment.segments.map(\.recognized).joined() == recognized)
    }

    @Test("Confusions pair each truth character with what was read for it, ∅ as an empty side")
    func confusions() {
        let alignment = TextAlignment(truth: "hello world hello", recognized: "hallo wrld hallo!")
        let confusions = alignment.confusions.mostFrequent
        #expect(confusions.reduce(0) { $0 + $1.count } == alignment.distance)
        let pairs = confusions.map { "\($0.kind.rawValue) \($0.truth)>\($0.recognized) \($0.count)" }
        // The most frequent first; equal counts in the order of the truth's character (none first).
        #expect(pairs == ["substituted e>a 2", "inserted >! 1", "deleted o> 1"])
    }

    @Test("Readable: edits next to each other are one change, and a stray match inside a lost passage goes into it")
    func readable() {
        let adjacent = TextAlignment(truth: "a new day", recognized: "a a day")
        #expect(adjacent.segments.count > 3)
        #expect(adjacent.readable.map { "\($0.kind.rawValue):\($0.truth)|\($0.recognized)" }
                == ["equal:a |a ", "replaced:new|a", "equal: day| day"])
        let lost = TextAlignment(truth: "start. what they did here. end", recognized: "start. h end")
        #expect(lost.segments.contains { $0.kind == .equal && $0.truth == "h" })
        #expect(lost.readable.map { "\($0.kind.rawValue):\($0.truth)|\($0.recognized)" }
                == ["equal:start. |start. ", "replaced:what they did here.|h", "equal: end| end"])
        // The texts are whole in either view, and far-apart errors stay apart.
        for alignment in [adjacent, lost] {
            #expect(alignment.readable.map(\.truth).joined() == alignment.truth)
            #expect(alignment.readable.map(\.recognized).joined() == alignment.recognized)
        }
        let apart = TextAlignment(truth: "the quick brown fox", recognized: "tho quick brwn fox")
        #expect(apart.readable.filter { $0.kind != .equal }.count == 2)
    }

    @Test("Rows break after a space near the width, keep changes whole, and hold both texts")
    func rows() throws {
        let alignment = TextAlignment(truth: "one two three four five six seven eight",
                                      recognized: "one tw0 three four fivesix seven eight")
        let rows = alignment.rows(width: 12)
        #expect(rows.map { $0.map(\.truth).joined() }.joined() == alignment.truth)
        #expect(rows.map { $0.map(\.recognized).joined() }.joined() == alignment.recognized)
        for row in rows {
            let width = row.reduce(0) { $0 + max($1.truth.unicodeScalars.count, $1.recognized.unicodeScalars.count) }
            #expect(width <= 12, "\(row)")
        }
        let first = try #require(rows.first)
        #expect(first.map(\.truth).joined() == "one two ")
        // A word longer than a row is cut where it must be.
        let long = TextAlignment(truth: String(repeating: "x", count: 30), recognized: String(repeating: "x", count: 30))
        #expect(long.rows(width: 12).map { $0.map(\.truth).joined().count } == [12, 12, 6])
    }
}
