import Dispatch
import FileSystem
import Foundation
import Imaging
import Recognition
import Synchronization

/// One document in a Tesseract format for a whole run (`ocr` or `batch` with `--format
/// hocr` and the like): each image's page is added by the engine that recognised it, in input
/// order whatever order the engines finish in, and the file appears whole at its path only
/// when the run ends (or goes to standard output).
public final class PageDocument: Sendable {
    /// Where the document goes: a file, or `-` for standard output.
    public let destination: String
    public let format: TesseractDocument.Format
    /// The file the renderer writes until `finish` renames it; nil for standard output.
    private let temporary: String?
    private let document: Mutex<TesseractDocument>
    private let turns = Mutex(Turns())

    /// Whose turn it is to add a page, and who waits for theirs.
    private struct Turns {
        var next = 0
        var waiting: [Int: DispatchSemaphore] = [:]
    }

    public init(format: TesseractDocument.Format, destination: String) throws {
        self.format = format
        self.destination = destination
        if destination == PNGOutput.standardOutputName {
            temporary = nil
            document = Mutex(try TesseractDocument(format: format, outputBase: TesseractDocument.standardOutput))
        } else {
            try AtomicFile.checkTarget(destination)
            let base = AtomicFile.temporaryPath(for: destination)
            let document = try TesseractDocument(format: format, outputBase: base)
            temporary = document.path
            self.document = Mutex(document)
        }
        try document.withLock { try $0.begin(title: "") }
    }

    /// Waits until every page before `ticket` (0, 1, 2 ... in input order) is in, adds this
    /// one with `add` (nothing for an image that failed), and lets the next page in.
    func addPage(_ ticket: Int, _ add: (TesseractDocument) throws -> Void) throws {
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
        try document.withLock { try add($0) }
    }

    /// Ends the document and puts it in place.
    public func finish() throws {
        try document.withLock { try $0.end() }
        if let temporary { try AtomicFile.commit(temporary, to: destination) }
    }

    /// Leaves nothing behind after a run that could not start.
    public func abandon() {
        if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
