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

    @Test("One line per update when not on a terminal")
    func line() {
        #expect(WatchFace.line(snapshot) == "#0 1970-01-01T00:16:40.000Z receipt.png [binarize binarize 25%]: total (3), cash (2), tea (1)")
    }
}
