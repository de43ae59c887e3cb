import Dispatch
import FileSystem
import Foundation
import Imaging
import Recognition

/// One document in a Tesseract format for a whole run (`ocr` or `batch` with `--format
/// hocr` and the like): each image's page is added by the engine that recognised it, in input
/// order whatever order the engines finish in, and the file appears whole at its path only
/// when the run ends (or goes to standard output).
public final class PageDocument: Sendable {
    /// Where the document goes: a file, or `-` for standard output.
    public let destination: String
    public let format: TesseractDocument.Format
    /// What the renderer writes reaches the file through checked writes; nil for standard output.
    private let output: LibraryOutput?
    private let document: Locked<TesseractDocument>
    private let turns = Locked(Turns())

    /// Whose turn it is to add a page, and who waits for theirs.
    private struct Turns {
        var next = 0
        var waiting: [Int: DispatchSemaphore] = [:]
    }

    public init(format: TesseractDocument.Format, destination: String) throws {
        self.format = format
        self.destination = destination
        if destination == PNGOutput.standardOutputName {
            output = nil
            document = Locked(try Self.named(destination) { try TesseractDocument(format: format, outputBase: destination) })
        } else {
            let output = try LibraryOutput(replacing: destination, fileExtension: format.fileExtension)
            do {
                let document = try Self.named(destination) { try TesseractDocument(format: format, outputBase: output.base) }
                output.libraryOpened()
                self.document = Locked(document)
            } catch {
                output.abandon()
                throw error
            }
            self.output = output
        }
        do {
            try document.withLock { document in try Self.named(destination) { try document.begin(title: "") } }
        } catch {
            abandon()
            throw error
        }
    }

    /// Waits until every page before `ticket` (0, 1, 2 ... in input order) is in, adds this
    /// one with `add` (nothing for an image that failed), and lets the next page in.
    public func addPage(_ ticket: Int, _ add: (TesseractDocument) throws -> Void) throws {
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
        try document.withLock { document in try Self.named(destination) { try add(document) } }
    }

    /// Ends the document and puts it in place; on failure leaves nothing behind, and the
    /// file that was there as it was.
    public func finish() throws {
        var failure: (any Error)?
        do {
            try document.withLock { document in try Self.named(destination) { try document.end() } }
        } catch {
            failure = error
        }
        // Tesseract's renderer ignores failed writes to standard output; its stream says why,
        // better than a renderer that could not finish.
        if let code = document.withLock({ $0.standardOutputError() }) {
            let reason = code > 0 ? DescriptorWrite.reason(code) : "a write to it failed"
            failure = ApplicationError.cannotWrite(path: Self.shown(destination), reason: reason)
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
        document.withLock { $0.close() }
        output?.abandon()
    }

    /// `body`'s result, with a renderer's failure said as one of the file the user asked for.
    private static func named<T>(_ destination: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RecognitionError {
            throw ApplicationError.cannotWrite(path: shown(destination), reason: oneLineMessage(for: error))
        }
    }

    /// The destination as messages name it.
    private static func shown(_ destination: String) -> String {
        destination == PNGOutput.standardOutputName ? "standard output" : PathEncoding.displayed(destination)
    }
}
