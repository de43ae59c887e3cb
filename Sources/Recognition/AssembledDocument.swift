import FileSystem
import Formats
import Foundation

/// A document in a text format (txt, hOCR, ALTO, TSV), written by filterocr from its readings
/// of the pages (`PageWriting`): its beginning, each page, and its end.
struct AssembledDocument {
    let format: DocumentFormat
    /// Where the bytes go: standard output or the document's file, until `close`.
    private var descriptor: Int32
    private let ownsDescriptor: Bool
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
            guard descriptor >= 0 else { throw .documentFailed("cannot open the document: \(String(cString: strerror(errno)))") }
            ownsDescriptor = true
        }
    }

    mutating func begin(title: String) throws(RecognitionError) {
        try write(Array(PageWriting(format: format).header(title: title).utf8))
    }

    /// `recognized` as the document's next page, its image named `inputName`.
    mutating func add(_ recognized: RecognizedText, inputName: String?) throws(RecognitionError) {
        try append(Array(PageWriting(format: format).page(recognized, number: pageCount, inputName: inputName).utf8))
    }

    mutating func append(_ fragment: [UInt8]) throws(RecognitionError) {
        try write(fragment)
        pageCount += 1
    }

    mutating func end() throws(RecognitionError) {
        guard !ended else { return }
        ended = true
        try write(Array(PageWriting(format: format).footer.utf8))
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
