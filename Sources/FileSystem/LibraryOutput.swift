#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Threading

/// A file that a C library writes by name (Tesseract's renderers open `BASE.EXT` with
/// `fopen`, and ignore what `fwrite` and `fclose` report), written so that nothing is lost:
/// the library writes into a FIFO, and a thread of ours copies what arrives into a
/// `FileReplacement`, whose every write is checked. A full disk then fails the document
/// instead of leaving an empty or cut file in place of the old one.
public final class LibraryOutput: Sendable {
    /// The base name to give the library; it opens `base` + `.` + the extension.
    public let base: String
    /// The FIFO, until the copying starts.
    private let fifo: String
    private let reader: Int32
    private let replacement: FileReplacement
    private let started = Locked(false)
    private let copied = DispatchSemaphore(value: 0)

    /// Makes the FIFO `base.fileExtension` for the library to open; call `libraryOpened`
    /// once it has. The library's bytes replace `path` when `commit` succeeds.
    public init(replacing path: String, fileExtension: String) throws(FileError) {
        replacement = try FileReplacement(path)
        base = AtomicFile.temporaryPath(for: path)
        let fifo = base + "." + fileExtension
        guard PathEncoding.withFileSystemPath(fifo, { mkfifo($0, 0o600) }) == 0 else {
            let reason = systemReason()
            replacement.abandon()
            throw .cannotWrite(path: path, reason: reason)
        }
        // Open for reading without waiting, so that the library's open for writing finds a
        // reader and does not block.
        let reader = PathEncoding.withFileSystemPath(fifo) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard reader >= 0 else {
            let reason = systemReason()
            _ = PathEncoding.withFileSystemPath(fifo) { unlink($0) }
            replacement.abandon()
            throw .cannotWrite(path: path, reason: reason)
        }
        self.fifo = fifo
        self.reader = reader
    }

    deinit {
        let neverStarted = started.withLock { !$0 }
        if neverStarted {
            close(reader)
            _ = PathEncoding.withFileSystemPath(fifo) { unlink($0) }
        }
    }

    /// Starts copying, once the library has opened its end (or failed to): from then on the
    /// FIFO needs no name.
    public func libraryOpened() {
        guard started.withLock({ started in defer { started = true }; return !started }) else { return }
        _ = PathEncoding.withFileSystemPath(fifo) { unlink($0) }
        // Blocking reads from here: end of file comes when the library closes its end.
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK)
        let (reader, replacement, copied) = (reader, replacement, copied)
        Thread.detachNewThread {
            Self.copy(from: reader, to: replacement)
            close(reader)
            copied.signal()
        }
    }

    /// Waits for the library's last byte (it must have closed the file) and puts the file
    /// in place; throws why if any write failed, leaving the old file as it was.
    public func commit() throws(FileError) {
        waitForCopy()
        try replacement.commit()
    }

    /// Waits for the library's end (it must have closed the file) and removes what it wrote.
    public func abandon() {
        waitForCopy()
        replacement.abandon()
    }

    /// Waits until the copying has ended; at once if it has, however often it is asked.
    private func waitForCopy() {
        libraryOpened()
        copied.wait()
        copied.signal()
    }

    /// Copies until end of file; after a failed write, goes on reading so that the library
    /// never blocks on a full FIFO.
    private static func copy(from reader: Int32, to replacement: FileReplacement) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = read(reader, chunk.baseAddress, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            replacement.write(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
    }
}
