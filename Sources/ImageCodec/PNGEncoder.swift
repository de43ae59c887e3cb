import Foundation
import Imaging

/// Encodes `RGBImage`s as PNG through libpng, with filterocr's own handlers (`PNGAndJPEG`).
public enum PNGEncoder {
    public struct EncodingError: LocalizedError, CustomStringConvertible {
        public var description: String { "PNG encoding failed" }
        public var errorDescription: String? { description }
    }

    /// The PNG bytes of `image` (grey when its channels are equal), with `resolution`
    /// recorded as its DPI when given.
    public static func encode(_ image: RGBImage, resolution: Int? = nil) throws -> [UInt8] {
        guard let bytes = PNGAndJPEG.encodePNG(image, resolution: resolution) else { throw EncodingError() }
        return bytes
    }
}
