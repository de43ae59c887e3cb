import Documents
import Testing

/// The invisible words laid over a page whose text was revised.
@Suite("Words of a revised page's text layer")
struct PDFWordsTests {
    private func text(_ words: PDFWords) -> String { String(decoding: words.contents, as: UTF8.self) }

    @Test("A line is one text object: each word on the baseline, a space after all but the last, stretched to the next word")
    func line() {
        let words = PDFWords(lines: [[.init(text: "Ab", x: 100, y: 100, width: 80, height: 20),
                                      .init(text: "c", x: 200, y: 100, width: 20, height: 20)]], width: 1000, height: 500)
        #expect(text(words) == "BT\n3 Tr\n/f-0-0 20 Tf\n1 0 0 1 100 380 Tm 333.3333 Tz <004100620020> Tj\n"
                + "1 0 0 1 200 380 Tm 200 Tz <0063> Tj\nET\n")
    }

    @Test("A sloped line's words turn with it, each on the line from the first word's foot to the last's")
    func sloped() {
        // The baseline rises 100 over 100 to the right (y grows downwards in pixels): 45 degrees.
        let words = PDFWords(lines: [[.init(text: "a", x: 0, y: 380, width: 20, height: 20),
                                      .init(text: "b", x: 80, y: 280, width: 20, height: 20)]], width: 100, height: 400)
        #expect(text(words) == "BT\n3 Tr\n/f-0-0 20 Tf\n0.7071 0.7071 -0.7071 0.7071 0 0 Tm 565.6854 Tz <00610020> Tj\n"
                + "0.7071 0.7071 -0.7071 0.7071 80 80 Tm 282.8427 Tz <0062> Tj\nET\n")
    }

    @Test("Characters beyond the basic plane go as their two UTF-16 units; blank words and empty lines draw nothing")
    func unitsAndBlanks() {
        let words = PDFWords(lines: [[], [.init(text: " ", x: 0, y: 0, width: 5, height: 5),
                                          .init(text: "𝔸", x: 10, y: 0, width: 10, height: 10)]], width: 50, height: 50)
        #expect(text(words) == "BT\n3 Tr\n/f-0-0 10 Tf\n1 0 0 1 10 40 Tm 100 Tz <D835DD38> Tj\nET\n")
    }
}
