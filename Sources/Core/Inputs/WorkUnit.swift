import Documents
import FileSystem
import ImageCodec
import Reports

/// One unit of work of a run: an image, or one page of a document. A document is expanded
/// into its pages when its turn comes, so a stream of documents is never held in memory.
public struct WorkUnit: Sendable, Equatable {
    /// The input as the user named it.
    public var input: String
    /// The document's page (from 1); nil for an image.
    public var page: Int?
    /// The document the page is of, as it was opened to list its pages; nil for an image.
    public var document: DocumentPages?
    /// Why the input cannot be read at all (an encrypted PDF): it fails without being loaded.
    public var failure: String?

    /// A document's kind and how many pages it has.
    public struct DocumentPages: Sendable, Equatable {
        public var kind: Document.Kind
        public var count: Int

        public init(kind: Document.Kind, count: Int) {
            (self.kind, self.count) = (kind, count)
        }
    }

    public init(input: String, page: Int? = nil, document: DocumentPages? = nil, failure: String? = nil) {
        (self.input, self.page, self.document, self.failure) = (input, page, document, failure)
    }

    /// The units of `input`: itself for an image (or a file to be reported unreadable when
    /// loaded), each selected page of a document, or a failure for a document that cannot be
    /// opened, or of which no page is selected (`--pages 5` of 3 pages). Selected pages past
    /// the end of a document that has some of them are left out, as OCRmyPDF leaves them: a
    /// batch's `--pages 1-3` reads a 2-page document's two. Made as they are read: a
    /// document's pages are never listed up front.
    ///
    /// An image is a document of one page: a selection without page 1 (`--pages 5`) fails it
    /// as it fails a one-page PDF.
    public static func units(of input: String, selection: PageSelection?) -> Units {
        guard input != ImageLoader.standardInputName, let kind = Document.kind(of: input) else {
            if let selection, selection.pages(of: 1).count == 0, isImage(input) {
                return Units(single: noSuchPage(input, selection: selection, count: 1))
            }
            return Units(single: WorkUnit(input: input))
        }
        let count: Int
        do {
            count = try Document(input, kind: kind).pageCount
        } catch {
            return Units(single: WorkUnit(input: input, failure: oneLineMessage(for: error)))
        }
        let document = DocumentPages(kind: kind, count: count)
        let pages = selection?.pages(of: count) ?? PageSelection.all(of: count)
        let failure = selection.flatMap { selection -> WorkUnit? in
            pages.count == 0 ? noSuchPage(input, selection: selection, count: count, document: document) : nil
        }
        return Units(input: input, document: document, pages: pages, last: failure)
    }

    /// The unit that fails `input` of `count` pages, none of which `selection` selects.
    private static func noSuchPage(_ input: String, selection: PageSelection, count: Int,
                                   document: DocumentPages? = nil) -> WorkUnit {
        let error = DocumentError(source: PathEncoding.displayed(input), problem: .noSuchPage(page: selection.firstPage, count: count))
        return WorkUnit(input: input, page: selection.firstPage, document: document, failure: error.description)
    }

    /// Whether `input` is standard input or starts as an image file does (one that cannot be
    /// read is reported as such when it is loaded, not as a page it lacks).
    private static func isImage(_ input: String) -> Bool {
        guard input != ImageLoader.standardInputName else { return true }
        guard let prefix = try? BoundedRead.prefix(of: input, count: ImageFormat.signatureLength) else { return false }
        return ImageFormat(signatureOf: prefix) != nil
    }

    /// How many units `inputs` make, for progress: documents opened to count their pages.
    public static func count(of inputs: [String], selection: PageSelection?) -> Int {
        inputs.reduce(0) { total, input in total.addingReportingOverflow(units(of: input, selection: selection).count).partialValue }
    }

    /// The units of one input, counted without being listed.
    public struct Units: Sequence, Sendable {
        private let input: String
        private let document: DocumentPages?
        private let pages: PageSelection.Pages?
        private let last: WorkUnit?

        init(single unit: WorkUnit) {
            (input, document, pages, last) = (unit.input, nil, nil, unit)
        }

        init(input: String, document: DocumentPages, pages: PageSelection.Pages, last: WorkUnit?) {
            (self.input, self.document, self.pages, self.last) = (input, document, pages, last)
        }

        public var count: Int { (pages?.count ?? 0) + (last == nil ? 0 : 1) }
        public var underestimatedCount: Int { count }

        public func makeIterator() -> AnyIterator<WorkUnit> {
            var pageNumbers = pages?.makeIterator()
            var last = self.last
            return AnyIterator { [input, document] in
                if let page = pageNumbers?.next() { return WorkUnit(input: input, page: page, document: document) }
                defer { last = nil }
                return last
            }
        }
    }
}
