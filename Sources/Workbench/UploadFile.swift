import Foundation
import NIOCore

/// An upload's file, written a chunk at a time as the request's body arrives, so that an
/// upload is never held in memory whole.
///
/// Not `Sendable`: one request writes it, from one task.
final class UploadFile {
    private var descriptor: Int32

    /// A new file at `path`, readable by this user only; never over an existing file.
    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { abandon() }

    func write(_ chunk: ByteBuffer) throws {
        try chunk.withUnsafeReadableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
    }

    /// Closes the file, which then holds the whole upload; a failed close is a failed write.
    func finish() throws {
        let closing = descriptor
        descriptor = -1
        guard close(closing) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Closes the file without caring how; the caller removes it.
    func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}
