import Dispatch
import Documents
import FileSystem
import Foundation
import Imaging
import Recognition
import Reports
import Threading

/// One document in a Tesseract format for a whole run (`ocr` or `batch` with `--format
/// hocr` and the like): each image's page is added by the engine that recognised it, in input
/// order whatever order the engines finish in, and the file appears whole at its path only
/// when the run ends (or goes to standard output).
public final class PageDocument: Sendable {
    /// Where the document goes: a file, or `-` for standard output.
    public let destination: String
    public let format: TesseractDocument.Format
    private let target: Target
    private let turns = Locked(Turns())

    /// How the pages become the document.
    private enum Target: Sendable {
        /// The document is written page by page as the pages come, into the file's replacement
        /// (nil for standard output), every write checked.
        case direct(Locked<TesseractDocument>, FileReplacement?)
        /// A searchable PDF that keeps PDFs' own pages, assembled when the run ends into the
        /// file's replacement, opened when the run starts (nil for standard output): an output
        /// that cannot be written is refused before any page is read.
        case assembled(SearchablePDFParts, FileReplacement?)
    }

    /// Whose turn it is to add a page, and who waits for theirs (in a document written in
    /// input order).
    private struct Turns {
        var next = 0
        var waiting: [Int: DispatchSemaphore] = [:]
        /// Pages added so far: a document of none is never written.
        var added = 0
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
        let document: Locked<TesseractDocument>
        do {
            document = Locked(try Self.named(destination) {
                try TesseractDocument(format: format, writingTo: replacement, textOnly: textOnly, producer: Product.nameAndVersion)
            })
        } catch {
            replacement?.abandon()
            throw error
        }
        target = .direct(document, replacement)
        do {
            try document.withLock { document in try Self.named(destination) { try document.begin(title: "") } }
        } catch {
            abandon()
            throw error
        }
    }

    /// Whether pages must be added in input order, each waiting for those before it: a
    /// document written page by page. A searchable PDF that is assembled takes them in any
    /// order, so an engine never waits (nor keeps a finished page) for another.
    public var addsInInputOrder: Bool {
        if case .direct = target { true } else { false }
    }

    /// Adds the page at `ticket` (0, 1, 2 ... in input order), read by `engine`, from `origin`
    /// with `add` (nothing for an image that failed: nil). A document written in input order
    /// waits until every page before it is in, and then lets the next page in.
    public func addPage(_ ticket: Int, engine: Int = 0, from origin: PageOrigin? = .image,
                        _ add: (TesseractDocument) throws -> Void) throws {
        if case .assembled(let parts, _) = target {
            guard let origin else { return }
            try Self.named(destination) { try parts.addPage(ticket, engine: engine, from: origin, add) }
            turns.withLock { $0.added += 1 }
            return
        }
        let wait: DispatchSemaphore? = turns.withLock { turns in
            guard turns.next != ticket else { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            turns.waiting[ticket] = semaphore
            return semaphore
        }
        wait?.wait()
        defer {
            let nextInLine = turns.withLock { turns in
                turns.next += 1
                return turns.waiting.removeValue(forKey: turns.next)
            }
            nextInLine?.signal()
        }
        guard origin != nil, case .direct(let document, _) = target else { return }
        try document.withLock { document in try Self.named(destination) { try add(document) } }
        turns.withLock { $0.added += 1 }
    }

    /// Ends `ticket`'s turn: when its page has not gone in (its input failed, was cancelled or
    /// skipped), lets the next page in without it. A run calls it once for every unit, whatever
    /// became of it, so that no failure path can hold up the pages after it.
    public func endTurn(_ ticket: Int) {
        guard case .direct = target, turns.withLock({ $0.next <= ticket }) else { return }
        try? addPage(ticket, from: nil) { _ in }
    }

    /// Ends the document and puts it in place; on failure, or when no page was added to a
    /// file, leaves nothing behind and the file that was there as it was. (Standard output
    /// has had the format's beginning already; it gets its end, so that it stays well formed.)
    @discardableResult
    public func finish() throws -> Ending {
        guard turns.withLock({ $0.added }) > 0 || destination == PNGOutput.standardOutputName else {
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

    private func finish(_ document: Locked<TesseractDocument>, _ output: FileReplacement?) throws {
        var failure: (any Error)?
        do {
            try document.withLock { document in try Self.named(destination) { try document.end() } }
        } catch {
            failure = error
        }
        // A failed write to standard output is kept until the end: it says why, better than a
        // document that could not finish.
        if let code = document.withLock({ $0.standardOutputError() }) {
            failure = OutputError.cannotWrite(path: Self.shown(destination), reason: DescriptorWrite.reason(code))
        }
        if let failure {
            abandon()
            throw failure
        }
        document.withLock { $0.close() }
        try output?.commit()
    }

    /// Leaves nothing behind after a run that could not start or was stopped.
    public func abandon() {
        switch target {
        case let .direct(document, output):
            document.withLock { $0.close() }
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
