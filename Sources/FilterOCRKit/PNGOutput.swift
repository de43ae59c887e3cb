import FileSystem
import Foundation
import ImageCodec
import Imaging

/// Writes a rendered image as PNG for `filter`, the REPL's `save` and `batch --save-dir`:
/// the file is replaced only once the new one is complete, only a regular file is ever
/// replaced, and a failure says what to do.
public enum PNGOutput {
    /// The name that means standard output, as Unix tools write it.
    public static let standardOutputName = "-"

    public static func write(_ image: RGBImage, resolution: Int?, to path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try LibraryDiagnostics.silenced { try PNGEncoder.encode(image, resolution: resolution) }
        } catch {
            throw ApplicationError.cannotWrite(path: path, reason: oneLineMessage(for: error))
        }
        if path == standardOutputName {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try ImageFile.write(bytes, to: path)
    }

    /// Refuses a path that could not be written (its folder missing, or a device, FIFO,
    /// directory or link where the file would go) before any work is done for it.
    public static func checkTarget(_ path: String) throws {
        guard path != standardOutputName else { return }
        try AtomicFile.checkTarget(path)
    }
}
