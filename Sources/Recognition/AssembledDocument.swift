internal import CTesseract
import FileSystem
import Formats
import Foundation

/// A document in a text format (txt, hOCR, ALTO, TSV) put together from what Tesseract's
/// renderer writes: its beginning and end, seen once on a renderer of our own, and each page's
/// bytes, from the engine or kept from an earlier document.
///
/// The pages are the engine's own output calls, numbered as the renderer numbers them; the
/// first page comes through a renderer, since some formats (ALTO) begin the document there.
struct AssembledDocument {
    let format: DocumentFormat
    /// Where the bytes go: standard output or the document's file, until `close`.
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private var title = ""
    private var footer: [UInt8] = []
    private(set) var pageCount = 0
    /// The `errno` of a failed write to standard output, reported when the document ends.
    private(set) var writeError: Int32?
    private var ended = false

    init(format: DocumentFormat, path: String) throws(RecognitionError) {
        self.format = format
        if path == TesseractDocument.standardOutput {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
        } else {
            descriptor = PathEncoding.withFileSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
            guard descriptor >= 0 else { throw .documentFailed("Tesseract cannot open its output") }
            ownsDescriptor = true
        }
    }

    mutating func begin(title: String) throws(RecognitionError) {
        self.title = title
        let probe = try RendererProbe(format: format)
        try probe.begin(title: title)
        let header = probe.written()
        try probe.end()
        footer = Array(probe.written().dropFirst(header.count))
        try write(header)
    }

    /// The bytes Tesseract's renderer writes for the page `handle` recognised last, as the
    /// next page of this document.
    func fragment(from handle: OpaquePointer) throws(RecognitionError) -> [UInt8] {
        if pageCount == 0 {
            let probe = try RendererProbe(format: format)
            try probe.begin(title: title)
            let before = probe.written().count
            try probe.add(from: handle)
            return Array(probe.written().dropFirst(before))
        }
        let page = Int32(pageCount)
        let text: String? = switch format {
        case .hocr: takeText(TessBaseAPIGetHOCRText(handle, page))
        case .alto: takeText(TessBaseAPIGetAltoText(handle, page))
        case .tsv: takeText(TessBaseAPIGetTsvText(handle, page))
        case .txt: takeText(TessBaseAPIGetUTF8Text(handle)).map { text in
                let separator = TessBaseAPIGetStringVariable(handle, "page_separator").map { String(cString: $0) } ?? ""
                return separator + text
            }
        case .pdf: nil
        }
        guard let text else { throw .documentFailed("Tesseract cannot add the page") }
        return Array(text.utf8)
    }

    mutating func append(_ fragment: [UInt8]) throws(RecognitionError) {
        try write(fragment)
        pageCount += 1
    }

    mutating func end() throws(RecognitionError) {
        guard !ended else { return }
        ended = true
        try write(footer)
    }

    /// Closes the file; `TesseractDocument` calls it when it goes, whatever happened.
    mutating func close() {
        if ownsDescriptor && descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Writes all of `bytes`. A failure on standard output is kept for `standardOutputError`,
    /// as Tesseract's renderer leaves it in the stream; a file's fails the document.
    private mutating func write(_ bytes: [UInt8]) throws(RecognitionError) {
        guard descriptor >= 0 else { throw .documentFailed("the document is closed") }
        guard writeError == nil else { return }
        let failure = bytes.withUnsafeBytes { DescriptorWrite.all($0, to: descriptor) }
        guard let failure else { return }
        if ownsDescriptor { throw .documentFailed("cannot write: \(DescriptorWrite.reason(failure))") }
        writeError = failure
    }
}

/// Tesseract's renderer for a format, writing to a private temporary file, to see exactly what
/// it writes (it flushes after every piece).
final class RendererProbe {
    private let handle: OpaquePointer
    private let file: String

    init(format: DocumentFormat) throws(RecognitionError) {
        let base = PrivateTemporaries.rendererProbe.newFilePath()
        let renderer: OpaquePointer? = switch format {
        case .txt: TessTextRendererCreate(base)
        case .hocr: TessHOcrRendererCreate(base)
        case .alto: TessAltoRendererCreate(base)
        case .tsv: TessTsvRendererCreate(base)
        case .pdf: nil
        }
        guard let renderer else { throw .documentFailed("Tesseract has no \(format.rawValue) renderer") }
        handle = renderer
        file = base + "." + format.fileExtension
    }

    deinit {
        TessDeleteResultRenderer(handle)
        try? FileManager.default.removeItem(atPath: file)
    }

    func begin(title: String) throws(RecognitionError) {
        guard TessResultRendererBeginDocument(handle, title) == 1 else { throw .documentFailed("Tesseract cannot open its output") }
    }

    func add(from engine: OpaquePointer) throws(RecognitionError) {
        guard TessResultRendererAddImage(handle, engine) == 1 else { throw .documentFailed("Tesseract cannot add the page") }
    }

    func end() throws(RecognitionError) {
        guard TessResultRendererEndDocument(handle) == 1 else { throw .documentFailed("Tesseract could not finish the document") }
    }

    /// Everything written so far.
    func written() -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))) ?? []
    }
}

/// Copies a string Tesseract allocated and frees the original.
private func takeText(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { TessDeleteText(pointer) }
    return String(cString: pointer)
}
