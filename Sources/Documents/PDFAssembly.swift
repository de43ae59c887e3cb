import CPDFGraft
import Imaging

/// A searchable PDF assembled from PDFs' own pages and Tesseract's pages.
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
            /// A page Tesseract rendered (image and text), which stands alone.
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

        public init(source: Source, textLayer: PageReference? = nil, replacesInvisibleText: Bool = false,
                    shown: PageGeometry = PageGeometry()) {
            self.source = source
            self.textLayer = textLayer
            self.replacesInvisibleText = replacesInvisibleText
            self.shown = shown
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
    public static func write(_ pages: [Page], producer: String, named destination: String,
                             to sink: (UnsafeRawBufferPointer) -> Bool) throws(DocumentError) {
        if let detail = outOfRange(pages) {
            throw DocumentError(source: destination, problem: .assemblyFailed(detail: detail))
        }
        var message = MessageBuffer()
        let (status, sinkFailed) = withoutActuallyEscaping(sink) { sink in
            var context = SinkContext(sink: sink)
            let status = withUnsafeMutablePointer(to: &context) { context in
                withCArguments(pages) { entries in
                    message.withPointer { text, size in
                        filterocr_pdf_assemble(entries, Int32(entries.count), producer,
                                               { context, bytes, count in SinkContext.deliver(context, bytes, count) },
                                               context, text, size)
                    }
                }
            }
            return (status, context.failed)
        }
        guard status != 0 else { return }
        // Known from the sink itself, whatever the C layer made of the failure.
        let detail = sinkFailed ? writeFailed : message.text
        throw DocumentError(source: destination, problem: .assemblyFailed(detail: detail))
    }

    /// What the C callback reaches: the caller's sink, and whether it refused a write.
    private struct SinkContext {
        let sink: (UnsafeRawBufferPointer) -> Bool
        var failed = false

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
        let stored = pages.map { page in (store(page.source.reference.path), page.textLayer.map { store($0.path) }) }
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
                                            shown_right: shown.right, shown_bottom: shown.bottom)
            }
            return body(entries)
        }
    }
}
