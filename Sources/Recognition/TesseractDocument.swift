internal import CTesseract
import Formats
import Imaging
import Synchronization

/// A document in one of Tesseract's output formats, written by Tesseract's own renderer: byte
/// for byte what `tesseract IMAGE out FORMAT` writes for the same recognition, one page per
/// image added, in the order they are added.
///
/// Owns the renderer; every use of it holds a lock, so pages may come from any thread.
public final class TesseractDocument: Sendable {
    /// Tesseract's output formats, by the name its command line gives them.
    public typealias Format = DocumentFormat

    /// The output base that makes a renderer write to standard output.
    public static let standardOutput = "-"

    public let format: Format
    /// Where the renderer writes: the output base with the format's extension, or `-`.
    public let path: String
    /// Tesseract's renderer, until `close`; and whether the document has ended.
    private let renderer: Mutex<(handle: OpaquePointer?, ended: Bool)>

    /// A renderer writing to `outputBase` + `.` + the format's extension, or to standard output
    /// for `-`. `dataDirectory` holds the PDF renderer's glyph-less font (`pdf.ttf`).
    ///
    /// - Parameter textOnly: a PDF of the invisible text alone, each page the size of its image,
    ///   to be laid over a PDF's own pages.
    public init(format: Format, outputBase: String, dataDirectory: String = TesseractEngine.defaultDataDirectory,
                textOnly: Bool = false) throws(RecognitionError) {
        let renderer: OpaquePointer? = switch format {
        case .txt: TessTextRendererCreate(outputBase)
        case .hocr: TessHOcrRendererCreate(outputBase)
        case .alto: TessAltoRendererCreate(outputBase)
        case .tsv: TessTsvRendererCreate(outputBase)
        case .pdf: TessPDFRendererCreate(outputBase, dataDirectory, textOnly ? 1 : 0)
        }
        guard let renderer else { throw .documentFailed("Tesseract has no \(format.rawValue) renderer") }
        self.renderer = Mutex((renderer, false))
        self.format = format
        path = outputBase == Self.standardOutput ? outputBase : outputBase + "." + format.fileExtension
    }

    deinit { close() }

    /// Starts the document; `title` is what Tesseract's command line puts there, the input's name.
    public func begin(title: String) throws(RecognitionError) {
        guard renderer.withLock({ renderer in renderer.handle.map { TessResultRendererBeginDocument($0, title) } }) == 1 else {
            throw .documentFailed(format == .pdf ? "Tesseract cannot start the PDF (is pdf.ttf in its data folder?)"
                                  : "Tesseract cannot open its output")
        }
    }

    /// Finishes the document.
    public func end() throws(RecognitionError) {
        let finished = renderer.withLock { renderer -> Bool in
            guard !renderer.ended, let handle = renderer.handle else { return true }
            renderer.ended = true
            return TessResultRendererEndDocument(handle) != 0
        }
        guard finished else { throw .documentFailed("Tesseract could not finish the document") }
    }

    /// For a document on standard output, before `close` (which forgets them): nil when all
    /// of its writes went out; otherwise the `errno` of the write that failed, or -1 when the
    /// stream no longer knows it.
    public func standardOutputError() -> Int32? {
        guard path == Self.standardOutput else { return nil }
        let code = filterocr_standard_output_error()
        return code == 0 ? nil : code
    }

    /// Closes the renderer's file: the document is complete on disk only after `end` and this.
    public func close() {
        renderer.withLock { renderer in
            if let handle = renderer.handle { TessDeleteResultRenderer(handle) }
            renderer.handle = nil
        }
    }

    /// Adds the page `engine` recognised last.
    func add(from handle: OpaquePointer) -> Bool {
        renderer.withLock { renderer in renderer.handle.map { TessResultRendererAddImage($0, handle) } } == 1
    }
}

/// The image a searchable PDF shows on a page: the one as loaded, not the one recognised.
public struct PageImage: Sendable {
    /// The image's pixels, at the size that was recognised.
    public var image: RGBImage
    /// Its file, when the PDF may embed the file as it is (a JPEG stays JPEG); nil to encode
    /// the pixels.
    public var file: String?

    public init(image: RGBImage, file: String?) {
        self.image = image
        self.file = file
    }
}
