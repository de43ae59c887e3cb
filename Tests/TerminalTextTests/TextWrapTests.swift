import Core
import TerminalText
import Testing

@Suite("Wrapping and counting words for people")
struct TextWrapTests {
    @Test("Lines break between words and fit the width")
    func wrapsBetweenWords() {
        let text = "filterocr: error: cannot write /tmp/out/filtered.png: the folder /tmp/out does not exist"
        let lines = TextWrap.lines(text, width: 30, indent: "  ")
        #expect(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        #expect(lines.count > 1)
        #expect(lines.joined(separator: " ").split(separator: " ") == text.split(separator: " "), "no word is cut")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    }

    @Test("A word longer than a line is cut, as nothing else fits")
    func longWord() {
        let lines = TextWrap.lines(String(repeating: "x", count: 25), width: 10)
        #expect(lines.allSatisfy { $0.count <= 10 })
        #expect(lines.joined() == String(repeating: "x", count: 25))
    }

    @Test("Short text is one line, unchanged")
    func shortText() {
        #expect(TextWrap.lines("GREENLEAF MARKET", width: 76) == ["GREENLEAF MARKET"])
    }

    @Test("One of a thing is singular", arguments: [(0, "0 words"), (1, "1 word"), (2, "2 words")])
    func plural(count: Int, expected: String) {
        #expect(Plural.count(count, "word") == expected)
    }

    @Test("Irregular plurals are given")
    func irregular() {
        #expect(Plural.count(1, "word box", "word boxes") == "1 word box")
        #expect(Plural.count(3, "word box", "word boxes") == "3 word boxes")
    }
}
