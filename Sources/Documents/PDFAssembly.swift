import CPDFGraft
import Imaging

/// A searchable PDF assembled from PDFs' own pages and Tesseract's pages.
public enum PDFAssembly {
    public struct Page: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            /// Page `page` (from 1) of the PDF at `path`, kept as it is.
            case original(path: String, page: Int)
            /// Page `page` of the PDF Tesseract rendered (image and text).
            case rendered(page: Int)
        }

        public var source: Source
        /// The page (from 1) of the text layers laid over it; nil for none.
        public var textLayer: Int?
        /// Whether the page's own invisible text goes first.
        public var replacesInvisibleText: Bool
        /// Where the text layer's page lies on the page as it is shown: the page is turned (its
        /// /Rotate) and cropped (its crop box) to match, its content unchanged.
        public var shown: PageGeometry

        public init(source: Source, textLayer: Int? = nil, replacesInvisibleText: Bool = false, shown: PageGeometry = PageGeometry()) {
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
    /// stops); `textLayers` and `rendered` are the PDFs Tesseract wrote.
    ///
    /// The first PDF among the pages' sources is the output: its own pages are changed where
    /// they are, and all it has at document level stays, but for `producer` (the document
    /// information's and the XMP's) and the time of modification. Pages a PDF has that `pages`
    /// leaves out stay in their places. Each original page keeps its content streams, images
    /// and fonts byte for byte; the PDFs are read while writing, never whole into memory.
    public static func write(_ pages: [Page], textLayers: String?, rendered: String?, producer: String,
                             named destination: String, to sink: (UnsafeRawBufferPointer) -> Bool) throws(DocumentError) {
        if let detail = outOfRange(pages) {
            throw DocumentError(source: destination, problem: .assemblyFailed(detail: detail))
        }
        var message = MessageBuffer()
        let (status, sinkFailed) = withoutActuallyEscaping(sink) { sink in
            var context = SinkContext(sink: sink)
            let status = withUnsafeMutablePointer(to: &context) { context in
                withCArguments(pages, textLayers: textLayers, rendered: rendered) { entries, textLayers, rendered in
                    message.withPointer { text, size in
                        filterocr_pdf_assemble(entries, Int32(entries.count), textLayers, rendered, producer,
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
            switch page.source {
            case let .original(path, number) where !valid.contains(number):
                return "\(path): there is no page \(number)"
            case let .rendered(number) where !valid.contains(number):
                return "the rendered PDF has no page \(number)"
            default:
                break
            }
            if let layer = page.textLayer, !valid.contains(layer) { return "the text layers have no page \(layer)" }
        }
        return nil
    }

    /// Calls `body` with `pages` and the two paths as the C layer takes them: every path lives
    /// in one buffer for the call.
    private static func withCArguments<Result>(
        _ pages: [Page], textLayers: String?, rendered: String?,
        _ body: ([filterocr_graft_page], UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Result
    ) -> Result {
        var paths: [CChar] = []
        func store(_ path: String?) -> Int? {
            guard let path else { return nil }
            defer { paths += path.utf8CString }
            return paths.count
        }
        let sources = pages.map { page -> Int? in
            guard case let .original(path, _) = page.source else { return nil }
            return store(path)
        }
        let (textLayers, rendered) = (store(textLayers), store(rendered))
        return paths.withUnsafeBufferPointer { paths in
            func address(_ offset: Int?) -> UnsafePointer<CChar>? { offset.map { paths.baseAddress! + $0 } }
            let entries = zip(pages, sources).map { page, source in
                let number = switch page.source {
                case let .original(_, number), let .rendered(number): number
                }
                let shown = page.shown
                return filterocr_graft_page(source: address(source), page: Int32(number),
                                            text_page: Int32(page.textLayer ?? 0),
                                            remove_invisible_text: page.replacesInvisibleText ? 1 : 0,
                                            quarter_turns: Int32(shown.turns),
                                            shown_left: shown.left, shown_top: shown.top,
                                            shown_right: shown.right, shown_bottom: shown.bottom)
            }
            return body(entries, address(textLayers), address(rendered))
        }
    }
}
