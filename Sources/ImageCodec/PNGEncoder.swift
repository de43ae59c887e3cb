internal import CTesseract
import Foundation
import Imaging

/// Encodes `RGBImage`s as PNG through Leptonica (libpng).
public enum PNGEncoder {
    public struct EncodingError: LocalizedError, CustomStringConvertible {
        public var description: String { "PNG encoding failed" }
        public var errorDescription: String? { description }
    }

    /// The PNG bytes of `image`, with `resolution` recorded as its DPI when given.
    public static func encode(_ image: RGBImage, resolution: Int? = nil) throws -> [UInt8] {
        LeptonicaMessages.silence()
        guard let pix = LeptonicaImage(image, resolution: resolution) else { throw EncodingError() }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&data, &size, pix.pix, Int32(IFF_PNG)) == 0, let data else {
            throw EncodingError()
        }
        defer { lept_free(data) }
        return [UInt8](UnsafeBufferPointer(start: data, count: size))
    }
}
