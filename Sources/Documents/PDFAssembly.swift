import CPDFGraft
import Imaging

/// A searchable PDF assembled from PDFs' own pages and the pages filterocr wrote (an image and
/// its text, or a text layer to lay over a PDF's page).
public enum PDFAssembly {
    /// Page `page` (from 1) of the PDF at `path`.
    public struct PageReference: Sendable, Equatable {
        public var path: String
        public var page: Int

        public init(path: String, page: Int) {
            self.path = path
            self.page = page
        }
    }

    public struct Page: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            /// A page of one of the user's PDFs, kept whole: the first of them is the output,
            /// and their pages no entry names stay in their places.
            case original(path: String, page: Int)
            /// A page filterocr wrote (image and text), which stands alone.
            case rendered(path: String, page: Int)

            var reference: PageReference {
                switch self {
                case let .original(path, page), let .rendered(path, page): PageReference(path: path, page: page)
                }
            }
        }

        public var source: Source
        /// The page of text layers laid over it; nil for none.
        public var textLayer: PageReference?
        /// Whether the page's own invisible text goes first.
        public var replacesInvisibleText: Bool
        /// Where the text layer's page lies on the page as it is shown: the page is turned (its
        /// /Rotate) and cropped (its crop box) to match, its content unchanged.
        public var shown: PageGeometry
        /// For a page filterocr wrote, the page of one of the user's PDFs it stands in for (one
        /// the filters redrew): it takes that page's place, which is not kept besides, so the
        /// document has the pages it had.
        public var standsFor: PageReference?

        public init(source: Source, textLayer: PageReference? = nil, replacesInvisibleText: Bool = false,
                    shown: PageGeometry = PageGeometry(), standsFor: PageReference? = nil) {
            self.source = source
            self.textLayer = textLayer
            self.replacesInvisibleText = replacesInvisibleText
            self.shown = shown
            self.standsFor = standsFor
        }
    }

    /// The detail of the error `write` throws when the sink reported a failed write. The sink
    /// knows why it failed (an errno), so the caller words that reason instead.
    public static let writeFailed = "a write failed"

    /// Writes the PDF of `pages` to `sink`, which returns false when a write failed (it then
    /// stops).
    ///
    /// The first of the user's PDFs among the pages' sources is the output: its own pages are
    /// changed where they are, and all it has at document level stays, but for `producer` (the
    /// document information's and the XMP's) and the time of modification. Pages such a PDF
    /// has that `pages` leaves out stay in their places. Each original page keeps its content
    /// streams, images and fonts byte for byte; the PDFs are read while writing, never whole
    /// into memory.
    ///
    /// Each of the user's PDFs must be read by qpdf, which writes the output, as MuPDF read it
    /// for the text: the same catalog (not an earlier revision of a damaged file) and the same
    /// pages in the same order, and neither may have had to repair it (a repair guesses which
    /// revision is meant). Such a PDF is refused (`readDifferently`, `repaired`, naming it)
    /// before anything reaches `sink`.
    ///
    /// `optimized` makes the output smaller losslessly as `optimize` does.
    public static func write(_ pages: [Page], producer: String, optimized: Bool = false, named destination: String,
                             to sink: (UnsafeRawBufferPointer) -> Bool) throws(DocumentError) {
        if let detail = outOfRange(pages) {
            throw DocumentError(source: destination, problem: .assemblyFailed(detail: detail))
        }
        let views = try renderersViews(of: pages, named: destination)
        var message = MessageBuffer()
        var refusedView: Int32 = -1
        let (status, sinkFailed) = SinkContext.writing(to: sink) { write, context in
            withCArguments(pages) { entries in
                withCViews(views) { views in
                    message.withPointer { text, size in
                        filterocr_pdf_assemble(entries, Int32(entries.count), views, Int32(views.count), producer,
                                               optimized ? 1 : 0, write, context, text, size, &refusedView)
                    }
                }
            }
        }
        guard status != 0 else { return }
        if views.indices.contains(Int(refusedView)) {
            let source = views[Int(refusedView)].path
            throw DocumentError(source: source, problem: status == -3 ? .repaired(by: message.text) : .readDifferently(detail: message.text))
        }
        // Known from the sink itself, whatever the C layer made of the failure.
        let detail = sinkFailed ? writeFailed : message.text
        throw DocumentError(source: destination, problem: .assemblyFailed(detail: detail))
    }

    /// Writes the PDF at `path` again through `sink`, smaller, losslessly: streams re-encoded
    /// where that is smaller (their decoded bytes, an image's pixels, never change), resources no
    /// page uses dropped, objects packed into object streams, as OCRmyPDF's `--optimize 1` does.
    /// Text, outlines, metadata and form fields are written as they were.
    public static func optimize(_ path: String, named destination: String,
                                to sink: (UnsafeRawBufferPointer) -> Bool) throws(DocumentError) {
        var message = MessageBuffer()
        let (status, sinkFailed) = SinkContext.writing(to: sink) { write, context in
            message.withPointer { text, size in filterocr_pdf_optimize(path, write, context, text, size) }
        }
        guard status != 0 else { return }
        throw DocumentError(source: destination, problem: .assemblyFailed(detail: sinkFailed ? writeFailed : message.text))
    }

    /// What the C callback reaches: the caller's sink, and whether it refused a write.
    private struct SinkContext {
        let sink: (UnsafeRawBufferPointer) -> Bool
        var failed = false

        /// `body`'s status, called with the C callback and its context, which hand the bytes to
        /// `sink`; and whether the sink refused a write.
        static func writing(to sink: (UnsafeRawBufferPointer) -> Bool,
                            _ body: (filterocr_graft_write, UnsafeMutableRawPointer) -> Int32) -> (Int32, Bool) {
            withoutActuallyEscaping(sink) { sink in
                var context = SinkContext(sink: sink)
                let status = withUnsafeMutablePointer(to: &context) { context in
                    body({ context, bytes, count in SinkContext.deliver(context, bytes, count) }, context)
                }
                return (status, context.failed)
            }
        }

        static func deliver(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
            let context = context!.assumingMemoryBound(to: SinkContext.self)
            guard context.pointee.sink(UnsafeRawBufferPointer(start: bytes, count: count)) else {
                context.pointee.failed = true
                return 1
            }
            return 0
        }
    }

    /// Why a page number cannot reach the C layer (which counts in Int32 and reads 0 as no
    /// text layer), or nil.
    private static func outOfRange(_ pages: [Page]) -> String? {
        let valid = 1...Int(Int32.max)
        guard pages.count <= Int(Int32.max) else { return "too many pages" }
        for page in pages {
            let source = page.source.reference
            if !valid.contains(source.page) { return "\(source.path): there is no page \(source.page)" }
            if let layer = page.textLayer, !valid.contains(layer.page) { return "\(layer.path): there is no page \(layer.page)" }
        }
        return nil
    }

    /// MuPDF's reading of each of the user's PDFs among `pages`, once each, in order of first
    /// use: its page count, its catalog and the pages the run read (those it left out stay as
    /// qpdf finds them, as they are). One MuPDF cannot open (gone since it was read) fails the
    /// assembly of `destination`.
    private static func renderersViews(of pages: [Page], named destination: String) throws(DocumentError)
        -> [(path: String, objects: PDFObjects)] {
        var read: [String: Set<Int>] = [:]
        var order: [String] = []
        for page in pages {
            let kept: PageReference? = if case let .original(path, number) = page.source {
                PageReference(path: path, page: number)
            } else {
                page.standsFor
            }
            guard let kept else { continue }
            if read[kept.path] == nil { order.append(kept.path) }
            read[kept.path, default: []].insert(kept.page)
        }
        var views: [(path: String, objects: PDFObjects)] = []
        for path in order {
            // Opened as the run opened it to read its pages: the same page count, the same objects.
            let file: PDFFile
            do {
                file = try PDFFile(path)
            } catch {
                throw DocumentError(source: destination, problem: .assemblyFailed(detail: error.description))
            }
            let numbers = (read[path] ?? []).filter { $0 <= file.pageCount }.sorted()
            views.append((path, try file.objects(pages: numbers)))
        }
        return views
    }

    /// Calls `body` with `views` as the C layer takes them: every path and object list lives for
    /// the call.
    private static func withCViews<Result>(_ views: [(path: String, objects: PDFObjects)],
                                           _ body: ([filterocr_graft_view]) -> Result) -> Result {
        var paths: [CChar] = []
        var offsets: [Int] = []
        for view in views {
            offsets.append(paths.count)
            paths += view.path.utf8CString
        }
        let numbers = views.flatMap(\.objects.numbers), pages = views.flatMap(\.objects.pages)
        return paths.withUnsafeBufferPointer { paths in
            numbers.withUnsafeBufferPointer { numbers in
                pages.withUnsafeBufferPointer { pages in
                    var at = 0
                    let entries = zip(views, offsets).map { view, offset in
                        defer { at += view.objects.numbers.count }
                        return filterocr_graft_view(source: paths.baseAddress! + offset,
                                                    root_number: view.objects.root[0], root_generation: view.objects.root[1],
                                                    page_count: Int32(view.objects.pageCount),
                                                    checked_count: Int32(view.objects.numbers.count),
                                                    checked_pages: numbers.baseAddress.map { $0 + at },
                                                    pages: pages.baseAddress.map { $0 + 2 * at },
                                                    repaired: view.objects.repaired ? 1 : 0)
                    }
                    return body(entries)
                }
            }
        }
    }

    /// Calls `body` with `pages` as the C layer takes them: every path lives in one buffer for
    /// the call.
    private static func withCArguments<Result>(_ pages: [Page], _ body: ([filterocr_graft_page]) -> Result) -> Result {
        var paths: [CChar] = []
        var offsets: [String: Int] = [:]
        func store(_ path: String) -> Int {
            if let offset = offsets[path] { return offset }
            defer { paths += path.utf8CString }
            offsets[path] = paths.count
            return paths.count
        }
        let stored = pages.map { page in
            (store(page.source.reference.path), page.textLayer.map { store($0.path) }, page.standsFor.map { store($0.path) })
        }
        return paths.withUnsafeBufferPointer { paths in
            func address(_ offset: Int?) -> UnsafePointer<CChar>? { offset.map { paths.baseAddress! + $0 } }
            let entries = zip(pages, stored).map { page, offsets in
                let shown = page.shown
                let keptWhole: Int32 = if case .original = page.source { 1 } else { 0 }
                return filterocr_graft_page(source: address(offsets.0), page: Int32(page.source.reference.page),
                                            kept_whole: keptWhole,
                                            text_layers: address(offsets.1), text_page: Int32(page.textLayer?.page ?? 0),
                                            remove_invisible_text: page.replacesInvisibleText ? 1 : 0,
                                            quarter_turns: Int32(shown.turns),
                                            shown_left: shown.left, shown_top: shown.top,
                                            shown_right: shown.right, shown_bottom: shown.bottom,
                                            stands_for: address(offsets.2), stands_for_page: Int32(page.standsFor?.page ?? 0))
            }
            return body(entries)
        }
    }
}
