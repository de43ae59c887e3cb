import CPDFGraft

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

        public init(source: Source, textLayer: Int? = nil, replacesInvisibleText: Bool = false) {
            self.source = source
            self.textLayer = textLayer
            self.replacesInvisibleText = replacesInvisibleText
        }
    }

    /// Writes the PDF of `pages` to `sink`, which returns false when a write failed (it then
    /// stops); `textLayers` and `rendered` are the PDFs Tesseract wrote.
    public static func write(_ pages: [Page], textLayers: String?, rendered: String?, named destination: String,
                             to sink: (UnsafeRawBufferPointer) -> Bool) throws(DocumentError) {
        throw DocumentError(source: destination, problem: .assemblyFailed(detail: "not available"))
    }
}
