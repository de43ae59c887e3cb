extension ImageFormat {
    /// The format whose signature `bytes` start with, tested in the order Leptonica's
    /// `findFileFormatBuffer` tests them, so that a format named here is the one its decoder
    /// picks. nil for anything else, including too few bytes to hold a signature.
    ///
    /// Stricter than Leptonica in one place: it takes any bytes starting with 0x00 for JPEG 2000
    /// (its `strncmp` stops at the box length's first zero byte); here the whole 12-byte JP2
    /// signature box must be there.
    public init?(signatureOf bytes: [UInt8]) {
        func starts(_ prefix: [UInt8]) -> Bool { UntrustedBytes.hasPrefix(bytes, prefix) }
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x42, 0x4D):  // "BM"
            self = .bmp
        case (0x49, 0x49), (0x4D, 0x4D):  // "II", "MM"
            self = .tiff
        case (0x50, 0x31...0x37):  // "P1" to "P7"
            self = .pnm
        case (0xFF, 0xD8):
            self = .jpeg
        default:
            if starts(FormatSignature.png) {
                self = .png
            } else if starts(FormatSignature.gif87) || starts(FormatSignature.gif89) {
                self = .gif
            } else if starts(FormatSignature.jpeg2000Codestream) || starts(FormatSignature.jpeg2000File) {
                self = .jpeg2000
            } else if starts(FormatSignature.riff), UntrustedBytes.hasPrefix(bytes, FormatSignature.webp, at: 8) {
                self = .webp
            } else {
                return nil
            }
        }
    }

    /// The byte count at which every signature is known: fewer bytes that match none may still
    /// be the start of one.
    public static let signatureLength = 12
}

enum FormatSignature {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let gif87 = Array("GIF87a".utf8)
    static let gif89 = Array("GIF89a".utf8)
    static let riff = Array("RIFF".utf8)
    static let webp = Array("WEBP".utf8)
    static let jpeg2000Codestream: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51]
    static let jpeg2000File: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
}
