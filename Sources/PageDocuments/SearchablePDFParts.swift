import Documents
import FileSystem
import Foundation
import Recognition
import Threading

/// A searchable PDF that keeps PDFs' own pages, or is made smaller as it is written, while its
/// pages come in: the image pages (image and text) and the text-only layers of PDF pages are
/// written from their readings (`TesseractDocument`) to files of a private folder, and `write`
/// assembles them with the PDFs' own pages, in input order.
///
/// Each engine writes to files of its own, as soon as it has read a page: it waits for no page
/// before it, so it holds no finished page's recognition (nor its memory) while others read.
/// The plan records where each page went, by its place in the input.
final class SearchablePDFParts: Sendable {
    private let folder: String
    /// Each engine's files, by engine, made when it adds its first page of each kind.
    private let parts = Locked<[PartKey: Part]>([:])
    /// Each page's entry, by its place in the input.
    private let plan = Locked<[Int: PDFAssembly.Page]>([:])
    /// The PDFs whose pages go in rendered (their page trees name pages more than once): the
    /// pages of each that came in, and how many it has.
    private let renderedPDFs = Locked<[String: RenderedPDF]>([:])

    private struct RenderedPDF: Sendable {
        var count: Int
        var pages: Set<Int> = []
    }

    private struct PartKey: Hashable, Sendable {
        var engine: Int
        /// Image pages (image and text) rather than text-only layers.
        var rendered: Bool
    }

    /// One engine's PDF of image pages or of text layers, written through checked writes.
    private final class Part: Sendable {
        let path: String
        let output: FileReplacement
        let document: TesseractDocument
        /// Pages added so far.
        private let count = Locked(0)

        init(_ path: String, textOnly: Bool) throws {
            self.path = path
            output = try FileReplacement(path)
            do {
                document = try TesseractDocument(format: .pdf, writingTo: output, textOnly: textOnly, producer: Product.nameAndVersion)
                try document.begin(title: "")
            } catch {
                output.abandon()
                throw error
            }
        }

        /// Adds the page `page` gives and returns its number (from 1).
        func addPage(_ page: (_ showingImage: Bool) throws -> TesseractDocument.Page) throws -> Int {
            try document.add(document.prepare(page(document.showsImages)))
            return count.withLock { count in
                count += 1
                return count
            }
        }

        /// Ends the document and puts its file in place.
        func finish() throws {
            try document.end()
            document.close()
            try output.commit()
        }

        func discard() {
            document.close()
            output.abandon()
        }
    }

    /// Whether the PDF is the invisible text alone, each page the size of the image read: every
    /// page is a text layer (PDFs' own pages are not kept).
    private let textOnly: Bool

    /// Whether the PDF is made smaller losslessly as it is written (`--optimize 1`).
    private let optimized: Bool

    init(textOnly: Bool = false, optimized: Bool = false) throws {
        self.textOnly = textOnly
        self.optimized = optimized
        folder = try PrivateTemporaries.pdfParts.makeFolder()
    }

    /// Adds the page at `ticket` (its place in the input), read by `engine`: an image's, from
    /// `add`, into that engine's image pages, a PDF page's text, from `add`, into its text
    /// layers, a PDF page kept as it is without `add`.
    func addPage(_ ticket: Int, engine: Int, from origin: PageOrigin,
                 _ add: (_ showingImage: Bool) throws -> TesseractDocument.Page) throws {
        var page: PDFAssembly.Page
        switch origin {
        case .pdfPageAsIs where textOnly:
            // A layer of text alone has no page for a page kept as it is, as Tesseract's
            // text-only renderer writes none.
            return
        case _ where textOnly:
            let part = try self.part(PartKey(engine: engine, rendered: false))
            page = PDFAssembly.Page(source: .rendered(path: part.path, page: try part.addPage(add)))
        case .image:
            let part = try self.part(PartKey(engine: engine, rendered: true))
            page = PDFAssembly.Page(source: .rendered(path: part.path, page: try part.addPage(add)))
        case let .redrawnPDFPage(path, number):
            let part = try self.part(PartKey(engine: engine, rendered: true))
            page = PDFAssembly.Page(source: .rendered(path: part.path, page: try part.addPage(add)),
                                    standsFor: PDFAssembly.PageReference(path: path, page: number))
        case let .renderedPDFPage(path, number, count):
            let part = try self.part(PartKey(engine: engine, rendered: true))
            page = PDFAssembly.Page(source: .rendered(path: part.path, page: try part.addPage(add)))
            renderedPDFs.withLock { _ = $0[path, default: RenderedPDF(count: count)].pages.insert(number) }
        case let .pdfPage(path, number, replacesText, shown):
            let part = try self.part(PartKey(engine: engine, rendered: false))
            let layer = PDFAssembly.PageReference(path: part.path, page: try part.addPage(add))
            page = PDFAssembly.Page(source: .original(path: path, page: number), textLayer: layer,
                                    replacesInvisibleText: replacesText, shown: shown)
        case let .pdfPageAsIs(path, number):
            page = PDFAssembly.Page(source: .original(path: path, page: number))
        }
        plan.withLock { $0[ticket] = page }
    }

    /// `key`'s part, made the first time it is asked for. Only its engine asks for it, so
    /// making it outside the lock makes it once.
    private func part(_ key: PartKey) throws -> Part {
        if let part = parts.withLock({ $0[key] }) { return part }
        let kind = key.rendered ? "rendered" : "text"
        let part = try Part(folder + "/\(kind)-\(key.engine).pdf", textOnly: !key.rendered)
        parts.withLock { $0[key] = part }
        return part
    }

    /// Ends the engines' documents and writes the whole PDF through `sink`, which returns false
    /// once a write failed. Pages all of one engine's images, in order, go out as that engine's
    /// document has them, byte for byte, unless the PDF is optimised.
    ///
    /// A PDF whose pages go in rendered must have come in whole: the pages of it that were not
    /// read (left out by `--pages`, or failed) would be lost, so the document is refused instead.
    func write(named destination: String, to sink: (UnsafeRawBufferPointer) -> Bool) throws {
        let incomplete = renderedPDFs.withLock { pdfs in
            pdfs.sorted { $0.key < $1.key }.first { $0.value.pages.count < $0.value.count }
        }
        if let (path, pdf) = incomplete {
            throw DocumentError(source: path, problem: .pagesWouldBeLost(missing: pdf.count - pdf.pages.count, count: pdf.count))
        }
        for part in parts.withLock({ Array($0.values) }) { try part.finish() }
        let pages = plan.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
        let onlyPart = parts.withLock { $0.count == 1 ? $0.first?.value : nil }
        let renderedInOrder = pages.enumerated().allSatisfy { index, page in
            page.source == .rendered(path: onlyPart?.path ?? "", page: index + 1) && page.standsFor == nil
        }
        if let onlyPart, renderedInOrder {
            if optimized {
                try PDFAssembly.optimize(onlyPart.path, named: destination, to: sink)
            } else {
                try Self.copy(onlyPart.path, to: sink)
            }
        } else {
            try PDFAssembly.write(pages, producer: Product.nameAndVersion, optimized: optimized, named: destination,
                                  to: sink)
        }
    }

    /// Removes the private folder and what is in it.
    func discard() {
        for part in parts.withLock({ Array($0.values) }) { part.discard() }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func copy(_ path: String, to sink: (UnsafeRawBufferPointer) -> Bool) throws {
        guard let input = FileHandle(forReadingAtPath: path) else {
            throw OutputError.cannotWrite(path: path, reason: "it vanished before it was copied")
        }
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            guard chunk.withUnsafeBytes(sink) else { return }
        }
    }
}
