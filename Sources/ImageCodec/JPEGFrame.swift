/// What a JPEG's frame header says of how it is coded, for the variants libjpeg reads as an
/// error: samples of 12 or 16 bits, and lossless or hierarchical coding. libjpeg's message for
/// them ("Unsupported JPEG data precision 12") would otherwise be told as a damaged file.
///
/// The bytes may be hostile: the walk reads each marker's length bounds-checked and always
/// moves forward, and stops at the first frame header or at the scan.
enum JPEGFrame {
    /// Why a JPEG whose frame header `bytes` hold cannot be decoded, said as it follows "is";
    /// nil for a baseline or progressive JPEG of 8-bit samples, or when no frame header is found.
    static func unsupportedVariant(_ bytes: [UInt8]) -> String? {
        guard let (marker, precision, _) = frameHeader(bytes) else { return nil }
        let advice = "filterocr reads baseline and progressive JPEGs of 8 bits); convert it to PNG first, "
            + "e.g. with convert in.jpg -depth 8 out.png"
        // SOF3, 7, 11 and 15 are lossless; 5 to 7 and 13 to 15 hierarchical.
        if [0xC3, 0xC7, 0xCB, 0xCF].contains(marker) { return "a lossless JPEG (unsupported: \(advice)" }
        if [0xC5, 0xC6, 0xCD, 0xCE].contains(marker) { return "a hierarchical JPEG (unsupported: \(advice)" }
        guard precision != 8 else { return nil }
        return "a \(precision)-bit JPEG (unsupported: \(advice)"
    }

    /// The frame header's marker (SOF0 to SOF15), sample precision in bits, and number of
    /// components (1 for grey, 3 for colour) where the bytes reach it.
    static func frameHeader(_ bytes: [UInt8]) -> (marker: Int, precision: Int, components: Int?)? {
        guard UntrustedBytes.hasPrefix(bytes, [0xFF, 0xD8]) else { return nil }
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = Int(bytes[offset + 1])
            // Fill bytes before a marker.
            if marker == 0xFF { offset += 1; continue }
            // Markers without a length: TEM and the restarts.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            // The scan starts, or the image ends, before any frame header.
            if marker == 0xDA || marker == 0xD9 { return nil }
            guard let length = UntrustedBytes.uint16BigEndian(bytes, at: offset + 2), length >= 2 else { return nil }
            // SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 4 < bytes.count else { return nil }
                // FF Cn, its length (2 bytes), the precision, the height and width (2 each), the count.
                return (marker, Int(bytes[offset + 4]), offset + 9 < bytes.count ? Int(bytes[offset + 9]) : nil)
            }
            guard let next = UntrustedBytes.advance(offset, by: 2, plus: length, within: bytes.count) else { return nil }
            offset = next
        }
        return nil
    }
}
