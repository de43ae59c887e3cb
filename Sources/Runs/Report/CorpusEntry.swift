import Core
import FileSystem

/// One page of a corpus as the report takes it in: an image or a document's page, what was
/// read from it (or why nothing was), and its truth when there is one.
public struct CorpusEntry: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// Recognised: the text read.
        case read(String)
        /// Could not be recognised: why.
        case failed(String)
        /// Not recognised on purpose (a PDF page with text of its own, `--skip-text`): why.
        case skipped(String)
    }

    /// The image as the user named it, shown safely.
    public var image: String
    /// The document's page, from 1; nil for an image.
    public var page: Int?
    /// The filters the page was read through (`binarize; 75%`), when known.
    public var script: String?
    public var outcome: Outcome
    /// The text the page really contains; nil when it has none.
    public var truth: String?

    public init(image: String, page: Int? = nil, script: String? = nil, outcome: Outcome, truth: String? = nil) {
        self.image = image
        self.page = page
        self.script = script
        self.outcome = outcome
        self.truth = truth
    }

    /// The image with its page, as reports name it: `scan.pdf page 3`.
    public var name: String { page.map { "\(image) page \($0)" } ?? image }

    /// The entry with its truth from `source`, looked up for the image at `path` (the path
    /// itself, where `image` is the name shown). A `--truth` file that cannot be read is an
    /// error; a missing sidecar is no truth.
    public func findingTruth(in source: TruthSource, path: String? = nil) throws -> CorpusEntry {
        var entry = self
        entry.truth = try source.text(for: path ?? image, page: page)
        return entry
    }
}
