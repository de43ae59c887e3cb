import Core
import Imaging
import Recognition
import Reports
import Runs
import Testing

@Suite("The sidecar's text, as OCRmyPDF writes it")
struct SidecarTextTests {
    private func page(_ input: String, _ number: Int?, of count: Int = 5, _ text: String) -> ImageRunner.Result {
        var report = RecognitionReport(
            image: input, filters: FilterState(),
            recognized: RecognizedText(text: text, meanConfidence: 90, words: []), topWords: [], cached: false,
            timings: .init(decode: 1, filter: 0, ocr: 2), settings: RecognitionSettings(), size: .init(width: 4, height: 4))
        report.page = number.map { RecognitionReport.Page(number: $0, count: count, textLayer: nil) }
        return ImageRunner.Result(input: input, page: number, outcome: .recognized(report))
    }

    /// A sidecar for a run whose PDFs have `pdfPages` pages each.
    private func sidecar(searchablePDF: Bool = true, pdfPages: Int = 5) -> SidecarText {
        SidecarText(keepsUnreadPages: searchablePDF, pdfPageCount: { $0.hasSuffix(".pdf") ? pdfPages : nil })
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
        var text = sidecar(pdfPages: 2)
        text.add(page("a.pdf", 1, of: 2, "one"))
        text.add(ImageRunner.Result(input: "a.pdf", page: 2, outcome: .leftAsIs(.visibleText)))
        text.add(ImageRunner.Result(input: "bad.png", outcome: .failed("bad.png: not an image")))
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
        text.add(ImageRunner.Result(input: "a.pdf", page: 3, outcome: .failed("a.pdf page 3: unreadable")))
        text.add(page("t.tif", 3, "tiff"))
        #expect(text.finish() == "two\u{0C}tiff")
    }

    @Test("A PDF's page that failed stays in the searchable PDF, unread: an empty page of text")
    func failedPDFPage() {
        var text = sidecar(pdfPages: 2)
        text.add(page("a.pdf", 1, of: 2, "one"))
        text.add(ImageRunner.Result(input: "a.pdf", page: 2, outcome: .failed("a.pdf page 2: unreadable")))
        #expect(text.finish() == "one\u{0C}")
    }

    @Test("A PDF none of whose selected pages was read is marked whole, its pages after the last selected too")
    func noPageRead() {
        var text = sidecar(pdfPages: 4)
        text.add(ImageRunner.Result(input: "a.pdf", page: 2, outcome: .leftAsIs(.visibleText)))
        text.add(page("b.png", nil, "image"))
        #expect(text.finish() == ["[OCR skipped on page 1]", "[OCR skipped on page 2]", "[OCR skipped on page 3]",
                                  "[OCR skipped on page 4]", "image"].joined(separator: "\u{0C}"))
    }
}
