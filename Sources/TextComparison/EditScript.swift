/// One step of an edit script that turns a truth into a recognition, scalar by scalar.
public enum EditOperation: UInt8, Sendable, Equatable {
    /// The truth's scalar, read as it is.
    case equal
    /// The truth's scalar, read as another.
    case substitute
    /// A scalar the recognition has and the truth lacks.
    case insert
    /// A scalar of the truth the recognition lacks.
    case delete
}

/// An edit script between two sequences, in order: a shortest one (as many non-equal steps as
/// their Levenshtein distance) when the texts are of a size to align exactly, a valid one
/// otherwise (`exactLimit`).
///
/// Hirschberg's divide and conquer keeps memory linear in the texts' lengths: a full matrix of
/// two pages of 20,000 characters would take 1.6 GB, the split halves take two rows. Pieces
/// of at most `matrixLimit` cells are solved with a full matrix, which is faster.
public enum EditScript {
    /// The cells below which a piece is solved with a full matrix (4 MB of costs).
    static let matrixLimit = 1 << 20
    /// The cells (the product of the lengths left once the common start and end are set
    /// aside) up to which the script is a shortest one: two pages of 20,000 characters that
    /// differ from start to end, about a second. Above, `AnchoredScript` aligns in time linear in the
    /// lengths, and the script's length is an upper bound of the distance.
    public static let exactLimit = 400_000_000

    /// The steps that turn `source` into `target`.
    public static func between<Element: Hashable>(_ source: [Element], _ target: [Element]) -> [EditOperation] {
        var operations: [EditOperation] = []
        operations.reserveCapacity(max(source.count, target.count))
        let (start, sourceEnd, targetEnd) = commonEnds(source, target)
        operations.append(contentsOf: repeatElement(.equal, count: start))
        let (sourceMiddle, targetMiddle) = Numbering.numbers(source[start..<sourceEnd], target[start..<targetEnd])
        if isExactSize(sourceMiddle.count, targetMiddle.count) {
            appendExactly(sourceMiddle[...], targetMiddle[...], to: &operations)
        } else {
            AnchoredScript.append(sourceMiddle, targetMiddle, to: &operations)
        }
        operations.append(contentsOf: repeatElement(.equal, count: source.count - sourceEnd))
        return operations
    }

    /// The length of the common prefix, and where the common suffix starts in each. A common
    /// prefix and suffix are always part of some shortest script, and a reading of a good
    /// page shares long stretches with its truth.
    static func commonEnds<Element: Equatable>(_ source: [Element], _ target: [Element]) -> (Int, Int, Int) {
        var (start, sourceEnd, targetEnd) = (0, source.count, target.count)
        while start < sourceEnd, start < targetEnd, source[start] == target[start] { start += 1 }
        while sourceEnd > start, targetEnd > start, source[sourceEnd - 1] == target[targetEnd - 1] {
            (sourceEnd, targetEnd) = (sourceEnd - 1, targetEnd - 1)
        }
        return (start, sourceEnd, targetEnd)
    }

    /// Whether texts of these lengths (once their common start and end are set aside) are
    /// aligned exactly: whether the script is a shortest one (`exactLimit`).
    public static func isExactSize(_ sourceCount: Int, _ targetCount: Int) -> Bool {
        let (cells, overflow) = sourceCount.multipliedReportingOverflow(by: targetCount)
        return !overflow && cells <= exactLimit
    }

    /// A shortest script, by Hirschberg's divide and conquer.
    static func appendExactly(_ source: ArraySlice<UInt32>, _ target: ArraySlice<UInt32>,
                              to operations: inout [EditOperation]) {
        if source.isEmpty { return operations.append(contentsOf: repeatElement(.insert, count: target.count)) }
        if target.isEmpty { return operations.append(contentsOf: repeatElement(.delete, count: source.count)) }
        if source.count == 1 || (source.count + 1) * (target.count + 1) <= matrixLimit {
            return operations.append(contentsOf: matrixPath(source, target))
        }
        let middle = source.startIndex + source.count / 2
        let forward = EditDistance.lastRow(source[..<middle], target)
        let backward = EditDistance.lastRow(source[middle...], target, backwards: true)
        // Where the target splits: the column through which a shortest path crosses the middle row.
        var split = 0
        var best = Int32.max
        for column in 0...target.count {
            let cost = forward[column] + backward[target.count - column]
            if cost < best { (best, split) = (cost, column) }
        }
        let targetSplit = target.startIndex + split
        appendExactly(source[..<middle], target[..<targetSplit], to: &operations)
        appendExactly(source[middle...], target[targetSplit...], to: &operations)
    }

    /// The whole matrix, then the path back from its end: a match or substitution where it is
    /// as short as the alternatives, then a deletion, then an insertion. Both sides must hold
    /// something.
    static func matrixPath(_ source: ArraySlice<UInt32>, _ target: ArraySlice<UInt32>) -> [EditOperation] {
        let (source, target) = (Array(source), Array(target))
        let width = target.count + 1
        var cost = [Int32](repeating: 0, count: (source.count + 1) * width)
        cost.withUnsafeMutableBufferPointer { cost in
            for column in 0...target.count { cost[column] = Int32(column) }
            for row in 1...source.count {
                let (above, here) = ((row - 1) * width, row * width)
                let element = source[row - 1]
                var left = Int32(row)
                cost[here] = left
                for column in 1...target.count {
                    left = min(min(cost[above + column], left) + 1,
                               cost[above + column - 1] + (element == target[column - 1] ? 0 : 1))
                    cost[here + column] = left
                }
            }
        }
        var path: [EditOperation] = []
        path.reserveCapacity(source.count + target.count)
        var (row, column) = (source.count, target.count)
        while row > 0 || column > 0 {
            let here = cost[row * width + column]
            if row > 0, column > 0 {
                let same = source[row - 1] == target[column - 1]
                if cost[(row - 1) * width + column - 1] + (same ? 0 : 1) == here {
                    path.append(same ? .equal : .substitute)
                    (row, column) = (row - 1, column - 1)
                    continue
                }
            }
            if row > 0, cost[(row - 1) * width + column] + 1 == here {
                path.append(.delete)
                row -= 1
            } else {
                path.append(.insert)
                column -= 1
            }
        }
        return path.reversed()
    }
}
