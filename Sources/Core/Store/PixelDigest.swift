import Crypto
import Imaging

/// The SHA-256 of an image's pixels and size, in hex: what the store knows a page by, whatever
/// its file was called or how it was encoded.
public enum PixelDigest {
    public static func of(_ image: RGBImage) -> String {
        var hasher = SHA256()
        withUnsafeBytes(of: (Int64(image.width).littleEndian, Int64(image.height).littleEndian)) { hasher.update(bufferPointer: $0) }
        image.samples.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return hex(hasher.finalize())
    }

    public static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { byte in String(byte, radix: 16).leftPadded(to: 2) }.joined()
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
