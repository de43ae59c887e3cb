import Imaging

/// Where a page of a run's document comes from, which decides how it goes in.
public enum PageOrigin: Sendable, Equatable {
    /// An image: Tesseract's page shows it (as loaded) under the text.
    case image
    /// Page `number` of the PDF at `path`: kept as it is, with the recognised text laid over
    /// it; `replacesText` removes its own invisible text (an earlier OCR layer) first. `shown`
    /// is where the recognised rendering lies on the page (a turn, a crop): the page is shown
    /// so, turned and cropped by its /Rotate and crop box, its content unchanged.
    case pdfPage(path: String, number: Int, replacesText: Bool, shown: PageGeometry = PageGeometry())
    /// Page `number` of the PDF at `path`, kept as it is without recognition (`--skip-text`).
    case pdfPageAsIs(path: String, number: Int)
}
