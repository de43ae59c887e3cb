import Recognition
import Testing

@Suite("Coordinates of a page read resampled")
struct PageCoordinatesTests {
    private func rescaled(_ text: String, _ format: TesseractDocument.Format, by scale: Double) -> String {
        String(decoding: PageCoordinates(format: format, scale: scale).rescale(Array(text.utf8)), as: UTF8.self)
    }

    @Test("hOCR: boxes, line sizes, the baseline's offset and the resolution scale; its slope, confidences, names and text do not")
    func hocr() {
        let page = """
            <div class='ocr_page' id='page_1' title='image "scan bbox 1 2 3 4.png"; bbox 0 0 2000 1500; ppageno 0; scan_res 150 150'>
             <span class='ocr_line' id='line_1_1' title="bbox 100 50 900 80; baseline 0.018 -8; x_size 24.5; x_descenders 6; x_ascenders 6.25">
              <span class='ocrx_word' id='word_1_1' title='bbox 100 50 300 80; x_wconf 92'>bbox 7 8 9 10</span>
            """
        let expected = """
            <div class='ocr_page' id='page_1' title='image "scan bbox 1 2 3 4.png"; bbox 0 0 4000 3000; ppageno 0; scan_res 300 300'>
             <span class='ocr_line' id='line_1_1' title="bbox 200 100 1800 160; baseline 0.018 -16; x_size 49; x_descenders 12; x_ascenders 12.5">
              <span class='ocrx_word' id='word_1_1' title='bbox 200 100 600 160; x_wconf 92'>bbox 7 8 9 10</span>
            """
        #expect(rescaled(page, .hocr, by: 2) == expected)
    }

    @Test("ALTO: positions and sizes scale, content does not")
    func alto() {
        let page = #"<Page WIDTH="1000" HEIGHT="800"><String ID="s" HPOS="10" VPOS="21" WIDTH="33" HEIGHT="15" WC="0.96" CONTENT="WIDTH=&quot;3&quot;"/>"#
        let expected = #"<Page WIDTH="2000" HEIGHT="1600"><String ID="s" HPOS="20" VPOS="42" WIDTH="66" HEIGHT="30" WC="0.96" CONTENT="WIDTH=&quot;3&quot;"/>"#
        #expect(rescaled(page, .alto, by: 2) == expected)
    }

    @Test("TSV: the box columns of every row scale; the header, the numbering, confidences and words do not")
    func tsv() {
        let rows = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
            + "1\t1\t0\t0\t0\t0\t0\t0\t1000\t800\t-1\t\n5\t1\t1\t1\t1\t1\t10\t21\t33\t15\t96.5\t12\n"
        let expected = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
            + "1\t1\t0\t0\t0\t0\t0\t0\t2000\t1600\t-1\t\n5\t1\t1\t1\t1\t1\t20\t42\t66\t30\t96.5\t12\n"
        #expect(rescaled(rows, .tsv, by: 2) == expected)
    }

    @Test("A scale of 1 and plain text leave the bytes as they are")
    func unchanged() {
        #expect(rescaled("bbox 1 2 3 4", .hocr, by: 1) == "bbox 1 2 3 4")
        #expect(rescaled("title='bbox 1 2 3 4'", .txt, by: 2) == "title='bbox 1 2 3 4'")
    }
}
