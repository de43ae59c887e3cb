import Documents
import FileSystem

/// One unit of work of a run: an image, or one page of a document. A document is expanded
/// into its pages when its turn comes, so a stream of documents is never held in memory.
public struct WorkUnit: Sendable, Equatable {
    /// The input as the user named it.
    public var input: String
    /// The document's page (from 1); nil for an image.
    public var page: Int?
    /// Why the input cannot be read at all (an encrypted PDF): it fails without being loaded.
    public var failure: String?

    public init(input: String, page: Int? = nil, failure: String? = nil) {
        (self.input, self.page, self.failure) = (input, page, failure)
    }

    /// The units of `input`: itself for an image (or a file to be reported unreadable when
    /// loaded), each selected page of a document, and a failure for pages asked for that the
    /// document does not have, or for a document that cannot be opened.
    public static func units(of input: String, selection: PageSelection?) -> [WorkUnit] {
        guard input != ImageLoader.standardInputName, let kind = Document.kind(of: input) else {
            return [WorkUnit(input: input)]
        }
        let count: Int
        do {
            count = try Document(input, kind: kind).pageCount
        } catch {
            return [WorkUnit(input: input, failure: oneLineMessage(for: error))]
        }
        let (pages, missing) = selection?.pages(of: count) ?? (Array(1...count), nil)
        var units = pages.map { WorkUnit(input: input, page: $0) }
        if let missing {
            let error = DocumentError(source: PathEncoding.displayed(input), problem: .noSuchPage(page: missing, count: count))
            units.append(WorkUnit(input: input, page: missing, failure: error.description))
        }
        return units
    }

    /// How many units `inputs` make, for progress: documents opened to count their pages.
    public static func count(of inputs: [String], selection: PageSelection?) -> Int {
        inputs.reduce(0) { total, input in total + units(of: input, selection: selection).count }
    }
}
