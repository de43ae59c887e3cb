import Documents
import FileSystem
import Foundation
import Imaging
import Recognition
import Reports
import Threading

/// One document in a Tesseract format for a whole run (`ocr` or `batch` with `--format
/// hocr` and the like), in input order whatever order the engines finish in, which appears
/// whole at its path only when the run ends (or goes to standard output).
///
/// Each page is made ready by the engine that read it (`prepare`: its PDF image encoded, its
/// text laid out), and goes in from the thread that delivers the run's results, in input order
/// (`add`): no engine waits for a page before its own. A searchable PDF assembled at the end
/// takes each page as soon as it is ready, in any order.
public final class PageDocument: Sendable {
    /// Where the document goes: a file, or `-` for standard output.
    public let destination: String
    public let format: TesseractDocument.Format
    private let target: Target
    /// Pages added so far: a document of none is never written.
    private let added = Locked(0)

    /// How the pages become the document.
    private enum Target: Sendable {
        /// The document is written page by page as the pages come, into the file's replacement
        /// (nil for standard output), every write checked.
        case direct(TesseractDocument, FileReplacement?)
        /// A searchable PDF that keeps PDFs' own pages, assembled when the run ends into the
        /// file's replacement, opened when the run starts (nil for standard output): an output
        /// that cannot be written is refused before any page is read.
        case assembled(SearchablePDFParts, FileReplacement?)
    }

    /// What `finish` did.
    public enum Ending: Sendable, Equatable {
        /// The document is in place (or went to standard output).
        case written
        /// No page was added (every input failed): nothing was written, and a file that was at
        /// the destination is as it was.
        case nothingToWrite
    }

    /// - Parameter keepsOriginalPages: for a PDF, whether the run's inputs may include PDFs,
    ///   whose own pages then go into it with the text laid over them.
    /// - Parameter textOnly: for a PDF, the invisible text alone, each page the size of the
    ///   image read, for the caller to lay over pages it keeps (PDFs' own pages are not kept).
    /// - Parameter optimized: for a PDF, whether it is made smaller losslessly as it is written
    ///   (`--optimize 1`): it is then assembled, as one that keeps PDFs' pages is.
    public init(format: TesseractDocument.Format, destination: String, keepsOriginalPages: Bool = false,
                textOnly: Bool = false, optimized: Bool = false) throws {
        self.format = format
        self.destination = destination
        if format == .pdf && ((keepsOriginalPages && !textOnly) || optimized) {
            let replacement = destination == PNGOutput.standardOutputName ? nil
                : try Self.named(destination) { try FileReplacement(destination) }
            let parts = try Self.named(destination) { try SearchablePDFParts(textOnly: textOnly, optimized: optimized) }
            target = .assembled(parts, replacement)
            return
        }
        let replacement = destination == PNGOutput.standardOutputName ? nil
            : try Self.named(destination) { try FileReplacement(destination) }
        let document: TesseractDocument
        do {
            document = try Self.named(destination) {
                try TesseractDocument(format: format, writingTo: replacement, textOnly: textOnly, producer: Product.nameAndVersion)
            }
        } catch {
            replacement?.abandon()
            throw error
        }
        target = .direct(document, replacement)
        do {
            try Self.named(destination) { try document.begin(title: "") }
        } catch {
            abandon()
            throw error
        }
    }

    /// Whether pages go in as `add` gives them, in input order: a document written page by page,
    /// which keeps each ready page until those before it are in. A searchable PDF that is
    /// assembled takes them as they are ready, so nothing finished is kept waiting.
    public var addsInInputOrder: Bool {
        if case .direct = target { true } else { false }
    }

    /// A page made ready for the document (`prepare`), for `add` to put in its place.
    public struct ReadyPage: Sendable {
        fileprivate enum Content: Sendable {
            /// Taken by an assembled PDF already.
            case taken
            /// To write in input order; nil for a PDF page kept as it is, which adds nothing.
            case toWrite(TesseractDocument.PreparedPage?)
        }

        fileprivate let content: Content
    }

    /// Makes ready the page at `ticket` (0, 1, 2 ... in input order), read by `engine`, from
    /// `origin`, on the caller's thread: `page` gives what goes in, told whether it shows its
    /// image (a searchable PDF's), and is not called for a PDF page kept as it is. An assembled
    /// PDF takes the page now.
    public func prepare(_ ticket: Int, engine: Int = 0, from origin: PageOrigin = .image,
                        _ page: (_ showingImage: Bool) throws -> TesseractDocument.Page) throws -> ReadyPage {
        switch target {
        case .assembled(let parts, _):
            try Self.named(destination) { try parts.addPage(ticket, engine: engine, from: origin, page) }
            added.withLock { $0 += 1 }
            return ReadyPage(content: .taken)
        case .direct(let document, _):
            if case .pdfPageAsIs = origin { return ReadyPage(content: .toWrite(nil)) }
            let prepared = try Self.named(destination) { try document.prepare(page(document.showsImages)) }
            return ReadyPage(content: .toWrite(prepared))
        }
    }

    /// Puts `page` in the document: called in input order, for the pages that came to be (a
    /// page whose input failed has none), from one thread at a time.
    public func add(_ page: ReadyPage) throws {
        guard case .toWrite(let prepared) = page.content, case .direct(let document, _) = target else { return }
        if let prepared {
            try Self.named(destination) { try document.add(prepared) }
        }
        added.withLock { $0 += 1 }
    }

    /// Ends the document and puts it in place; on failure, or when no page was added to a
    /// file, leaves nothing behind and the file that was there as it was. (Standard output
    /// has had the format's beginning already; it gets its end, so that it stays well formed.)
    @discardableResult
    public func finish() throws -> Ending {
        guard added.withLock({ $0 }) > 0 || destination == PNGOutput.standardOutputName else {
            abandon()
            return .nothingToWrite
        }
        switch target {
        case let .direct(document, output):
            try finish(document, output)
        case let .assembled(parts, replacement):
            defer { parts.discard() }
            try Self.named(destination) {
                if destination == PNGOutput.standardOutputName {
                    var failure: Int32?
                    do {
                        try parts.write(named: destination) { bytes in
                            failure = DescriptorWrite.all(bytes, to: STDOUT_FILENO)
                            return failure == nil
                        }
                    } catch let error as DocumentError where failure != nil {
                        _ = error
                    }
                    // The write that failed says why, better than the assembly it stopped.
                    if let failure {
                        throw OutputError.cannotWrite(path: Self.shown(destination), reason: DescriptorWrite.reason(failure))
                    }
                } else if let replacement {
                    do {
                        try parts.write(named: destination) { bytes in replacement.write(bytes); return true }
                    } catch {
                        replacement.abandon()
                        throw error
                    }
                    try replacement.commit()
                }
            }
        }
        return .written
    }

    private func finish(_ document: TesseractDocument, _ output: FileReplacement?) throws {
        var failure: (any Error)?
        do {
            try Self.named(destination) { try document.end() }
        } catch {
            failure = error
        }
        // A failed write to standard output is kept until the end: it says why, better than a
        // document that could not finish.
        if let code = document.standardOutputError() {
            failure = OutputError.cannotWrite(path: Self.shown(destination), reason: DescriptorWrite.reason(code))
        }
        if let failure {
            abandon()
            throw failure
        }
        document.close()
        try output?.commit()
    }

    /// Leaves nothing behind after a run that could not start or was stopped.
    public func abandon() {
        switch target {
        case let .direct(document, output):
            document.close()
            output?.abandon()
        case let .assembled(parts, replacement):
            parts.discard()
            replacement?.abandon()
        }
    }

    /// `body`'s result, with a renderer's or a document's failure said as one of the file the
    /// user asked for.
    private static func named<T>(_ destination: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RecognitionError {
            throw OutputError.cannotWrite(path: shown(destination), reason: oneLineMessage(for: error))
        } catch let error as FileError {
            // A private part of the document could not be written: the user's file is what failed.
            if case let .cannotWrite(_, reason) = error {
                throw OutputError.cannotWrite(path: shown(destination), reason: reason)
            }
            throw error
        }
    }

    /// The destination as messages name it.
    private static func shown(_ destination: String) -> String {
        destination == PNGOutput.standardOutputName ? "standard output" : PathEncoding.displayed(destination)
    }
}
