import FileSystem
import Foundation
import ImageCodec
import Imaging
import Reports

/// Writes a rendered image as PNG for `filter`, the REPL's `save` and `batch --save-dir`:
/// the file is replaced only once the new one is complete, only a regular file is ever
/// replaced, and a failure says what to do.
public enum PNGOutput {
    /// The name that means standard output, as Unix tools write it.
    public static let standardOutputName = "-"

    public static func write(_ image: RGBImage, resolution: Int?, to path: String) throws {
        let bytes = try encoded(image, resolution: resolution, for: path)
        if path == standardOutputName {
            if let code = bytes.withUnsafeBytes({ DescriptorWrite.all($0, to: STDOUT_FILENO) }) {
                throw OutputError.cannotWrite(path: "standard output", reason: DescriptorWrite.reason(code))
            }
            return
        }
        try ImageFile.write(bytes, to: path)
    }

    /// `image` as PNG bytes, for the file at `path`.
    public static func encoded(_ image: RGBImage, resolution: Int?, for path: String) throws -> [UInt8] {
        do {
            return try PNGEncoder.encode(image, resolution: resolution)
        } catch {
            throw OutputError.cannotWrite(path: path, reason: oneLineMessage(for: error))
        }
    }

    /// Refuses a path that could not be written (its folder missing, or a device, FIFO,
    /// directory or link where the file would go) before any work is done for it.
    public static func checkTarget(_ path: String) throws {
        guard path != standardOutputName else { return }
        try AtomicFile.checkTarget(path)
    }
}
