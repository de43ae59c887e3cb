/// JPEG files made byte by byte, for the variants libjpeg cannot decode.
public enum CraftedJPEG {
    /// A JPEG of 64 × 64 samples whose frame header is `marker` (SOF0 to SOF15) with
    /// `precision` bits a sample, a fill byte before its first marker, and a scan of zeros.
    public static func bytes(marker: UInt8, precision: UInt8) -> [UInt8] {
        func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
        }
        let huffman = { (kind: UInt8) in segment(0xC4, [kind << 4, 1] + [UInt8](repeating: 0, count: 15) + [0]) }
        return [0xFF, 0xD8] + [0xFF, 0xFF] + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
            + segment(marker, [precision, 0, 64, 0, 64, 1, 1, 0x11, 0]) + huffman(0) + huffman(1)
            + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [UInt8](repeating: 0, count: 17) + [0xFF, 0xD9]
    }
}
