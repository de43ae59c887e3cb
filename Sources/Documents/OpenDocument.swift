import FileSystem
import ImageCodec
import Threading

/// The document a loader read a page of last, kept open for its next page: opening one reads
/// its structure (a PDF's cross-references and page tree, a TIFF's chain of pages), which a
/// run over a document's pages must do once, not once a page.
package final class OpenDocument: Sendable {
    private struct Kept {
        var path: String
        var stamp: FileStamp
        var document: Document
    }

    private let kept = Locked<Kept?>(nil)

    package init() {}

    /// Page `number` of the document at `path`, or nil when `path` is no document (an image).
    /// A file changed since it was opened is opened again.
    package func page(_ number: Int, of path: String, dpi: Int?, decoder: ImageDecoder) throws -> (DocumentPage, Document.Kind)? {
        try kept.withLock { kept throws -> (DocumentPage, Document.Kind)? in
            guard let stamp = FileStamp(at: path) else { return nil }
            if kept?.path != path || kept?.stamp != stamp {
                kept = nil
                guard let kind = Document.kind(of: path) else { return nil }
                kept = Kept(path: path, stamp: stamp, document: try Document(path, kind: kind, maxPixels: decoder.maxPixels))
            }
            guard let document = kept?.document else { return nil }
            return (try document.page(number, dpi: dpi, decoder: decoder), document.kind)
        }
    }
}
