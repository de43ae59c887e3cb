import ArgumentParser

/// A size option's value: bytes, or a number with K, M or G (powers of 1024), as `du -h` shows them.
enum ByteSizeOption {
    static func parser(_ option: String) -> @Sendable (String) throws -> Int {
        { text in
            let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
            let upper = text.uppercased().replacingOccurrences(of: "IB", with: "").replacingOccurrences(of: "B", with: "")
            let (number, scale) = upper.last.flatMap { units[$0] }.map { (String(upper.dropLast()), $0) } ?? (upper, 1)
            guard let value = Double(number), value >= 0, value * Double(scale) < Double(Int.max / 2) else {
                throw ValidationError("\(option) takes a size such as 500M, 2G or 1048576 (bytes)")
            }
            return Int(value * Double(scale))
        }
    }

    /// `bytes` as people read sizes: `1.5 GiB`, `320 MiB`, `12 KiB`.
    static func shown(_ bytes: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            return (value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " " + name
        }
        return "\(bytes) bytes"
    }
}
