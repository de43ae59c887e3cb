import Imaging
import Recognition

/// Ink on a page that no word of its reading covers: text the reading missed (a faint
/// paragraph, a heading printed over a halftone), which no line's crop can bring back, since
/// crops are cut only around lines that were read.
///
/// The page is cut into square cells a word high (the reading's median word height). A cell
/// holds ink when `inkedShare` of its pixels are darker than `inkRatio` of the paper's level
/// (taken in each pixel's darkest channel, so that coloured print counts); it is covered when
/// a word's box, widened by half a word height each way, reaches it. Cells along the page's
/// edge (`edge` of each side) are left out: a scanner's border or a photo's ground is not text.
package struct UncoveredInk: Equatable {
    /// Cells that hold ink, and those of them no word covers.
    package let inkedCells: Int
    package let uncoveredCells: Int

    static let inkRatio = 0.6
    static let inkedShare = 0.1
    static let edge = 0.03

    /// The share of the page's ink cells that no word covers.
    package var share: Double { inkedCells == 0 ? 0 : Double(uncoveredCells) / Double(inkedCells) }

    package init(image: RGBImage, reading: RecognizedText) {
        let heights = reading.words.map(\.box.height).filter { $0 > 0 }.sorted()
        let cell = min(64, max(8, heights.isEmpty ? 16 : heights[heights.count / 2]))
        let (columns, rows) = ((image.width + cell - 1) / cell, (image.height + cell - 1) / cell)
        guard columns > 2, rows > 2 else {
            (inkedCells, uncoveredCells) = (0, 0)
            return
        }
        let ink = Self.inkPerCell(image, cell: cell, columns: columns, rows: rows)
        var covered = [Bool](repeating: false, count: columns * rows)
        for word in reading.words where word.box.width > 0 && word.box.height > 0 {
            let box = word.box
            let (left, right) = (max(0, (box.x - cell / 2) / cell), min(columns - 1, (box.x + box.width + cell / 2) / cell))
            let (top, bottom) = (max(0, (box.y - cell / 2) / cell), min(rows - 1, (box.y + box.height + cell / 2) / cell))
            guard left <= right, top <= bottom else { continue }
            for row in top...bottom { for column in left...right { covered[row * columns + column] = true } }
        }
        let (marginX, marginY) = (Int(Double(columns) * Self.edge) + 1, Int(Double(rows) * Self.edge) + 1)
        let least = Int(Self.inkedShare * Double(cell * cell))
        var (inked, uncovered) = (0, 0)
        for row in marginY..<max(marginY, rows - marginY) {
            for column in marginX..<max(marginX, columns - marginX) where ink[row * columns + column] >= least {
                inked += 1
                if !covered[row * columns + column] { uncovered += 1 }
            }
        }
        (inkedCells, uncoveredCells) = (inked, uncovered)
    }

    /// Ink pixels in each cell, row by row: pixels whose darkest channel is below `inkRatio` of
    /// the paper's level (the level nine pixels in ten reach).
    private static func inkPerCell(_ image: RGBImage, cell: Int, columns: Int, rows: Int) -> [Int] {
        image.withUnsafeSamples { samples in
            var histogram = [Int](repeating: 0, count: 256)
            for pixel in 0..<image.pixelCount {
                let at = pixel * 3
                histogram[Int(min(samples[at], samples[at + 1], samples[at + 2]))] += 1
            }
            var (paper, seen) = (255, 0)
            for level in 0..<256 {
                seen += histogram[level]
                if seen * 10 >= image.pixelCount * 9 {
                    paper = level
                    break
                }
            }
            let threshold = UInt8(Double(paper) * inkRatio)
            var counts = [Int](repeating: 0, count: columns * rows)
            for y in 0..<image.height {
                let rowStart = (y / cell) * columns
                for x in 0..<image.width {
                    let at = (y * image.width + x) * 3
                    if min(samples[at], samples[at + 1], samples[at + 2]) < threshold { counts[rowStart + x / cell] += 1 }
                }
            }
            return counts
        }
    }
}
