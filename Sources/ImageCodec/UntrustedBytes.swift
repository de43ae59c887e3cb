/// Checked reads from bytes that may be hostile, for the structure walkers and header readers.
///
/// Every read is checked against the count and every offset sum for overflow: a read that would
/// pass the end (or start before 0) gives nil, never a trap. Lengths from files are clamped into
/// `Int` rather than converted with a trap.
enum UntrustedBytes {
    /// `offset + first + second`, when that is not past `count`; nil on overflow or negatives.
    static func advance(_ offset: Int, by first: Int, plus second: Int = 0, within count: Int) -> Int? {
        guard offset >= 0, first >= 0, second >= 0 else { return nil }
        let (partial, overflow1) = offset.addingReportingOverflow(first)
        let (end, overflow2) = partial.addingReportingOverflow(second)
        guard !overflow1, !overflow2, end <= count else { return nil }
        return end
    }

    static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at start: Int = 0) -> Bool {
        guard start >= 0, start <= bytes.count, prefix.count <= bytes.count - start else { return false }
        return prefix.indices.allSatisfy { bytes[start + $0] == prefix[$0] }
    }

    static func uint16BigEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        unsigned(bytes, at: offset, size: 2, bigEndian: true)
    }

    static func uint16LittleEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        unsigned(bytes, at: offset, size: 2, bigEndian: false)
    }

    static func uint24LittleEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        unsigned(bytes, at: offset, size: 3, bigEndian: false)
    }

    static func uint32BigEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        unsigned(bytes, at: offset, size: 4, bigEndian: true)
    }

    static func uint32LittleEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        unsigned(bytes, at: offset, size: 4, bigEndian: false)
    }

    /// A signed 32-bit little-endian number, as BMP stores its width and height.
    static func int32LittleEndian(_ bytes: [UInt8], at offset: Int) -> Int? {
        uint32LittleEndian(bytes, at: offset).map { Int(Int32(truncatingIfNeeded: UInt32($0))) }
    }

    /// An unsigned number of 1 to 8 bytes; one above `Int.max` is clamped to `Int.max`, which no
    /// offset or size within real bytes can reach, so it fails every later bounds check.
    static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int, bigEndian: Bool) -> Int? {
        guard (1...8).contains(size), advance(offset, by: size, within: bytes.count) != nil else { return nil }
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = bytes[bigEndian ? offset + index : offset + size - 1 - index]
            value = value << 8 | UInt64(byte)
        }
        return Int(clamping: value)
    }
}

extension Int {
    /// The product of two sizes, `Int.max` when it overflows; negatives count as 0.
    public func multipliedSaturating(by other: Int) -> Int {
        guard self > 0, other > 0 else { return 0 }
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }

    /// The sum of two sizes, `Int.max` when it overflows; negatives count as 0.
    public func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = Swift.max(self, 0).addingReportingOverflow(Swift.max(other, 0))
        return overflow ? .max : sum
    }
}
