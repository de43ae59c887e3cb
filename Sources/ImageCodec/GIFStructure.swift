/// The block structure of a GIF, walked without decoding a pixel: the header and logical screen
/// descriptor, the global colour table, then image descriptors and extensions, each followed by
/// data sub-blocks, up to the 0x3B trailer.
///
/// Shared by `ImageExtent` (where the image ends) and the header reader (the logical screen and
/// every frame's size, checked against the pixel limit before any decoder sees the file).
enum GIFStructure {
    /// One image descriptor: where the frame sits on the logical screen and how large it is.
    struct Frame: Equatable {
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        /// The offset just after the frame's last data sub-block.
        var end: Int
    }

    enum Ending: Equatable {
        /// The trailer was reached; the offset just after it.
        case trailer(end: Int)
        /// The bytes end inside a block: a truncated file, or a prefix of one.
        case cutShort
        /// A byte that cannot start a block where one must start.
        case invalid
    }

    /// The logical screen's width and height (bytes 6 to 9, little-endian), if the bytes hold them.
    static func screen(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let width = UntrustedBytes.uint16LittleEndian(bytes, at: 6),
              let height = UntrustedBytes.uint16LittleEndian(bytes, at: 8) else { return nil }
        return (width, height)
    }

    /// Walks the blocks after the signature, calling `visit` for every image descriptor in order.
    ///
    /// Each step moves forward by at least one byte, so the walk ends after at most
    /// `bytes.count` steps whatever the bytes are.
    static func walk(_ bytes: [UInt8], visit: (Frame) -> Void = { _ in }) -> Ending {
        let count = bytes.count
        guard count >= 13 else { return .cutShort }
        var offset = 13
        if let table = colourTableSize(flags: bytes[10]) {
            guard let next = UntrustedBytes.advance(offset, by: table, within: count) else { return .cutShort }
            offset = next
        }
        while offset < count {
            let introducer = bytes[offset]
            offset += 1
            switch introducer {
            case 0x3B:
                return .trailer(end: offset)
            case 0x21:
                // Label, then sub-blocks.
                guard let label = UntrustedBytes.advance(offset, by: 1, within: count),
                      let next = endOfSubBlocks(bytes, from: label) else { return .cutShort }
                offset = next
            case 0x2C:
                // Left, top, width, height (little-endian), flags; local colour table; LZW code
                // size; sub-blocks.
                guard var next = UntrustedBytes.advance(offset, by: 9, within: count) else { return .cutShort }
                if let table = colourTableSize(flags: bytes[offset + 8]) {
                    guard let afterTable = UntrustedBytes.advance(next, by: table, within: count) else {
                        return .cutShort
                    }
                    next = afterTable
                }
                guard let codeSize = UntrustedBytes.advance(next, by: 1, within: count),
                      let end = endOfSubBlocks(bytes, from: codeSize) else { return .cutShort }
                // The four fields are within the 9 bytes just checked.
                let field = { (index: Int) in Int(bytes[offset + index]) | Int(bytes[offset + index + 1]) << 8 }
                visit(Frame(left: field(0), top: field(2), width: field(4), height: field(6), end: end))
                offset = end
            default:
                return .invalid
            }
        }
        return .cutShort
    }

    /// The bytes of the colour table that `flags` announce, if any.
    private static func colourTableSize(flags: UInt8) -> Int? {
        flags & 0x80 == 0 ? nil : 3 << (Int(flags & 0x07) + 1)
    }

    /// Sub-blocks, each a size byte and that many bytes, ended by a zero size.
    private static func endOfSubBlocks(_ bytes: [UInt8], from start: Int) -> Int? {
        var offset = start
        while offset < bytes.count {
            let size = Int(bytes[offset])
            offset += 1
            if size == 0 { return offset }
            guard let next = UntrustedBytes.advance(offset, by: size, within: bytes.count) else { return nil }
            offset = next
        }
        return nil
    }
}
