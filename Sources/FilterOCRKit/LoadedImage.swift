import ImageCodec
import Imaging

/// An image read for processing, with what identifies its content.
public struct LoadedImage: Sendable {
    /// The path the user gave, or `-` for standard input.
    public var name: String
    public var decoded: DecodedImage
    /// Identifies the pixels (not the file name) for the render cache; computed only for
    /// callers that cache, as hashing a large image costs tens of milliseconds.
    public var contentKey: Int?
    /// Milliseconds spent reading and decoding it.
    public var decodeTime: Double
    /// The text the image really contains, when it is known.
    public var truth: String?

    public var image: RGBImage { decoded.image }

    /// A hash of the pixels: two files with the same pixels share renderings.
    public static func contentKey(_ image: RGBImage) -> Int {
        var hasher = Hasher()
        hasher.combine(image.width)
        hasher.combine(image.height)
        image.withUnsafeSamples { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}
