import Foundation
import NIOCore

/// Writing an upload's bytes to its file, and how many uploads may be held in memory at once.
enum UploadFile {
    /// Writes `body` to a new file at `path` straight from the buffer (no second copy of up
    /// to --max-upload-megabytes), readable by this user only; never over an existing file.
    static func write(_ body: ByteBuffer, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try body.withUnsafeReadableBytes { bytes in
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
}
