import Documents
import FileSystem
import Foundation
import Recognition

/// A searchable PDF that keeps PDFs' own pages, while its pages come in: Tesseract writes the
/// image pages (image and text) and the text-only layers of PDF pages to files of a private
/// folder, and `write` assembles them with the PDFs' own pages, in input order.
final class SearchablePDFParts: Sendable {
    private let folder: String
    private let rendered: Part
    private let textLayers: Part
    private let plan = Locked(Plan())

    /// One of Tesseract's PDFs, written through checked writes.
    private struct Part: Sendable {
        let path: String
        let output: LibraryOutput
        let document: TesseractDocument

        init(_ path: String, textOnly: Bool) throws {
            self.path = path
            output = try LibraryOutput(replacing: path, fileExtension: "pdf")
            do {
                document = try TesseractDocument(format: .pdf, outputBase: output.base, textOnly: textOnly)
                output.libraryOpened()
                try document.begin(title: "")
            } catch {
                output.abandon()
                throw error
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

    /// The pages so far, and how many each of Tesseract's documents has.
    private struct Plan {
        var pages: [PDFAssembly.Page] = []
        var rendered = 0
        var textLayers = 0
    }

    init() throws {
        folder = try PrivateTemporaries.pdfParts.makeFolder()
        do {
            rendered = try Part(folder + "/rendered.pdf", textOnly: false)
            do {
                textLayers = try Part(folder + "/text.pdf", textOnly: true)
            } catch {
                rendered.discard()
                throw error
            }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Adds the next page: an image's through `add` into Tesseract's image pages, a PDF page's
    /// text through `add` into the text layers, a PDF page kept as it is without `add`.
    func addPage(from origin: PageOrigin, _ add: (TesseractDocument) throws -> Void) throws {
        switch origin {
        case .image:
            try add(rendered.document)
            plan.withLock { plan in
                plan.rendered += 1
                plan.pages.append(PDFAssembly.Page(source: .rendered(page: plan.rendered)))
            }
        case let .pdfPage(path, number, replacesText, shown):
            try add(textLayers.document)
            plan.withLock { plan in
                plan.textLayers += 1
                plan.pages.append(PDFAssembly.Page(source: .original(path: path, page: number), textLayer: plan.textLayers,
                                                   replacesInvisibleText: replacesText, shown: shown))
            }
        case let .pdfPageAsIs(path, number):
            plan.withLock { $0.pages.append(PDFAssembly.Page(source: .original(path: path, page: number))) }
        }
    }

    /// Ends Tesseract's documents and writes the whole PDF through `sink`, which returns false
    /// once a write failed. Without a PDF page, Tesseract's own file goes out byte for byte.
    func write(named destination: String, to sink: (UnsafeRawBufferPointer) -> Bool) throws {
        try rendered.finish()
        try textLayers.finish()
        let plan = plan.withLock { $0 }
        if plan.textLayers == 0 && plan.pages.count == plan.rendered {
            try Self.copy(rendered.path, to: sink)
        } else {
            try PDFAssembly.write(plan.pages, textLayers: plan.textLayers > 0 ? textLayers.path : nil,
                                  rendered: plan.rendered > 0 ? rendered.path : nil, producer: Product.nameAndVersion,
                                  named: destination, to: sink)
        }
    }

    /// Removes the private folder and what is in it.
    func discard() {
        rendered.discard()
        textLayers.discard()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func copy(_ path: String, to sink: (UnsafeRawBufferPointer) -> Bool) throws {
        guard let input = FileHandle(forReadingAtPath: path) else {
            throw ApplicationError.cannotWrite(path: path, reason: "it vanished before it was copied")
        }
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            guard chunk.withUnsafeBytes(sink) else { return }
        }
    }
}
