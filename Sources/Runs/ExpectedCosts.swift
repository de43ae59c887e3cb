import Core
import Documents
import ImageCodec

/// What reading a unit of work is expected to cost, known before its pixels are decoded, so
/// that a run can start its largest pages first: its pixel count, from an image file's header
/// or a PDF page's size; 0 when that is not known (a TIFF's page, standard input, a file that
/// cannot be read, which reading it reports). For one thread, the run's producer: the document
/// of one page is kept open for the next.
package final class ExpectedCosts {
    private let decoder: ImageDecoder
    private var document: (path: String, opened: Document?)?

    package init(decoder: ImageDecoder) {
        self.decoder = decoder
    }

    /// What Tesseract copies of a page for each of its pixels, at most: a colour page at four
    /// bytes a pixel, with its grey and binary images (a grey page takes two; a header does not
    /// always say which a page is).
    package static let bytesPerPixel = 5

    /// The bytes reading `unit` is expected to hold (`cost(of:)` at `bytesPerPixel`), which a
    /// run's admission lets in (`Engines.map`); a header's claim past `Int.max` saturates.
    package func bytes(of unit: WorkUnit) -> Int {
        let (bytes, overflow) = cost(of: unit).multipliedReportingOverflow(by: Self.bytesPerPixel)
        return overflow ? .max : bytes
    }

    package func cost(of unit: WorkUnit) -> Int {
        guard unit.failure == nil, unit.input != ImageLoader.standardInputName else { return 0 }
        guard let page = unit.page else { return ImageFile.claimedPixels(unit.input, decoder: decoder) ?? 0 }
        if document?.path != unit.input {
            let opened = Document.kind(of: unit.input).flatMap { try? Document(unit.input, kind: $0, maxPixels: decoder.maxPixels) }
            document = (unit.input, opened)
        }
        return document?.opened?.expectedPixels(page: page) ?? 0
    }
}
