import Documents
import Foundation
import ImageCodec
import REPL
import Reports

/// The checks an upload passes before it is written or decoded, and what a refusal says.
package enum UploadChecks {
    /// Enough of a file for any header the decoder reads (a GIF's frames may need more: then
    /// the loader's own check, at the decoder's limit, still holds).
    static let headerBytes = 64 << 10

    /// Refuses an upload whose header claims more than `limit` pixels, from its first bytes and
    /// before anything is decoded. Other problems (not an image, corrupt) are left to the
    /// loader, whose refusal the session reports as for any file. A multi-page TIFF's header
    /// is its first page's.
    ///
    /// A PDF goes through: it has no pixels until a page is rendered, and the loader measures
    /// each page before rendering it and refuses one over the decoder's limit (`--max-pixels`),
    /// page by page as the session moves to it.
    package static func checkPixels(_ prefix: [UInt8], name: String, limit: Int) throws {
        guard !PDFSignature.isPDF(prefix) else { return }
        do {
            _ = try ImageDecoder(maxPixels: limit, maxBytes: .max).checkHeader(prefix, source: name)
        } catch let error where error.problem.isTooLarge {
            throw APIError(.unprocessableContent, "\(oneLineMessage(for: error)); uploads are limited to "
                           + "\(megapixels(limit)) (--max-upload-megapixels)")
        } catch {
            return
        }
    }

    static func overBudgetMessage(kept: Int, limit: Int) -> String {
        "the server keeps \(megabytes(kept)) of uploads and its budget is \(megabytes(limit)), so this upload "
            + "does not fit; close other workbench tabs (each keeps its latest upload) "
            + "or start the server with a larger --upload-budget-megabytes"
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: bytes < 10_000_000 ? "%.1f MB" : "%.0f MB", Double(bytes) / 1_000_000)
    }

    static func megapixels(_ pixels: Int) -> String {
        String(format: "%g megapixels", Double(pixels) / 1_000_000)
    }
}

extension ImageLoadError.Problem {
    var isTooLarge: Bool {
        if case .tooLarge = self { return true }
        return false
    }
}

extension ReplOutput {
    var isRecognition: Bool {
        if case .recognition = content { return true }
        return false
    }
}
