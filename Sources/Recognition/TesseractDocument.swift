#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Formats
import Foundation
import Imaging
import Threading

/// A document in one of Tesseract's output formats, laid out as `tesseract IMAGE out FORMAT`
/// lays it out, one page per reading added, in the order they are added. filterocr writes it
/// from its own readings of the pages (`PageWriting`), so a page kept in the result store, or
/// one whose lines were repaired, goes in as it was reported, in every format. Every use holds
/// a lock, so pages may come from any thread.
public final class TesseractDocument: Sendable {
    /// Tesseract's output formats, by the name its command line gives them.
    public typealias Format = DocumentFormat

    /// The output base that makes a document go to standard output.
    public static let standardOutput = "-"

    public let format: Format
    /// Where the document goes: its file, or `-` for standard output.
    public let path: String
    private let document: Locked<AssembledDocument>

    /// A PDF of invisible text alone, with no image under it.
    public let textOnly: Bool

    /// A document written to `outputBase` + `.` + the format's extension, or to standard output
    /// for `-`, as Tesseract's command line names its output. `dataDirectory` holds the
    /// glyph-less font a PDF's text is set in (`pdf.ttf`); `producer` is what a PDF's document
    /// information names as its maker.
    ///
    /// - Parameter textOnly: a PDF of the invisible text alone, each page the size of its image,
    ///   to be laid over a PDF's own pages.
    public convenience init(format: Format, outputBase: String, dataDirectory: String = TesseractEngine.defaultDataDirectory,
                            textOnly: Bool = false, producer: String = "filterocr") throws(RecognitionError) {
        guard outputBase != Self.standardOutput else {
            try self.init(format: format, sink: .standardOutput, path: Self.standardOutput, dataDirectory: dataDirectory,
                          textOnly: textOnly, producer: producer)
            return
        }
        let path = outputBase + "." + format.fileExtension
        let descriptor = PathEncoding.withFileSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw .documentFailed("cannot open the document: \(String(cString: strerror(errno)))") }
        do {
            try self.init(format: format, sink: .file(descriptor), path: path, dataDirectory: dataDirectory, textOnly: textOnly,
                          producer: producer)
        } catch {
            _ = Glibc.close(descriptor)
            throw error
        }
    }

    /// A document written into `replacement`, the new version of its file, which the caller
    /// commits once the document has ended (or to standard output for nil): every write is
    /// checked, and one that failed fails the commit.
    public convenience init(format: Format, writingTo replacement: FileReplacement?,
                            dataDirectory: String = TesseractEngine.defaultDataDirectory,
                            textOnly: Bool = false, producer: String = "filterocr") throws(RecognitionError) {
        try self.init(format: format, sink: replacement.map { .replacement($0) } ?? .standardOutput,
                      path: replacement?.path ?? Self.standardOutput, dataDirectory: dataDirectory, textOnly: textOnly,
                      producer: producer)
    }

    private init(format: Format, sink: AssembledDocument.Sink, path: String, dataDirectory: String, textOnly: Bool,
                 producer: String) throws(RecognitionError) {
        self.format = format
        self.path = path
        self.textOnly = format == .pdf && textOnly
        let fontFile = format == .pdf ? try Self.glyphlessFont(in: dataDirectory) : []
        document = Locked(AssembledDocument(format: format, sink: sink, fontFile: fontFile, producer: producer))
    }

    deinit { close() }

    /// Tesseract's glyph-less font, from `dataDirectory` or else the one Debian's package installs.
    private static func glyphlessFont(in dataDirectory: String) throws(RecognitionError) -> [UInt8] {
        for folder in [dataDirectory, defaultTessdata] {
            if let font = try? BoundedRead.file(folder + "/pdf.ttf", limit: 1 << 20), !font.isEmpty { return font }
        }
        throw .documentFailed("cannot start the PDF: there is no pdf.ttf (Tesseract's glyph-less font) in \(dataDirectory)")
    }

    private static let defaultTessdata = "/usr/share/tesseract-ocr/5/tessdata"

    /// Starts the document; `title` is what Tesseract's command line puts there, the input's name.
    public func begin(title: String) throws(RecognitionError) {
        try document.withLock { document throws(RecognitionError) in try document.begin(title: title) }
    }

    /// The number the next page added gets in the document, from 0.
    public var nextPageNumber: Int {
        document.withLock { $0.pageCount }
    }

    /// Adds `recognized` as the next page, its image named `inputName` (hOCR's `image`, as
    /// Tesseract's command line names its input). A PDF's page shows `shown` under the text
    /// (none in a PDF of text alone); its size is the reading's, in points at its resolution.
    public func add(page recognized: RecognizedText, inputName: String?, showing shown: PageImage? = nil) throws(RecognitionError) {
        try add(prepare(Page(recognized, inputName: inputName, showing: shown)))
    }

    /// Whether a page of this document shows its image: a searchable PDF's, but for text alone.
    public var showsImages: Bool { format == .pdf && !textOnly }

    /// `page` made ready for this document, on any thread and without holding the document:
    /// a PDF page's image encoded and its text laid out, so that `add` only writes.
    public func prepare(_ page: Page) throws(RecognitionError) -> PreparedPage {
        try PreparedPage(page, format: format, showsImage: showsImages)
    }

    /// Adds `page`, made ready by `prepare` for a document of this format, as the next page.
    public func add(_ page: PreparedPage) throws(RecognitionError) {
        guard page.format == format, (page.pdf?.showsImage ?? false) == showsImages else {
            throw .documentFailed("a page made ready for another kind of document")
        }
        try document.withLock { document throws(RecognitionError) in try document.add(page) }
    }

    /// Finishes the document.
    public func end() throws(RecognitionError) {
        try document.withLock { document throws(RecognitionError) in try document.end() }
    }

    /// For a document on standard output, before `close` (which forgets them): nil when all
    /// of its writes went out; otherwise the `errno` of the write that failed.
    public func standardOutputError() -> Int32? {
        guard path == Self.standardOutput else { return nil }
        return document.withLock { $0.writeError }
    }

    /// Closes the document's file: the document is complete on disk only after `end` and this.
    public func close() {
        document.withLock { $0.close() }
    }
}

extension TesseractDocument {
    /// A page as it goes into a document: its reading, its image's name (hOCR's `image`), and
    /// for a searchable PDF the image it shows under the text.
    public struct Page: Sendable {
        public var recognized: RecognizedText
        public var inputName: String?
        public var shown: PageImage?

        public init(_ recognized: RecognizedText, inputName: String?, showing shown: PageImage? = nil) {
            (self.recognized, self.inputName, self.shown) = (recognized, inputName, shown)
        }
    }

    /// A page made ready for a document of one format (`prepare`): what takes time is done, so
    /// that adding it, in the document's order, only writes.
    public struct PreparedPage: Sendable {
        let format: DocumentFormat
        let recognized: RecognizedText
        let inputName: String?
        /// A searchable PDF's page: its content, its size in points, and the image under it.
        let pdf: (content: String, width: Double, height: Double, image: PDFImage?, showsImage: Bool)?

        init(_ page: Page, format: DocumentFormat, showsImage: Bool) throws(RecognitionError) {
            self.format = format
            (recognized, inputName) = (page.recognized, page.inputName)
            guard format == .pdf else {
                pdf = nil
                return
            }
            guard !showsImage || page.shown != nil else { throw .documentFailed("a page of a searchable PDF needs its image") }
            let text = PDFPageText(page.recognized, showsImage: showsImage)
            let image = showsImage ? try page.shown.map { shown throws(RecognitionError) in try PDFImage(shown) } : nil
            pdf = (text.content, text.width, text.height, image, showsImage)
        }
    }
}

/// The image a searchable PDF shows on a page: the one as loaded, not the one recognised.
public struct PageImage: Sendable {
    /// The image's pixels, at the size of the rendering that was recognised.
    public var image: RGBImage
    /// Its file, when the PDF may embed the file as it is (a JPEG stays JPEG); nil to encode
    /// the pixels.
    public var file: String?

    public init(image: RGBImage, file: String?) {
        self.image = image
        self.file = file
    }
}
