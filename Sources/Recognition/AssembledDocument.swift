import FileSystem
import Formats
import Foundation

/// A document written by filterocr from its readings of the pages (`PageWriting`): its
/// beginning, each page, and its end. A text format's (txt, hOCR, ALTO, TSV) pages are laid
/// out as Tesseract's command line lays them; a searchable PDF's as its PDF renderer does
/// (`PDFObjects`, `PDFPageText`).
struct AssembledDocument {
    let format: DocumentFormat
    /// Where the bytes go, until `close`.
    private var sink: Sink?
    private(set) var pageCount = 0
    /// The `errno` of a failed write to standard output, reported when the document ends.
    private(set) var writeError: Int32?
    private var ended = false
    /// A PDF's objects so far, its glyph-less font, and its title.
    private var pdf = PDFObjects()
    private let fontFile: [UInt8]
    private var title = ""
    /// What the PDF's document information names as its maker.
    private let producer: String

    /// Where a document's bytes go.
    enum Sink {
        /// Standard output: a failed write is kept for `writeError`, and the document goes on
        /// (as a pipe closed early is said once, at the end).
        case standardOutput
        /// A file opened for the document, closed with it: a failed write fails the document.
        case file(Int32)
        /// A file's new version, which records a failed write for its `commit` to throw.
        case replacement(FileReplacement)
    }

    /// - Parameter fontFile: for a PDF, the glyph-less font its text is set in (`pdf.ttf`).
    init(format: DocumentFormat, sink: Sink, fontFile: [UInt8] = [], producer: String = "filterocr") {
        self.format = format
        self.sink = sink
        self.fontFile = fontFile
        self.producer = producer
    }

    mutating func begin(title: String) throws(RecognitionError) {
        self.title = title
        if format == .pdf {
            try write(pdf.header(fontFile: fontFile))
        } else {
            try write(Array(PageWriting(format: format).header(title: title).utf8))
        }
    }

    /// `page` as the document's next page: a text format's written now, numbered in its place;
    /// a PDF's as it was made ready, given its objects' numbers.
    mutating func add(_ page: TesseractDocument.PreparedPage) throws(RecognitionError) {
        guard let prepared = page.pdf else {
            try append(Array(PageWriting(format: format).page(page.recognized, number: pageCount, inputName: page.inputName).utf8))
            return
        }
        try append(pdf.page(content: prepared.content, width: prepared.width, height: prepared.height, image: prepared.image))
    }

    mutating func append(_ fragment: [UInt8]) throws(RecognitionError) {
        try write(fragment)
        pageCount += 1
    }

    mutating func end() throws(RecognitionError) {
        guard !ended else { return }
        ended = true
        if format == .pdf {
            try write(pdf.trailer(title: title, producer: producer))
        } else {
            try write(Array(PageWriting(format: format).footer.utf8))
        }
    }

    /// Closes a file the document opened; `TesseractDocument` calls it when it goes, whatever
    /// happened. (A replacement is its owner's to commit or abandon.)
    mutating func close() {
        if case .file(let descriptor) = sink { _ = Glibc.close(descriptor) }
        sink = nil
    }

    /// Writes all of `bytes`, as the sink takes a failure.
    private mutating func write(_ bytes: [UInt8]) throws(RecognitionError) {
        switch sink {
        case nil:
            throw .documentFailed("the document is closed")
        case .replacement(let replacement):
            replacement.write(bytes)
        case .file(let descriptor):
            if let failure = bytes.withUnsafeBytes({ DescriptorWrite.all($0, to: descriptor) }) {
                throw .documentFailed("cannot write: \(DescriptorWrite.reason(failure))")
            }
        case .standardOutput:
            guard writeError == nil else { return }
            writeError = bytes.withUnsafeBytes { DescriptorWrite.all($0, to: STDOUT_FILENO) }
        }
    }
}
