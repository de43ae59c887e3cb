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
    /// Page `number` of the PDF at `path`, of `count` pages, whose page tree names pages more
    /// than once: shown as it was rendered, as an image is (copying such a tree would copy every
    /// page it claims, a million from a few objects), so a searchable PDF needs every one of its
    /// pages to keep them all.
    case renderedPDFPage(path: String, number: Int, count: Int)
    /// Page `number` of the PDF at `path` as the filters redrew it (straightened, flattened,
    /// dewarped), which no crop and turn of the page shows: drawn as it was recognised, as an
    /// image is, in that page's place.
    case redrawnPDFPage(path: String, number: Int)
    /// Page `number` of the PDF at `path`, kept as it is without recognition (`--skip-text`).
    case pdfPageAsIs(path: String, number: Int)
}
