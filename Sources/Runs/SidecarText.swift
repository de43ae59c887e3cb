/// The text of a run's pages as OCRmyPDF's `--sidecar` writes it: each page's text in the
/// order of the document's pages, a form feed between two pages, `[OCR skipped on page N]`
/// (N counted in the document, from 1) for a page left as it is. paperless-ngx reads that
/// marker to take such a page's text from the PDF instead.
///
/// Results come in input order. The document's pages are the results' but for an image that
/// could not be read, which has no page. When a searchable PDF keeps PDFs whole
/// (`keepsUnreadPages`), the pages of a PDF that were not read (left out by `--pages`, or that
/// failed) are in it too, as they were, and are in the text with the same marker: a page that
/// failed is left as it is, as OCRmyPDF leaves a page over `--skip-big`, and an empty text
/// would read as a blank page (OCRmyPDF's `[skipped page]`, written for a page whose Tesseract
/// timed out, would not send paperless-ngx to the page's own text).
public struct SidecarText: Sendable {
    /// Whether the document keeps PDFs' pages that were not read (a searchable PDF).
    private let keepsUnreadPages: Bool
    private var pages: [String] = []
    /// The PDF whose pages came last: its last page reported, and its page count.
    private var openPDF: (input: String, page: Int, count: Int)?

    public init(keepsUnreadPages: Bool) {
        self.keepsUnreadPages = keepsUnreadPages
    }

    /// Adds the page of `result` (and the pages of its PDF that were not read before it).
    public mutating func add(_ result: ImageRunner.Result) {
        // The page count of a PDF whose unread pages the document keeps.
        let keptPages = keepsUnreadPages && result.document?.kind == .pdf ? result.document?.count : nil
        if openPDF?.input != result.input { closePDF() }
        if let keptPages, let page = result.page {
            let last = openPDF?.page ?? 0
            for _ in (last + 1)..<max(page, last + 1) { addSkipped() }
            openPDF = (result.input, page, keptPages)
        }
        let kept = keptPages != nil
        switch result.outcome {
        case let .recognized(report, _, _):
            var text = report.recognized.text
            // Tesseract ends a page's text with a form feed; OCRmyPDF drops it too.
            if text.hasSuffix("\u{0C}") { text.removeLast() }
            pages.append(text)
        case .leftAsIs:
            addSkipped()
        case .failed:
            // A PDF's page stays in the document as it was; an image has no page.
            if kept { addSkipped() }
        case .skipped:
            break
        }
    }

    /// The whole text, once every result is in.
    public mutating func finish() -> String {
        closePDF()
        return pages.joined(separator: "\u{0C}")
    }

    private mutating func addSkipped() {
        pages.append("[OCR skipped on page \(pages.count + 1)]")
    }

    /// Adds the pages of the PDF that came last that follow the last one reported.
    private mutating func closePDF() {
        if let (_, page, count) = openPDF, count > page {
            for _ in page..<count { addSkipped() }
        }
        openPDF = nil
    }
}
