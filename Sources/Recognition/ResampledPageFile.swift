internal import CTesseract
import FileSystem
import Foundation
import ImageCodec

/// The file a searchable PDF's page embeds when Tesseract read the page resampled: the page's
/// own JPEG or JPEG 2000 file, which Tesseract copies as it is, or else a temporary PNG of
/// the page as shown (8-bit grey or colour, not interlaced), which Leptonica copies without
/// decoding. Either way the PDF shows the page at its full resolution, not at the one read.
struct ResampledPageFile {
    let path: String
    private let temporary: Bool

    init(_ shown: PageImage) throws(RecognitionError) {
        if let file = shown.file, let prefix = try? BoundedRead.prefix(of: file, count: ImageFormat.signatureLength),
           let format = ImageFormat(signatureOf: prefix), format == .jpeg || format == .jpeg2000 {
            (path, temporary) = (file, false)
            return
        }
        // A 1-bit PNG would be decoded and re-encoded from the image read, not the page.
        guard let pix = LeptonicaImage.smallestDepth(shown.image, bilevel: false) else {
            throw .documentFailed("out of memory for a page of the document")
        }
        let path = PrivateTemporaries.pdfParts.newFilePath() + ".png"
        guard PathEncoding.withFileSystemPath(path, { pixWrite($0, pix.pix, Int32(IFF_PNG)) }) == 0 else {
            unlink(path)
            throw .documentFailed("cannot write the page's image for the PDF to \(path)")
        }
        (self.path, temporary) = (path, true)
    }

    func remove() {
        if temporary { unlink(path) }
    }
}
