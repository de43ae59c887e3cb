/// The running sums behind `SauvolaThreshold` for one band of rows: for each column, the
/// sum of levels and of squared levels over the window's rows, moved down a row at a time
/// by adding the row entering and subtracting the row leaving; across a row, prefix sums
/// of those give every window's total by one subtraction.
struct SauvolaWindow {
    private let levels: UnsafePointer<UInt8>
    private let width: Int
    private let height: Int
    private let radius: Int
    private var row: Int
    /// Per column: Σ level and Σ level² over rows max(0, row − radius)...min(height − 1, row + radius).
    private var sums: [Int]
    private var squares: [Int]
    /// Prefix sums of `sums` and `squares` along the row, padded so that window x's total
    /// is `prefix[x + 2·radius + 1] − prefix[x]` with no clipping at either end: entry i
    /// is the sum of columns before i − radius, clipped to 0...width. Doubles hold these
    /// sums exactly and let the comparisons run on vectors.
    private var prefixSums: [Double]
    private var prefixSquares: [Double]
    /// Columns each window spans, fewer near the left and right edges.
    private let columnsInWindow: [Double]
    /// 255 or 0 per pixel of the current row.
    private var decisions: [UInt8]

    init(levels: UnsafePointer<UInt8>, width: Int, height: Int, radius: Int, firstRow: Int) {
        self.levels = levels
        self.width = width
        self.height = height
        // A window wider than the image holds the whole image either way.
        let radius = min(radius, max(width, height))
        self.radius = radius
        row = firstRow
        sums = [Int](repeating: 0, count: width)
        squares = [Int](repeating: 0, count: width)
        prefixSums = [Double](repeating: 0, count: width + 2 * radius + 1)
        prefixSquares = prefixSums
        columnsInWindow = (0..<width).map { Double(min(width - 1, $0 + radius) - max(0, $0 - radius) + 1) }
        decisions = [UInt8](repeating: 0, count: width)
        for y in max(0, firstRow - radius)...min(height - 1, firstRow + radius) { add(row: y, sign: 1) }
    }

    /// Moves the window down to `next`, which must be the row after the current one.
    mutating func advance(to next: Int) {
        precondition(next == row + 1, "the window moves one row at a time")
        if next + radius < height { add(row: next + radius, sign: 1) }
        if next - radius - 1 >= 0 { add(row: next - radius - 1, sign: -1) }
        row = next
    }

    /// Adds (sign 1) or removes (sign −1) a row's levels from the column sums. The sums are
    /// at most 65025 × height, so the arithmetic cannot overflow and is left unchecked.
    private mutating func add(row y: Int, sign: Int) {
        let source = levels + y * width
        let width = self.width
        sums.withUnsafeMutableBufferPointer { sums in
            squares.withUnsafeMutableBufferPointer { squares in
                for x in 0..<width {
                    let level = Int(source[x])
                    sums[x] &+= sign &* level
                    squares[x] &+= sign &* (level &* level)
                }
            }
        }
    }

    /// Writes the current row's black-and-white pixels, each sample of a pixel the same.
    mutating func threshold(row y: Int, k: Double, into output: UnsafeMutablePointer<UInt8>) {
        precondition(y == row)
        fillPrefixes()
        let rowsInWindow = Double(min(height - 1, y + radius) - max(0, y - radius) + 1)
        let (width, span) = (self.width, 2 * radius + 1)
        let source = levels + y * width
        decisions.withUnsafeMutableBufferPointer { decisions in
            prefixSums.withUnsafeBufferPointer { prefixSums in
                prefixSquares.withUnsafeBufferPointer { prefixSquares in
                    columnsInWindow.withUnsafeBufferPointer { columns in
                        let window = WindowRow(sums: prefixSums.baseAddress!, squares: prefixSquares.baseAddress!,
                                               columns: columns.baseAddress!, rows: rowsInWindow, span: span)
                        window.decide(source, count: width, k: k, into: decisions.baseAddress!)
                    }
                }
            }
            BlackAndWhite.expand(decisions.baseAddress!, count: width, into: output)
        }
    }

    private mutating func fillPrefixes() {
        let (width, radius) = (self.width, self.radius)
        sums.withUnsafeBufferPointer { sums in
            squares.withUnsafeBufferPointer { squares in
                prefixSums.withUnsafeMutableBufferPointer { prefixSums in
                    prefixSquares.withUnsafeMutableBufferPointer { prefixSquares in
                        // Entries 0...radius stay 0: no columns before column 0.
                        var (sum, square) = (0.0, 0.0)
                        for x in 0..<width {
                            sum += Double(sums[x])
                            square += Double(squares[x])
                            prefixSums[radius + x + 1] = sum
                            prefixSquares[radius + x + 1] = square
                        }
                        for index in (radius + width + 1)..<prefixSums.count {
                            prefixSums[index] = sum
                            prefixSquares[index] = square
                        }
                    }
                }
            }
        }
    }
}

/// One row's windows, read from the padded prefix sums.
private struct WindowRow {
    let sums: UnsafePointer<Double>
    let squares: UnsafePointer<Double>
    let columns: UnsafePointer<Double>
    let rows: Double
    let span: Int

    /// 255 where level > m·(1 + k·(s/128 − 1)) over the window's n pixels, else 0; without
    /// a division or a square root, so that the loop runs on vectors. With S = Σ level,
    /// A = n·(n·level − (1 − k)·S), B = k·S / 128 and n²s² = n·Σ level² − S², the test
    /// A > B·ns squares to a comparison of A² with B²·n²s² once the signs are known: B has
    /// the sign of k, since S is not negative.
    func decide(_ levels: UnsafePointer<UInt8>, count: Int, k: Double, into decisions: UnsafeMutablePointer<UInt8>) {
        let keep = 1 - k, scale = k / 128
        var x = 0
        while x + 4 <= count {
            let n = rows * load(columns + x)
            let total = load(sums + x + span) - load(sums + x)
            let spread = n * (load(squares + x + span) - load(squares + x)) - total * total
            let level = SIMD4<Double>(SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(levels + x)
                .loadUnaligned(as: SIMD4<UInt8>.self)))
            let a = (n * level - keep * total) * n
            let b = scale * total
            // A negative spread is rounding of a flat window: no deviation.
            let right = (b * b * spread).replacing(with: 0, where: spread .< 0)
            let white = k >= 0 ? (a .> 0) .& (a * a .> right) : (a .> 0) .| (a * a .< right)
            // A true lane of the mask is all ones: 255 once narrowed to a byte.
            let bytes = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(white, to: SIMD4<Int64>.self))
            UnsafeMutableRawPointer(decisions + x).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
            x += 4
        }
        while x < count {
            let n = rows * columns[x]
            let total = sums[x + span] - sums[x]
            let spread = max(0, n * (squares[x + span] - squares[x]) - total * total)
            let a = (n * Double(levels[x]) - keep * total) * n
            let b = scale * total
            let right = b * b * spread
            let white = k >= 0 ? a > 0 && a * a > right : a > 0 || a * a < right
            decisions[x] = white ? 255 : 0
            x += 1
        }
    }

    @inline(__always)
    private func load(_ pointer: UnsafePointer<Double>) -> SIMD4<Double> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Double>.self)
    }
}
