import Testing
import TextComparison

@Suite("What a filter changed")
struct WordDiffTests {
    @Test("Lost and gained words are counted as often as they differ, the first few listed")
    func changes() {
        let changes = WordChanges(from: "Total 12.50 cash cash tea", to: "Tota1 12.50 cash coffee")
        #expect(changes.lost == 3 && changes.lostWords == ["total", "cash", "tea"])
        #expect(changes.gained == 2 && changes.gainedWords == ["tota1", "coffee"])
        #expect(WordChanges(from: "a b", to: "b a").isEmpty, "the same words in another order changed nothing")
    }

    @Test("Only the first five words are listed")
    func firstFew() {
        let changes = WordChanges(from: "one two three four five six seven", to: "")
        #expect(changes.lost == 7 && changes.lostWords == ["one", "two", "three", "four", "five"])
    }

    @Test("The diff keeps the common words in order and marks the rest")
    func diff() {
        let edits = WordDiff.between("the quick brown fox", "the quack brown dog fox")
        #expect(edits == [.same("the"), .added("quack"), .removed("quick"), .same("brown"), .added("dog"), .same("fox")])
        #expect(WordDiff.between("", "a").map { $0 } == [.added("a")])
        #expect(WordDiff.between("a b", "") == [.removed("a"), .removed("b")])
    }
}
