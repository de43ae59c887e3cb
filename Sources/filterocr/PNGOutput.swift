import Foundation
import ImageCodec
import Imaging

/// Writes a rendered image as PNG for `filter`, the REPL's `save` and `batch --save-dir`:
/// the file is replaced only once the new one is complete, and any failure names the file.
enum PNGOutput {
    static func write(_ image: RGBImage, resolution: Int?, to path: String) throws {
        do {
            let bytes = try LibraryDiagnostics.silenced { try PNGEncoder.encode(image, resolution: resolution) }
            try ImageFile.write(bytes, to: path)
        } catch {
            throw OutputError(path: path, reason: error.localizedDescription)
        }
    }
}

/// A result that could not be written.
struct OutputError: LocalizedError {
    let path: String
    let reason: String

    var errorDescription: String? { "cannot write \(path): \(reason)" }
}
