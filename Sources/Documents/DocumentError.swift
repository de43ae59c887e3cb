import FileSystem
import Foundation

/// Why a document, or one of its pages, could not be read or written.
public struct DocumentError: Error, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        /// It needs a password: say how to remove it.
        case encrypted
        /// The file is not a readable PDF even after repair; `detail` is the library's reason.
        case damaged(detail: String)
        /// A TIFF whose chain of pages libtiff cannot follow.
        case damagedTIFF
        /// A page that draws an image of more pixels than the limit (checked before decoding it).
        case imageTooLarge(page: Int, width: Int, height: Int, limit: Int)
        /// A page MuPDF cannot draw (the rest of the document may be fine).
        case pageUnreadable(page: Int, detail: String)
        /// A page that wanted more memory than a page may take (`limit` bytes, which follows
        /// from the pixel limit).
        case pageOverBudget(page: Int, limit: Int)
        /// A page whose drawing took longer than a page may.
        case pageTimedOut(page: Int, detail: String)
        /// It has no pages.
        case noPages
        /// A page asked for that the document does not have.
        case noSuchPage(page: Int, count: Int)
        /// A page whose rendering would be larger than the pixel limit (checked before rendering).
        case pageTooLarge(page: Int, width: Int, height: Int, limit: Int)
        /// MuPDF, which renders the pages read, and qpdf, which writes the searchable PDF, read
        /// the PDF differently (another revision, other pages): no text is laid from either.
        case readDifferently(detail: String)
        /// A PDF that MuPDF, qpdf or both (`by`) had to repair, whose searchable PDF would be
        /// written from a guess at the revision meant.
        case repaired(by: String)
        /// A PDF whose page tree names pages more than once (its pages are rendered, as images
        /// are, into a searchable PDF) of which `missing` pages of `count` were not read: the
        /// searchable PDF would lose them.
        case pagesWouldBeLost(missing: Int, count: Int)
        /// Assembling a searchable PDF failed.
        case assemblyFailed(detail: String)
        /// The library failed for a reason not the file's (out of memory).
        case libraryFailed(detail: String)
    }

    /// The document as the user named it.
    public var source: String
    public var problem: Problem

    public init(source: String, problem: Problem) {
        self.source = source
        self.problem = problem
    }
}

extension DocumentError: CustomStringConvertible, LocalizedError {
    public var errorDescription: String? { description }

    public var description: String {
        let reason = switch problem {
        case .encrypted:
            "the PDF is encrypted; decrypt it first: qpdf --password=PASSWORD --decrypt IN.pdf OUT.pdf"
        case .damaged(let detail):
            detail.isEmpty ? "not a readable PDF, even repaired" : "not a readable PDF, even repaired (\(detail))"
        case .damagedTIFF:
            "a TIFF whose pages cannot be followed (damaged, or its chain of pages loops)"
        case let .imageTooLarge(page, width, height, limit):
            "page \(page) draws an image of \(width) x \(height) pixels, more than the limit of \(limit) "
                + "(raise --max-pixels if this is intended)"
        case let .pageUnreadable(page, detail):
            "page \(page) cannot be read (\(detail))"
        case let .pageOverBudget(page, limit):
            "page \(page) needs more than the \(limit >> 20) MB of memory a page may take (set by --max-pixels)"
        case let .pageTimedOut(page, detail):
            "page \(page): \(detail)"
        case .noPages:
            "the document has no pages"
        case let .noSuchPage(page, count):
            "there is no page \(page): the document has \(count) page\(count == 1 ? "" : "s")"
        case let .pageTooLarge(page, width, height, limit):
            "page \(page) would be \(width) x \(height) pixels, more than the limit of \(limit) "
                + "(lower --dpi, or raise --max-pixels)"
        case .readDifferently(let detail):
            "MuPDF (which renders its pages) and qpdf (which writes the searchable PDF) read it differently: "
                + "\(detail); refused rather than written from either reading"
        case .repaired(let library):
            "it is damaged (repaired by \(library), and a repair guesses at the revision meant): a searchable PDF "
                + "is not written from a guess; rewrite it first (mutool clean IN.pdf OUT.pdf) and check that it "
                + "shows what it should"
        case let .pagesWouldBeLost(missing, count):
            "its page tree names pages more than once, so its pages go into a searchable PDF rendered, "
                + "and \(missing) of its \(count) pages were not read (--pages, or a page that failed): "
                + "refused rather than written without them"
        case .assemblyFailed(let detail):
            "cannot assemble the searchable PDF: \(detail)"
        case .libraryFailed(let detail):
            "cannot read it: \(detail)"
        }
        return "\(PathEncoding.displayed(source)): \(reason)"
    }
}
