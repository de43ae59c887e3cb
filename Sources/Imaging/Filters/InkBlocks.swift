/// Where a page's ink is, at reduced resolution, for finding its skew.
///
/// Pixels are split into two classes at Otsu's level and the smaller class is the ink:
/// dark text on a light page, or light text on a dark one. A block of `by` × `by` pixels is
/// ink where any of its pixels is (Leptonica reduces with the same rank-1 rule), so thin
/// strokes survive the reduction instead of being averaged into the paper.
struct InkBlocks {
    /// The reduced copy's size in blocks.
    let width: Int
    let height: Int
    /// Column and row of each ink block, in raster order.
    let columns: [Int]
    let rows: [Int]

    init(_ luminance: LuminanceLevels, split: Int, by factor: Int) {
        precondition(factor >= 1 && luminance.histogram.count == 256, "needs the luminance histogram")
        let dark = luminance.histogram[...split].reduce(0, +)
        let inkIsDark = dark <= luminance.levels.count - dark
        let isInk = (0..<256).map { UInt8(($0 <= split) == inkIsDark ? 1 : 0) }
        let width = (luminance.width + factor - 1) / factor
        let height = (luminance.height + factor - 1) / factor
        // Bands of block rows in parallel, each with its own lists, joined in order.
        let pieces = max(1, min(Parallel.cores * 4, height))
        var found = [(columns: [Int], rows: [Int])](repeating: ([], []), count: pieces)
        found.withUnsafeMutableBufferPointer { found in
            let found = UnsafeSendable(found)
            luminance.levels.withUnsafeBufferPointer { levels in
                isInk.withUnsafeBufferPointer { isInk in
                    Parallel.forEachChunk(of: pieces, minimumChunk: 1) { range in
                        var flags = [UInt8](repeating: 0, count: width)
                        for piece in range {
                            var columns: [Int] = [], rows: [Int] = []
                            for blockRow in (height * piece / pieces)..<(height * (piece + 1) / pieces) {
                                Self.mark(levels.baseAddress!, width: luminance.width, height: luminance.height,
                                          blockRow: blockRow, factor: factor, isInk: isInk.baseAddress!, into: &flags)
                                for column in 0..<width where flags[column] != 0 {
                                    columns.append(column)
                                    rows.append(blockRow)
                                }
                            }
                            found.value[piece] = (columns, rows)
                        }
                    }
                }
            }
        }
        self.width = width
        self.height = height
        columns = found.flatMap(\.columns)
        rows = found.flatMap(\.rows)
    }

    /// Sets `flags[column]` to 1 for the blocks of one block row that hold ink, else 0.
    private static func mark(_ levels: UnsafePointer<UInt8>, width: Int, height: Int, blockRow: Int, factor: Int,
                             isInk: UnsafePointer<UInt8>, into flags: inout [UInt8]) {
        flags.withUnsafeMutableBufferPointer { flags in
            flags.update(repeating: 0)
            for y in (blockRow * factor)..<min(height, blockRow * factor + factor) {
                let row = levels + y * width
                for column in 0..<flags.count {
                    var any: UInt8 = 0
                    for x in (column * factor)..<min(width, column * factor + factor) { any |= isInk[Int(row[x])] }
                    flags[column] |= any
                }
            }
        }
    }

    /// These blocks reduced again by 2 × 2, by the same rule: for a quicker first look.
    func halved() -> InkBlocks {
        let width = (self.width + 1) / 2, height = (self.height + 1) / 2
        var seen = [Bool](repeating: false, count: width * height)
        for index in self.columns.indices {
            let cell = (self.rows[index] / 2) * width + self.columns[index] / 2
            seen[cell] = true
        }
        var columns: [Int] = [], rows: [Int] = []
        for cell in seen.indices where seen[cell] {
            columns.append(cell % width)
            rows.append(cell / width)
        }
        return InkBlocks(width: width, height: height, columns: columns, rows: rows)
    }

    private init(width: Int, height: Int, columns: [Int], rows: [Int]) {
        self.width = width
        self.height = height
        self.columns = columns
        self.rows = rows
    }
}
