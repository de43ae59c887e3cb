import Core
import Imaging
import Reports
import Session
import Testing

@Suite("Session words")
struct SessionWordsTests {
    private let original = Renderer.Cache.Key(original: 1, operations: [], space: .linear)
    private let blurred = Renderer.Cache.Key(original: 1, operations: [FilterOperation(.blur)], space: .linear)

    @Test("A rendering counted before does not count again")
    func distinctRenderings() throws {
        var words = SessionWords()
        words.add("the cat", rendering: original)
        words.add("the cat", rendering: original)
        words.add("the dog", rendering: blurred)
        #expect(words.top() == [.init(word: "the", count: 2), .init(word: "cat", count: 1), .init(word: "dog", count: 1)])
    }

    @Test("Without a rendering key every recognition counts, as in a batch")
    func withoutKey() {
        var words = SessionWords(ignoring: ["the"])
        words.add("the cat", rendering: nil)
        words.add("the cat", rendering: nil)
        #expect(words.top() == [.init(word: "cat", count: 2)])
    }
}
