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

/// A shortest edit script between two sequences: as many non-equal steps as their Levenshtein
/// distance (`EditDistance`), in order.
///
/// Hirschberg's divide and conquer keeps memory linear in the texts' lengths: a full matrix of
/// two pages of 20,000 characters would take 1.6 GB, the split halves take two rows. Pieces
/// of at most `matrixLimit` cells are solved with a full matrix, which is faster.
public enum EditScript {
    /// The cells below which a piece is solved with a full matrix (4 MB of costs).
    static let matrixLimit = 1 << 20

    /// The steps that turn `source` into `target`.
    public static func between<Element: Equatable>(_ source: [Element], _ target: [Element]) -> [EditOperation] {
        var operations: [EditOperation] = []
        operations.reserveCapacity(max(source.count, target.count))
        // A common prefix and suffix are always part of some shortest script, and a reading
        // of a good page shares long stretches with its truth.
        var (start, sourceEnd, targetEnd) = (0, source.count, target.count)
        while start < sourceEnd, start < targetEnd, source[start] == target[start] { start += 1 }
        while sourceEnd > start, targetEnd > start, source[sourceEnd - 1] == target[targetEnd - 1] {
            (sourceEnd, targetEnd) = (sourceEnd - 1, targetEnd - 1)
        }
        operations.append(contentsOf: repeatElement(.equal, count: start))
        append(source[start..<sourceEnd], target[start..<targetEnd], to: &operations)
        operations.append(contentsOf: repeatElement(.equal, count: source.count - sourceEnd))
        return operations
    }

    private static func append<Element: Equatable>(_ source: ArraySlice<Element>, _ target: ArraySlice<Element>,
                                                   to operations: inout [EditOperation]) {
        if source.isEmpty { return operations.append(contentsOf: repeatElement(.insert, count: target.count)) }
        if target.isEmpty { return operations.append(contentsOf: repeatElement(.delete, count: source.count)) }
        if source.count == 1 || (source.count + 1) * (target.count + 1) <= matrixLimit {
            return appendByMatrix(source, target, to: &operations)
        }
        let middle = source.startIndex + source.count / 2
        let forward = EditDistance.lastRow(source[..<middle], target)
        let backward = EditDistance.lastRow(source[middle...].reversed(), target.reversed())
        // Where the target splits: the column through which a shortest path crosses the middle row.
        var split = 0
        var best = Int.max
        for column in 0...target.count {
            let cost = forward[column] + backward[target.count - column]
            if cost < best { (best, split) = (cost, column) }
        }
        let targetSplit = target.startIndex + split
        append(source[..<middle], target[..<targetSplit], to: &operations)
        append(source[middle...], target[targetSplit...], to: &operations)
    }

    /// The whole matrix, then the path back from its end: a match or substitution where it is
    /// as short as the alternatives, then a deletion, then an insertion.
    private static func appendByMatrix<Element: Equatable>(_ source: ArraySlice<Element>, _ target: ArraySlice<Element>,
                                                           to operations: inout [EditOperation]) {
        let (source, target) = (Array(source), Array(target))
        let width = target.count + 1
        var cost = [Int32](repeating: 0, count: (source.count + 1) * width)
        for column in 0...target.count { cost[column] = Int32(column) }
        for row in 1...source.count {
            cost[row * width] = Int32(row)
            for column in 1...target.count {
                let substitution = cost[(row - 1) * width + column - 1] + (source[row - 1] == target[column - 1] ? 0 : 1)
                cost[row * width + column] = min(cost[(row - 1) * width + column] + 1, cost[row * width + column - 1] + 1,
                                                 substitution)
            }
        }
        var path: [EditOperation] = []
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
        operations.append(contentsOf: path.reversed())
    }
}
