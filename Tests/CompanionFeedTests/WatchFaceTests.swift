import CompanionFeed
import Foundation
import Testing
import WordFrequency

@Suite("Watch face layout")
struct WatchFaceTests {
    private let snapshot = FeedSnapshot(
        updatedAt: Date(timeIntervalSince1970: 1_000), image: "receipt.png", segment: "binarize",
        operations: ["binarize 25%"],
        topWords: [WordCount(word: "total", count: 3), WordCount(word: "cash", count: 2), WordCount(word: "tea", count: 1)],
        sessionTopWords: [], wordCount: 12, meanConfidence: 91, source: "repl")

    @Test("The three words are drawn large, with counts, origin and age")
    func bigWords() {
        let screen = WatchFace.render(snapshot, width: 100, height: 40, now: Date(timeIntervalSince1970: 1_012))
        let text = screen.joined(separator: "\n")
        #expect(text.contains("█"))
        #expect(text.contains("1. total  ×3") && text.contains("2. cash  ×2") && text.contains("3. tea  ×1"))
        #expect(text.contains("receipt.png · binarize · binarize 25%"))
        #expect(text.contains("12 s ago"))
        #expect(screen.count <= 40 && screen.allSatisfy { $0.count <= 100 })
    }

    @Test("On a small terminal the words fall back to plain text and still fit")
    func smallTerminal() {
        let screen = WatchFace.render(snapshot, width: 30, height: 12, now: Date(timeIntervalSince1970: 1_000))
        #expect(!screen.joined().contains("█"))
        #expect(screen.contains { $0.contains("TOTAL") })
        #expect(screen.count <= 12 && screen.allSatisfy { $0.count <= 30 })
    }

    private func snapshot(words: [String]) -> FeedSnapshot {
        FeedSnapshot(updatedAt: Date(timeIntervalSince1970: 1_000), image: "page-1.png", segment: "blur",
                     operations: ["blur 25%", "blur 75%"],
                     topWords: words.enumerated().map { WordCount(word: $0.element, count: 9 - $0.offset) },
                     sessionTopWords: [], wordCount: 240, meanConfidence: 88, source: "batch")
    }

    private func render(_ words: [String], width: Int, height: Int) -> [String] {
        WatchFace.render(snapshot(words: words), width: width, height: height, now: Date(timeIntervalSince1970: 1_012))
    }

    /// Rows holding block-letter ink.
    private func blockRows(_ screen: [String]) -> Int {
        screen.filter { $0.contains("█") }.count
    }

    /// Everything but the big letters is on screen.
    private func expectEverythingShown(_ screen: [String], words: [String],
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        let text = screen.joined(separator: "\n")
        for (rank, word) in words.enumerated() {
            #expect(text.contains("\(rank + 1). \(word)  ×\(9 - rank)"), sourceLocation: sourceLocation)
        }
        #expect(text.contains("page-1.png · blur · blur 25% · blur 75%"), sourceLocation: sourceLocation)
        #expect(text.contains("#0 · 12 s ago · 240 words, confidence 88"), sourceLocation: sourceLocation)
        #expect(text.contains("q to quit"), sourceLocation: sourceLocation)
    }

    @Test("On a standard 80x24 terminal three words are drawn in block letters and everything fits")
    func standardTerminal() {
        let words = ["the", "quick", "brown"]
        let screen = render(words, width: 80, height: 24)
        #expect(blockRows(screen) == 3 * 5)
        #expect(!screen.contains { $0.contains("QUICK") })
        expectEverythingShown(screen, words: words)
        #expect(screen.count <= 24 && screen.allSatisfy { $0.count <= 80 })
    }

    @Test("A 13-letter word is drawn in block letters within 80 columns")
    func thirteenLetters() {
        let words = ["unconquerable", "mmmmmmmmmmmmm", "brown"]
        let screen = render(words, width: 80, height: 24)
        #expect(blockRows(screen) == 3 * 5)
        #expect(screen.contains { $0.count >= 77 && $0.contains("█") })
        expectEverythingShown(screen, words: words)
        #expect(screen.count <= 24 && screen.allSatisfy { $0.count <= 80 })
    }

    @Test("One row and one column less than 80x24 still fits, with nothing but spacing dropped")
    func slightlySmaller() {
        let words = ["the", "quick", "brown"]
        let screen = render(words, width: 79, height: 23)
        expectEverythingShown(screen, words: words)
        #expect(blockRows(screen) == 3 * 5 || screen.contains { $0.contains("QUICK") })
        #expect(screen.count <= 23 && screen.allSatisfy { $0.count <= 79 })
    }

    @Test("Three rows short of 80x24, the blank lines go and the block letters stay")
    func blankLinesGoFirst() {
        let words = ["the", "quick", "brown"]
        let screen = render(words, width: 80, height: 21)
        #expect(blockRows(screen) == 3 * 5)
        #expect(!screen.contains(""))
        expectEverythingShown(screen, words: words)
        #expect(screen.count == 21 && screen.allSatisfy { $0.count <= 80 })
    }

    @Test("A word too wide for block letters is written plainly; the others stay large")
    func tooWide() {
        let words = ["unconquerables", "quick", "brown"]
        let screen = render(words, width: 80, height: 24)
        #expect(screen.contains { $0.contains("UNCONQUERABLES") })
        #expect(blockRows(screen) == 2 * 5)
        expectEverythingShown(screen, words: words)
        #expect(screen.count <= 24 && screen.allSatisfy { $0.count <= 80 })
    }

    @Test("Every terminal size gets a screen within its rows and columns", arguments: [0, 1, 5, 12, 30, 79, 80, 120])
    func everySize(width: Int) {
        for height in [0, 1, 2, 5, 9, 11, 12, 20, 21, 23, 24, 40] {
            let screen = render(["the", "quick", "brown"], width: width, height: height)
            #expect(screen.count <= height && screen.allSatisfy { $0.count <= width }, "\(width)x\(height)")
            let problem = WatchFace.render(problem: "waiting for feed at /tmp/topwords.json", width: width,
                                           height: height)
            #expect(problem.count <= height && problem.allSatisfy { $0.count <= width }, "\(width)x\(height)")
        }
    }

    @Test("One line per update when not on a terminal")
    func line() {
        #expect(WatchFace.line(snapshot) == "#0 1970-01-01T00:16:40.000Z receipt.png [binarize binarize 25%]: total (3), cash (2), tea (1)")
    }
}
