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

    /// What Tesseract copies of a colour page for each of its pixels: four bytes a pixel, with
    /// its grey and binary images. A page whose header says it is grey takes two.
    package static let bytesPerPixel = 5
    package static let bytesPerGreyPixel = 2

    /// The bytes reading `unit` is expected to hold, which a run's admission lets in
    /// (`Engines.map`): its pixels at `bytesPerGreyPixel` when its header says it is grey,
    /// else at `bytesPerPixel`; a header's claim past `Int.max` saturates.
    package func bytes(of unit: WorkUnit) -> Int {
        let (pixels, samples) = claim(of: unit)
        let (bytes, overflow) = pixels.multipliedReportingOverflow(by: (samples ?? 3) <= 2 ? Self.bytesPerGreyPixel : Self.bytesPerPixel)
        return overflow ? .max : bytes
    }

    package func cost(of unit: WorkUnit) -> Int {
        claim(of: unit).pixels
    }

    /// The unit's pixels, and the samples a pixel has where an image's header says.
    private func claim(of unit: WorkUnit) -> (pixels: Int, samples: Int?) {
        guard unit.failure == nil, unit.input != ImageLoader.standardInputName else { return (0, nil) }
        guard let page = unit.page else {
            guard let claimed = ImageFile.claimedSize(unit.input, decoder: decoder) else { return (0, nil) }
            return (claimed.pixels, claimed.samplesPerPixel)
        }
        if document?.path != unit.input {
            let opened = Document.kind(of: unit.input).flatMap { try? Document(unit.input, kind: $0, maxPixels: decoder.maxPixels) }
            document = (unit.input, opened)
        }
        return (document?.opened?.expectedPixels(page: page) ?? 0, nil)
    }
}
