import TestSupport
import Testing
import TextComparison

/// A line of millions of characters, as a hostile or careless truth file has: aligned, counted
/// and cut into rows in time linear in its length (the timing itself is for the benchmarks;
/// here, that the answers are right at that size).
@Suite("Long lines")
struct LongLineTests {
    /// About `count` scalars of words separated by single spaces.
    private func words(_ count: Int, seed: UInt64) -> String {
        var generator = RepeatableGenerator(seed: seed)
        // No word of one letter: losing it would leave two spaces, which count as one.
        let vocabulary = ["the", "quick", "brown", "fox", "jumps", "over", "an", "lazy", "dog", "page", "line", "of",
                          "recognition", "character", "printing", "noise", "filter", "and", "ink", "paper"]
        var text = String.UnicodeScalarView()
        var length = 0
        while length < count {
            let word = vocabulary[Int(generator.next() % UInt64(vocabulary.count))].unicodeScalars
            text.append(contentsOf: word)
            text.append(" ")
            length += word.count + 1
        }
        text.removeLast()
        return String(text)
    }

    @Test("Rows of a 2,000,000-character stretch read as it is: each at most the width, cut after a space, the text whole")
    func rowsOfALongStretch() throws {
        let truth = words(2_000_000, seed: 1)
        let alignment = TextAlignment(truth: truth, recognized: truth)
        let rows = alignment.rows(width: 48)
        #expect(rows.allSatisfy { $0.count == 1 && $0[0].kind == .equal })
        let texts = rows.map { $0[0].truth }
        #expect(texts.allSatisfy { $0.unicodeScalars.count <= 48 })
        // Every row but the last ends after a space, and none is shorter than the width less a word.
        #expect(texts.dropLast().allSatisfy { $0.hasSuffix(" ") && $0.unicodeScalars.count > 48 - 12 })
        #expect(texts.joined() == alignment.truth)
        #expect(rows.map { $0[0].recognized } == texts)
    }

    @Test("A 2,000,000-character word with no space is cut at the width")
    func rowsOfOneLongWord() {
        let truth = String(repeating: "x", count: 2_000_000)
        let rows = TextAlignment(truth: truth, recognized: truth).rows(width: 48)
        #expect(rows.count == 2_000_000 / 48 + 1)
        #expect(rows.dropLast().allSatisfy { $0.count == 1 && $0[0].truth.unicodeScalars.count == 48 })
        #expect(rows.last?.first?.truth.unicodeScalars.count == 2_000_000 % 48)
    }

    @Test("Errors far apart in a 2,000,000-character line are each one error, as the exact distance counts them")
    func sparseErrorsAreCountedExactly() {
        let truth = words(2_000_000, seed: 2)
        // In every thousand scalars, one read as `#`, one lost and `@` added after one.
        var read = String.UnicodeScalarView()
        var errors = 0
        for (index, scalar) in truth.unicodeScalars.enumerated() {
            switch index % 1000 {
            case 100: read.append("#")
            case 400: break
            case 700: read.append(contentsOf: [scalar, "@"])
            default: read.append(scalar); continue
            }
            errors += 1
        }
        let recognized = String(read)
        #expect(!EditScript.isExactSize(truth.unicodeScalars.count, recognized.unicodeScalars.count))
        let alignment = TextAlignment(truth: truth, recognized: recognized)
        #expect(alignment.distance == errors)
        #expect(alignment.segments.map(\.truth).joined() == alignment.truth)
        #expect(alignment.segments.map(\.recognized).joined() == alignment.recognized)
        #expect(ErrorCounts(alignment).characterErrors == errors)
        #expect(ErrorCount(charactersOf: recognized, truth: truth).errors == errors)
        let rows = alignment.rows(width: 48)
        #expect(rows.map { $0.map(\.truth).joined() }.joined() == alignment.truth)
        #expect(rows.map { $0.map(\.recognized).joined() }.joined() == alignment.recognized)
    }

    @Test("Two unrelated long texts: a valid script, and never more errors than the longer text has characters")
    func unrelatedTexts() {
        let truth = words(300_000, seed: 3), recognized = words(250_000, seed: 4)
        let alignment = TextAlignment(truth: truth, recognized: recognized)
        #expect(alignment.distance <= max(alignment.truth.unicodeScalars.count, alignment.recognized.unicodeScalars.count))
        #expect(alignment.segments.map(\.truth).joined() == alignment.truth)
        #expect(alignment.segments.map(\.recognized).joined() == alignment.recognized)
        #expect(alignment.confusions.total == alignment.distance)
    }

    @Test("A text that only repeats itself, with errors: windows find every error")
    func repetitiveText() {
        let truth = String(repeating: "ab ", count: 100_000)
        var read = String.UnicodeScalarView()
        var errors = 0
        for (index, scalar) in truth.unicodeScalars.enumerated() {
            if index % 1000 == 999 { read.append("x"); errors += 1 } else { read.append(scalar) }
        }
        let alignment = TextAlignment(truth: truth, recognized: String(read))
        #expect(alignment.distance == errors)
    }

    @Test("Readable: a line of alternating errors is one change, made in one pass")
    func alternatingErrors() {
        let truth = String(repeating: "ab", count: 200_000), recognized = String(repeating: "ac", count: 200_000)
        let alignment = TextAlignment(truth: truth, recognized: recognized)
        #expect(alignment.distance == 200_000)
        let readable = alignment.readable
        #expect(readable.map(\.kind) == [.equal, .replaced])
        #expect(readable.map(\.truth).joined() == truth && readable.map(\.recognized).joined() == recognized)
    }

    @Test("Word errors of a long line are counted without a quadratic table")
    func wordErrorsOfALongLine() {
        let truth = words(1_000_000, seed: 5)
        var truthWords = truth.split(separator: " ")
        let count = truthWords.count
        let wrong = Array(stride(from: 50, to: count, by: 100))
        for index in wrong { truthWords[index] = "WRONG" }
        let recognized = truthWords.joined(separator: " ")
        let counts = ErrorCounts(truth: truth, recognized: recognized)
        #expect(counts.words == count)
        #expect(counts.wordErrors == wrong.count)
    }
}
