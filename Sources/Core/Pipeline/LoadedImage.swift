import Documents
import FileSystem
import ImageCodec
import Imaging
import PageDocuments

/// An image read for processing, with what identifies its content.
public struct LoadedImage: Sendable {
    /// The path the user gave, or `-` for standard input.
    public var name: String
    public var decoded: DecodedImage
    /// Identifies the pixels (not the file name) for the render cache; computed only for
    /// callers that cache, as hashing a large image costs tens of milliseconds.
    public var contentKey: Int?
    /// The SHA-256 of the image file's bytes, when a result store keeps renderings; nil for a
    /// document's page or standard input.
    public var fileDigest: String?
    /// Milliseconds spent reading and decoding it.
    public var decodeTime: Double
    /// The text the image really contains, when it is known.
    public var truth: String?
    /// Where the image is in its document, when it is a document's page.
    public var page: Page?
    /// Set when the pixels are the file's decoded at a fraction of its size, for a reading
    /// that would shrink them anyway (`PageSizing.reducedDecoding`).
    public var reduced: ReducedDecoding?

    /// `reduced`, for a rendering by `operations`: only the page itself is read as its file's.
    func reduction(rendering operations: [FilterOperation]) -> ReducedDecoding? {
        operations.isEmpty ? reduced : nil
    }

    /// A page of a PDF or a multi-page TIFF.
    public struct Page: Sendable, Equatable {
        /// From 1.
        public var number: Int
        /// The document's number of pages.
        public var count: Int
        public var kind: Document.Kind
        /// What a PDF page holds besides its pixels (its own text layer); nil for a TIFF page.
        public var survey: PageSurvey?
        /// Whether its PDF's page tree names pages more than once: its pages are then not copied.
        public var sharedTree: Bool

        public init(number: Int, count: Int, kind: Document.Kind, survey: PageSurvey? = nil, sharedTree: Bool = false) {
            (self.number, self.count, self.kind, self.survey, self.sharedTree) = (number, count, kind, survey, sharedTree)
        }
    }

    /// The image's name with its page, as headers and messages show it: `scan.pdf page 3`.
    public var displayName: String {
        let name = PathEncoding.displayed(self.name)
        return page.map { "\(name) page \($0.number)" } ?? name
    }

    public var image: RGBImage { decoded.image }

    /// How its page goes into a searchable PDF: a PDF's page is kept, with its old invisible
    /// text replaced, and shown as the rendering was recognised (`shown`: turned and cropped
    /// if the filters turned or cropped it), unless the filters straightened, flattened or
    /// dewarped it, which no crop and turn of the PDF's page shows: that page goes in drawn,
    /// as it was recognised, like an image's. Any other image is shown as loaded, and so is a
    /// page of a PDF whose page tree names pages more than once (copying that tree would copy
    /// every page it claims: a million in a few objects), which names its PDF so that the
    /// document can tell whether all its pages came in.
    public func pageOrigin(shown: PageGeometry = PageGeometry()) -> PageOrigin {
        guard let page, page.kind == .pdf else { return .image }
        if page.sharedTree { return .renderedPDFPage(path: name, number: page.number, count: page.count) }
        if shown.isRedrawn { return .redrawnPDFPage(path: name, number: page.number) }
        return .pdfPage(path: name, number: page.number, replacesText: (page.survey?.invisibleText ?? 0) > 0, shown: shown)
    }

    /// A hash of the pixels: two files with the same pixels share renderings.
    public static func contentKey(_ image: RGBImage) -> Int {
        var hasher = Hasher()
        hasher.combine(image.width)
        hasher.combine(image.height)
        image.withUnsafeSamples { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}
