import Crypto
import Foundation
import ImageCodec
import Imaging
import ResultStore

/// The key of a file's page rendered by a filter script, made from what decides the rendered
/// pixels before any is decoded: the file's bytes, the page, the operations (intensities
/// exactly), the working space, the resolution asked for, and the build that decodes and
/// filters (this executable and Leptonica). Any change to one of them is a new key, so a
/// stale rendering is never used: at worst the file is decoded once more.
public enum RenderingSource {
    /// The SHA-256 of a file's bytes, in hex.
    public static func fileDigest(_ bytes: [UInt8]) -> String {
        PixelDigest.hex(SHA256.hash(data: bytes))
    }

    public static func key(fileDigest: String, page: Int?, operations: [FilterOperation],
                           settings: RecognitionSettings) -> RenderingKey {
        let script = operations.map { "\($0.kind.rawValue) \($0.intensity)" }.joined(separator: ";")
        let full = [build, fileDigest, page.map(String.init) ?? "-", script, settings.space.rawValue,
                    settings.resolution.map(String.init) ?? "-"].joined(separator: "|")
        return RenderingKey(source: PixelDigest.hex(SHA256.hash(data: Data(full.utf8))))
    }

    /// This executable (its size and modification time: a rebuild is another build) and the
    /// decoder's library.
    static let build: String = {
        var status = stat()
        let executable = stat("/proc/self/exe", &status) == 0
            ? "\(status.st_size)-\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
            : "unknown \(UUID())"  // shares nothing with another process
        return "filterocr \(executable) \(ImageDecoder.libraryVersion)"
    }()
}
