internal import CTesseract
import FileSystem
import ImageCodec

/// The image a searchable PDF's page shows, encoded as Tesseract's renderer encodes it, by
/// Leptonica: a JPEG or JPEG 2000 file as it is, a PNG file's compressed rows as they are
/// where they can be, and otherwise the pixels at the smallest depth that holds them (CCITT G4
/// for black and white, JPEG for grey or colour, Flate for a few colours).
struct PDFImage {
    /// The stream's bytes, and the rest of its dictionary (after `/Length` and `/Subtype`).
    let data: [UInt8]
    let dictionary: String

    /// The quality Tesseract's renderer encodes a page's pixels at (its `jpg_quality`).
    static let jpegQuality: Int32 = 85

    init(_ shown: PageImage) throws(RecognitionError) {
        guard let pix = LeptonicaImage.smallestDepth(shown.image) else {
            throw .documentFailed("out of memory for a page of the document")
        }
        var compressed: UnsafeMutablePointer<L_COMP_DATA>?
        // Leptonica takes the named file's bytes only when they are the page as shown.
        let status = PathEncoding.withFileSystemPath(shown.file ?? "") { path in
            l_generateCIDataForPdf(shown.file == nil ? nil : path, pix.pix, Self.jpegQuality, &compressed)
        }
        defer { l_CIDataDestroy(&compressed) }
        guard status == 0, let data = compressed?.pointee, let bytes = data.datacomp else {
            throw .documentFailed("cannot encode the page's image for the PDF")
        }
        let filter: String
        var group4 = ""
        switch Int(data.type) {
        case Int(L_FLATE_ENCODE): filter = "/FlateDecode"
        case Int(L_JPEG_ENCODE): filter = "/DCTDecode"
        case Int(L_G4_ENCODE): (filter, group4) = ("/CCITTFaxDecode", "\n    /K -1")
        case Int(L_JP2K_ENCODE): filter = "/JPXDecode"
        default: throw .documentFailed("the page's image has an encoding a PDF cannot hold")
        }
        let colourSpace: String
        if data.ncolors > 0, let palette = data.cmapdatahex {
            colourSpace = "/ColorSpace [ /Indexed /DeviceRGB \(data.ncolors - 1) \(String(cString: palette)) ]"
        } else if data.spp == 1 {
            colourSpace = "/ColorSpace /DeviceGray"
        } else if data.spp == 3 {
            colourSpace = "/ColorSpace /DeviceRGB"
        } else {
            throw .documentFailed("the page's image has \(data.spp) samples a pixel, which a PDF page cannot show")
        }
        self.data = Array(UnsafeBufferPointer(start: bytes, count: data.nbytescomp))
        dictionary = """

              \(colourSpace)
              /Width \(data.w)
              /Height \(data.h)
              /BitsPerComponent \(data.bps)
              /Filter \(filter)
              /DecodeParms
              <<
                /Predictor \(data.predictor != 0 ? 14 : 1)
                /Colors \(data.spp)\(group4)
                /Columns \(data.w)
                /BitsPerComponent \(data.bps)
              >>
            """
    }
}
