internal import CTesseract
import FileSystem
import Formats
import Foundation
import Imaging
import Threading

/// A document in one of Tesseract's output formats: byte for byte what `tesseract IMAGE out
/// FORMAT` writes for the same recognition, one page per image added, in the order they are
/// added.
///
/// A PDF is written by Tesseract's renderer. The text formats (txt, hOCR, ALTO, TSV) are
/// written by filterocr from its readings of the pages (`add(page:inputName:)`), as Tesseract's
/// command line lays them out, so a page kept in the result store, or one whose lines were
/// repaired, goes in as it was reported. Every use holds a lock, so pages may come from any thread.
public final class TesseractDocument: Sendable {
    /// Tesseract's output formats, by the name its command line gives them.
    public typealias Format = DocumentFormat

    /// The output base that makes a document go to standard output.
    public static let standardOutput = "-"

    public let format: Format
    /// Where the document goes: the output base with the format's extension, or `-`.
    public let path: String
    private let backend: Locked<Backend>

    private enum Backend {
        /// Tesseract's renderer, until `close`; and whether the document has ended.
        case renderer(OpaquePointer?, ended: Bool)
        case assembled(AssembledDocument)
    }

    /// A PDF of invisible text alone, with no image under it.
    public let textOnly: Bool

    /// A document written to `outputBase` + `.` + the format's extension, or to standard output
    /// for `-`. `dataDirectory` holds the PDF renderer's glyph-less font (`pdf.ttf`).
    ///
    /// - Parameter textOnly: a PDF of the invisible text alone, each page the size of its image,
    ///   to be laid over a PDF's own pages.
    public init(format: Format, outputBase: String, dataDirectory: String = TesseractEngine.defaultDataDirectory,
                textOnly: Bool = false) throws(RecognitionError) {
        self.format = format
        self.textOnly = format == .pdf && textOnly
        path = outputBase == Self.standardOutput ? outputBase : outputBase + "." + format.fileExtension
        if format == .pdf {
            guard let renderer = TessPDFRendererCreate(outputBase, dataDirectory, textOnly ? 1 : 0) else {
                throw .documentFailed("Tesseract has no pdf renderer")
            }
            backend = Locked(.renderer(renderer, ended: false))
        } else {
            backend = Locked(.assembled(try AssembledDocument(format: format, path: path)))
        }
    }

    deinit { close() }

    /// Starts the document; `title` is what Tesseract's command line puts there, the input's name.
    public func begin(title: String) throws(RecognitionError) {
        try withAssembled({ document throws(RecognitionError) in try document.begin(title: title) }) { handle, _ throws(RecognitionError) in
            guard handle.map({ TessResultRendererBeginDocument($0, title) }) == 1 else {
                throw .documentFailed("Tesseract cannot start the PDF (is pdf.ttf in its data folder?)")
            }
        }
    }

    /// The number the next page added gets in the document, from 0.
    public var nextPageNumber: Int {
        backend.withLock { backend in
            if case .assembled(let document) = backend { return document.pageCount }
            return 0
        }
    }

    /// Adds `recognized` as the next page of a text format's document, its image named
    /// `inputName` (hOCR's `image`, as Tesseract's command line names its input).
    public func add(page recognized: RecognizedText, inputName: String?) throws(RecognitionError) {
        try withAssembled({ document throws(RecognitionError) in
            try document.add(recognized, inputName: inputName)
        }) { _, _ throws(RecognitionError) in
            throw .documentFailed("a PDF page comes from the engine that read it")
        }
    }

    /// Adds the page `engine` recognised last to a PDF.
    func add(from engine: OpaquePointer) throws(RecognitionError) {
        try withAssembled({ [format] _ throws(RecognitionError) in
            throw .documentFailed("a \(format.rawValue) page is written from its reading")
        }) { handle, _ throws(RecognitionError) in
            guard handle.map({ TessResultRendererAddImage($0, engine) }) == 1 else {
                throw .documentFailed("Tesseract cannot add the page")
            }
        }
    }

    /// Finishes the document.
    public func end() throws(RecognitionError) {
        try withAssembled({ document throws(RecognitionError) in try document.end() }) { handle, ended throws(RecognitionError) in
            guard !ended, let handle else { return }
            ended = true
            guard TessResultRendererEndDocument(handle) != 0 else {
                throw .documentFailed("Tesseract could not finish the document")
            }
        }
    }

    /// For a document on standard output, before `close` (which forgets them): nil when all
    /// of its writes went out; otherwise the `errno` of the write that failed, or -1 when the
    /// stream no longer knows it.
    public func standardOutputError() -> Int32? {
        guard path == Self.standardOutput else { return nil }
        return backend.withLock { backend in
            if case .assembled(let document) = backend { return document.writeError }
            let code = filterocr_standard_output_error()
            return code == 0 ? nil : code
        }
    }

    /// Closes the document's file: the document is complete on disk only after `end` and this.
    public func close() {
        try? withAssembled({ document in document.close() }) { handle, _ throws(RecognitionError) in
            if let handle { TessDeleteResultRenderer(handle) }
            handle = nil
        }
    }

    /// Runs `assembled` on a text format's document, or `renderer` on a PDF's renderer, under the lock.
    private func withAssembled(_ assembled: (inout AssembledDocument) throws(RecognitionError) -> Void,
                               renderer: (inout OpaquePointer?, inout Bool) throws(RecognitionError) -> Void) throws(RecognitionError) {
        try backend.withLock { backend throws(RecognitionError) in
            switch backend {
            case .assembled(var document):
                defer { backend = .assembled(document) }
                try assembled(&document)
            case .renderer(var handle, var ended):
                defer { backend = .renderer(handle, ended: ended) }
                try renderer(&handle, &ended)
            }
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
    /// The pixels the engine read per pixel of `image`: 1, or the scale it read a page of
    /// large letters at (`TextSizing`).
    public var readScale: Double

    public init(image: RGBImage, file: String?, readScale: Double = 1) {
        self.image = image
        self.file = file
        self.readScale = readScale
    }
}
