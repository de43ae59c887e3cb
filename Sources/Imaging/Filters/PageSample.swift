/// A few bands of a page's text, each across the page's whole width, stacked with paper
/// between them: an image that Tesseract reads in a fraction of the page's time and that
/// reads as the page reads, for judging filters before any whole page is read.
///
/// One band is taken from the middle of each equal part of the page's text (top, middle,
/// bottom, for three: from its first row with text to its last), so a stain or a shadow in one
/// part does not decide for the whole page. The middle, not the part's busiest rows: those are
/// where the print is clearest, and a sample of only the clearest text would hide what filters
/// mend. A band is at least `leastLetterRows` letter heights tall, a few lines, and its edges
/// are moved to the quietest rows nearby, between two lines, so that no line is cut through.
/// Full width keeps columns and tables as they are.
public struct PageSample: Sendable, Equatable {
    /// The rows of each band on the page it was chosen on, top to bottom.
    public let bands: [Range<Int>]
    /// The height of the page the bands were chosen on: a rendering of another height (an
    /// enlarged one) is cut in proportion.
    public let pageHeight: Int
    /// Rows of paper between two bands, on the page it was chosen on.
    public let gap: Int
    /// The share of the page's text in the sample, by the ink edges in its rows: about the
    /// share of the page's reading time that reading the sample takes, since Tesseract's time
    /// follows the text it reads.
    public let textShare: Double

    public init(bands: [Range<Int>], pageHeight: Int, gap: Int, textShare: Double) {
        (self.bands, self.pageHeight, self.gap, self.textShare) = (bands, pageHeight, gap, textShare)
    }

    /// A band is at least this many letter heights (x-heights) tall: about three lines.
    static let leastLetterRows = 8

    /// A sample of about `share` of `image`'s rows in `count` bands, fewer when so many would
    /// hold more than `largestShare` of the page's text (its letters are large, or it has
    /// little text); nil when not even one band would do, or when the page has no letters to
    /// measure.
    public static func choose(in image: RGBImage, space: WorkingSpace, share: Double, count: Int,
                              largestShare: Double) -> PageSample? {
        let mask = LetterSize.inkMask(of: image, in: space)
        guard let letters = LetterSize.measure(mask, width: image.width, height: image.height) else { return nil }
        let height = image.height
        let edges = rowEdges(mask, width: image.width, height: height)
        let allEdges = max(1, edges.reduce(0, +))
        // Within two letter heights, most often a gap between lines.
        let reach = max(2, 2 * letters.height)
        let text = textRows(edges)
        guard !text.isEmpty else { return nil }
        for count in stride(from: count, through: 1, by: -1) {
            let bandHeight = max(Int(share * Double(height)) / count, leastLetterRows * letters.height)
            guard bandHeight * count < text.count else { continue }
            let bands = (0..<count).map { part -> Range<Int> in
                let rows = (text.lowerBound + text.count * part / count)..<(text.lowerBound + text.count * (part + 1) / count)
                let length = min(bandHeight, rows.count)
                let start = rows.lowerBound + (rows.count - length) / 2
                let band = start..<(start + length)
                let top = quietestRow(in: max(rows.lowerBound, band.lowerBound - reach)...band.lowerBound, edges: edges)
                let bottom = quietestRow(in: band.upperBound...min(rows.upperBound, band.upperBound + reach), edges: edges)
                return top..<bottom
            }.filter { !$0.isEmpty }
            let textShare = Double(bands.reduce(0) { $0 + edges[$1].reduce(0, +) }) / Double(allEdges)
            guard textShare <= largestShare else { continue }
            return PageSample(bands: bands, pageHeight: height, gap: max(8, 2 * letters.height), textShare: textShare)
        }
        return nil
    }

    /// `image`, a rendering of the page the sample was chosen on, cut to the sample: the bands
    /// in proportion to its height, across its width, on white.
    public func cut(_ image: RGBImage) -> RGBImage {
        let scale = Double(image.height) / Double(max(1, pageHeight))
        func scaled(_ row: Int) -> Int { min(image.height, Int((Double(row) * scale).rounded())) }
        let rows = bands.map { scaled($0.lowerBound)..<scaled($0.upperBound) }.filter { !$0.isEmpty }
        guard !rows.isEmpty else { return image }
        let gapRows = max(1, scaled(gap))
        let rowBytes = image.bytesPerRow
        let height = rows.reduce(0) { $0 + $1.count } + gapRows * (rows.count - 1)
        var samples = [UInt8](repeating: 255, count: rowBytes * height)
        samples.withUnsafeMutableBufferPointer { output in
            image.withUnsafeSamples { input in
                var at = 0
                for band in rows {
                    (output.baseAddress! + at * rowBytes)
                        .update(from: input.baseAddress! + band.lowerBound * rowBytes, count: band.count * rowBytes)
                    at += band.count + gapRows
                }
            }
        }
        return RGBImage(width: image.width, height: height, samples: samples)
    }

    /// For each row, how many runs of ink start in it: many on a line of text, none between lines.
    static func rowEdges(_ mask: [UInt8], width: Int, height: Int) -> [Int] {
        mask.withUnsafeBufferPointer { mask in
            (0..<height).map { y in
                let row = mask.baseAddress! + y * width
                var edges = Int(row[0])
                for x in 1..<max(1, width) where row[x] > row[x - 1] { edges += 1 }
                return edges
            }
        }
    }

    /// The rows from the first to the last with text: with at least a fifth of the edges of
    /// the page's busiest rows (the 90th percentile), so that specks in a margin do not count.
    static func textRows(_ edges: [Int]) -> Range<Int> {
        let busy = edges.sorted()[edges.count * 9 / 10]
        let least = max(1, busy / 5)
        guard let first = edges.firstIndex(where: { $0 >= least }),
              let last = edges.lastIndex(where: { $0 >= least }) else { return 0..<0 }
        return first..<(last + 1)
    }

    /// The row in `rows` with the fewest ink edges, the one nearest the middle of the range
    /// among equals; `rows.upperBound` may be the page's height (the edge of the page).
    static func quietestRow(in rows: ClosedRange<Int>, edges: [Int]) -> Int {
        let middle = (rows.lowerBound + rows.upperBound) / 2
        return rows.min { a, b in
            let (ea, eb) = (a < edges.count ? edges[a] : 0, b < edges.count ? edges[b] : 0)
            return ea != eb ? ea < eb : abs(a - middle) < abs(b - middle)
        } ?? rows.lowerBound
    }
}
