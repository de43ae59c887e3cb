import Recognition
import Testing

/// Replaced lines written into what Tesseract's renderers wrote for a page, as they write it:
/// the replaced line's words change, and every other byte stays.
@Suite("Revised lines in the text formats")
struct LineRevisionTests {
    private func word(_ text: String, _ x: Int, _ confidence: Double = 91) -> RecognizedWord {
        RecognizedWord(text: text, confidence: confidence, box: BoundingBox(x: x, y: 315, width: 50, height: 41))
    }

    /// "CHAPTER I" read as such, put back as three words, one of them needing escapes: line
    /// `index` of a page of `count` lines.
    private func revision(index: Int = 1, of count: Int = 2) -> LineRevision {
        let read = [word("CHAPTER", 670, 92), word("I", 980, 92)]
        let revised = [word("CHAPTER", 670, 95), word("1", 980, 88), word("<&'>", 1040, 61)]
        let others = (0..<count).map { [word("line\($0)", 100)] }
        var lines = others
        lines[index] = revised
        return LineRevision(replaced: [.init(index: index, read: read, revised: revised)], lines: lines)
    }

    private func revised(_ text: String, _ format: TesseractDocument.Format, index: Int = 1, of count: Int = 2) -> String {
        String(decoding: revision(index: index, of: count).revise(Array(text.utf8), format: format), as: UTF8.self)
    }

    private let hocrFirstLine = """
           <span class='ocr_line' id='line_1_1' title="bbox 623 156 1047 181; baseline 0 0; x_size 34">
            <span class='ocrx_word' id='word_1_1' title='bbox 623 156 734 181; x_wconf 96'>PRIDE</span>
            <span class='ocrx_word' id='word_1_2' title='bbox 746 156 826 181; x_wconf 96'>I</span>
           </span>

        """

    @Test("hOCR: the line's word spans, their identifiers kept and a new one after the last, boxes, confidences and escapes")
    func hocr() {
        let line = """
               <span class='ocr_line' id='line_1_2' title="bbox 670 315 1002 356; baseline 0 -1; x_size 52.9">
                <span class='ocrx_word' id='word_1_4' title='bbox 670 315 963 356; x_wconf 92'>CHAPTER</span>
                <span class='ocrx_word' id='word_1_5' title='bbox 980 316 1002 355; x_wconf 92'>I</span>
               </span>
            """
        let expected = """
               <span class='ocr_line' id='line_1_2' title="bbox 670 315 1002 356; baseline 0 -1; x_size 52.9">
                <span class='ocrx_word' id='word_1_4' title='bbox 670 315 720 356; x_wconf 95'>CHAPTER</span>
                <span class='ocrx_word' id='word_1_5' title='bbox 980 315 1030 356; x_wconf 88'>1</span>
                <span class='ocrx_word' id='word_1_5_2' title='bbox 1040 315 1090 356; x_wconf 61'>&lt;&amp;&#39;&gt;</span>
               </span>
            """
        #expect(revised(hocrFirstLine + line, .hocr) == hocrFirstLine + expected)
    }

    @Test("ALTO: the line's String elements with a space between two, identifiers kept")
    func alto() {
        let other = #"<TextLine ID="line_0"><String ID="string_0" HPOS="623" VPOS="156" WIDTH="111" HEIGHT="25" WC="0.96" CONTENT="PRIDE"/></TextLine>"#
        let line = """
            <TextLine ID="line_1" HPOS="670" VPOS="315" WIDTH="332" HEIGHT="41">
            \t<String ID="string_3" HPOS="670" VPOS="315" WIDTH="293" HEIGHT="41" WC="0.92" CONTENT="CHAPTER"/><SP WIDTH="17" VPOS="315" HPOS="963"/>
            \t<String ID="string_4" HPOS="980" VPOS="316" WIDTH="22" HEIGHT="39" WC="0.92" CONTENT="I"/>
            </TextLine>
            """
        let expected = """
            <TextLine ID="line_1" HPOS="670" VPOS="315" WIDTH="332" HEIGHT="41">
            \t<String ID="string_3" HPOS="670" VPOS="315" WIDTH="50" HEIGHT="41" WC="0.95" CONTENT="CHAPTER"/><SP WIDTH="260" VPOS="315" HPOS="720"/>
            \t<String ID="string_4" HPOS="980" VPOS="315" WIDTH="50" HEIGHT="41" WC="0.88" CONTENT="1"/><SP WIDTH="10" VPOS="315" HPOS="1030"/>
            \t<String ID="string_4_2" HPOS="1040" VPOS="315" WIDTH="50" HEIGHT="41" WC="0.61" CONTENT="&lt;&amp;&#39;&gt;"/>
            </TextLine>
            """
        #expect(revised(other + "\n" + line, .alto) == other + "\n" + expected)
    }

    @Test("TSV: the line's word rows, numbered again, under its own line row")
    func tsv() {
        let rows = """
            4\t1\t1\t1\t1\t0\t623\t156\t424\t25\t-1\t
            5\t1\t1\t1\t1\t1\t623\t156\t111\t25\t96.229752\tI
            4\t1\t2\t1\t1\t0\t670\t315\t332\t41\t-1\t
            5\t1\t2\t1\t1\t1\t670\t315\t293\t41\t92.1\tCHAPTER
            5\t1\t2\t1\t1\t2\t980\t316\t22\t39\t92.1\tI
            2\t1\t3\t0\t0\t0\t191\t423\t1294\t1691\t-1\t

            """
        let expected = """
            4\t1\t1\t1\t1\t0\t623\t156\t424\t25\t-1\t
            5\t1\t1\t1\t1\t1\t623\t156\t111\t25\t96.229752\tI
            4\t1\t2\t1\t1\t0\t670\t315\t332\t41\t-1\t
            5\t1\t2\t1\t1\t1\t670\t315\t50\t41\t95.000000\tCHAPTER
            5\t1\t2\t1\t1\t2\t980\t315\t50\t41\t88.000000\t1
            5\t1\t2\t1\t1\t3\t1040\t315\t50\t41\t61.000000\t<&'>
            2\t1\t3\t0\t0\t0\t191\t423\t1294\t1691\t-1\t

            """
        #expect(revised(rows, .tsv) == expected)
    }

    @Test("Text: the line's row, a page's form feed before it kept")
    func text() {
        #expect(revised("\u{0C}PRIDE AND I\n\nCHAPTER I\nIt is\n", .txt, of: 3) == "\u{0C}PRIDE AND I\n\nCHAPTER 1 <&'>\nIt is\n")
        #expect(revised("\u{0C}CHAPTER I\n", .txt, index: 0, of: 1) == "\u{0C}CHAPTER 1 <&'>\n")
    }

    @Test("A line is found by its place: of two lines that read the same letters, the one replaced changes")
    func sameLettersTwice() {
        let text = "Moder burn\nCHAPTER I\nCHAPTER I\nend\n"
        #expect(revised(text, .txt, index: 2, of: 4) == "Moder burn\nCHAPTER I\nCHAPTER 1 <&'>\nend\n")
        let rows = """
            4\t1\t1\t1\t1\t0\t670\t215\t332\t41\t-1\t
            5\t1\t1\t1\t1\t1\t670\t215\t293\t41\t92.1\tCHAPTER
            5\t1\t1\t1\t1\t2\t980\t216\t22\t39\t92.1\tI
            4\t1\t2\t1\t1\t0\t670\t315\t332\t41\t-1\t
            5\t1\t2\t1\t1\t1\t670\t315\t293\t41\t92.1\tCHAPTER
            5\t1\t2\t1\t1\t2\t980\t316\t22\t39\t92.1\tI

            """
        let result = revised(rows, .tsv, index: 1, of: 2)
        #expect(result.hasPrefix(String(rows.split(separator: "\n")[0...2].joined(separator: "\n"))), "the first line kept")
        #expect(result.contains("\t980\t315\t50\t41\t88.000000\t1\n"), "the second line revised")
    }

    @Test("A fragment of another reading (another count of lines), and a PDF, are left as they are")
    func notFound() {
        let other = "PRIDE AND PREJUDICE\n\nCHAPTER II\n"
        #expect(revised(other, .txt, of: 3) == other)
        #expect(revised(hocrFirstLine, .hocr) == hocrFirstLine)
        #expect(revision().revise([1, 2, 3], format: .pdf) == [1, 2, 3])
    }
}
