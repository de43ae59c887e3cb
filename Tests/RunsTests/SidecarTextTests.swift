import Core
import Imaging
import Recognition
import Reports
import Runs
import Testing

@Suite("The sidecar's text, as OCRmyPDF writes it")
struct SidecarTextTests {
    /// A page of a PDF (`*.pdf`) or a TIFF of `count` pages when `number` is given; an image otherwise.
    private func document(_ input: String, _ number: Int?, of count: Int) -> WorkUnit.DocumentPages? {
        number.map { _ in WorkUnit.DocumentPages(kind: input.hasSuffix(".pdf") ? .pdf : .tiff, count: count) }
    }

    private func page(_ input: String, _ number: Int?, of count: Int = 5, _ text: String) -> ImageRunner.Result {
        var report = RecognitionReport(
            image: input, filters: FilterState(),
            recognized: RecognizedText(text: text, meanConfidence: 90, words: []), topWords: [], cached: false,
            timings: .init(decode: 1, filter: 0, ocr: 2), settings: RecognitionSettings(), size: .init(width: 4, height: 4))
        report.page = number.map { RecognitionReport.Page(number: $0, count: count, textLayer: nil) }
        return ImageRunner.Result(input: input, page: number, document: document(input, number, of: count),
                                  outcome: .recognized(report))
    }

    /// The result of `input`'s page `number` of `count`, other than a reading.
    private func other(_ input: String, _ number: Int?, of count: Int = 5, _ outcome: ImageRunner.Outcome) -> ImageRunner.Result {
        ImageRunner.Result(input: input, page: number, document: document(input, number, of: count), outcome: outcome)
    }

    private func sidecar(searchablePDF: Bool = true) -> SidecarText {
        SidecarText(keepsUnreadPages: searchablePDF)
    }

    @Test("Each page's text, Tesseract's closing form feed dropped, a form feed between pages")
    func pagesInOrder() {
        var text = sidecar()
        text.add(page("a.png", nil, "first\n\u{0C}"))
        text.add(page("b.png", nil, "second\n"))
        #expect(text.finish() == "first\n\u{0C}second\n")
    }

    @Test("A page left as it is is marked with its place in the document; an image that failed has no page")
    func keptAndFailed() {
        var text = sidecar()
        text.add(page("a.pdf", 1, of: 2, "one"))
        text.add(other("a.pdf", 2, of: 2, .leftAsIs(.visibleText)))
        text.add(other("bad.png", nil, .failed("bad.png: not an image")))
        text.add(page("c.png", nil, "three"))
        #expect(text.finish() == "one\u{0C}[OCR skipped on page 2]\u{0C}three")
    }

    @Test("A PDF's pages --pages left out are marked where the searchable PDF keeps them, before, between and after")
    func pagesLeftOut() {
        var text = sidecar()
        text.add(page("a.pdf", 2, "two"))
        text.add(page("a.pdf", 4, "four"))
        text.add(page("b.png", nil, "image"))
        #expect(text.finish() == ["[OCR skipped on page 1]", "two", "[OCR skipped on page 3]", "four",
                                  "[OCR skipped on page 5]", "image"].joined(separator: "\u{0C}"))
    }

    @Test("A document that keeps no unread page (a TIFF's, a text format's) has only the pages read")
    func onlyPagesRead() {
        var text = sidecar(searchablePDF: false)
        text.add(page("a.pdf", 2, "two"))
        text.add(other("a.pdf", 3, .failed("a.pdf page 3: unreadable")))
        text.add(page("t.tif", 3, "tiff"))
        #expect(text.finish() == "two\u{0C}tiff")
    }

    @Test("A PDF's page that failed stays in the searchable PDF as it was, and is marked as a page left as it is")
    func failedPDFPage() {
        var text = sidecar()
        text.add(page("a.pdf", 1, of: 3, "one"))
        text.add(other("a.pdf", 2, of: 3, .failed("a.pdf page 2: unreadable")))
        text.add(page("a.pdf", 3, of: 3, "three"))
        #expect(text.finish() == "one\u{0C}[OCR skipped on page 2]\u{0C}three")
    }

    @Test("A PDF none of whose selected pages was read is marked whole, its pages after the last selected too")
    func noPageRead() {
        var text = sidecar()
        text.add(other("a.pdf", 2, of: 4, .leftAsIs(.visibleText)))
        text.add(page("b.png", nil, "image"))
        #expect(text.finish() == ["[OCR skipped on page 1]", "[OCR skipped on page 2]", "[OCR skipped on page 3]",
                                  "[OCR skipped on page 4]", "image"].joined(separator: "\u{0C}"))
    }
}
