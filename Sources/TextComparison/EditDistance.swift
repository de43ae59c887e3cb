/// Levenshtein distance: the fewest insertions, deletions and substitutions that turn one
/// sequence into the other, in two rows of memory.
public enum EditDistance {
    /// The distance between `source` and `target`. When what is left once their common start
    /// and end are set aside is over `EditScript.exactLimit` cells (two unlike lines of
    /// 20,000 characters), the length of the script `EditScript` finds in linear time: an
    /// upper bound, which is the distance itself for a reading of its own truth.
    public static func between<Element: Hashable>(_ source: [Element], _ target: [Element]) -> Int {
        let (start, sourceEnd, targetEnd) = EditScript.commonEnds(source, target)
        let (sourceMiddle, targetMiddle) = (source[start..<sourceEnd], target[start..<targetEnd])
        guard !sourceMiddle.isEmpty else { return targetMiddle.count }
        guard !targetMiddle.isEmpty else { return sourceMiddle.count }
        let (sourceNumbers, targetNumbers) = Numbering.numbers(sourceMiddle, targetMiddle)
        guard EditScript.isExactSize(sourceNumbers.count, targetNumbers.count) else {
            var operations: [EditOperation] = []
            AnchoredScript.append(sourceNumbers, targetNumbers, to: &operations)
            return operations.reduce(0) { $0 + ($1 == .equal ? 0 : 1) }
        }
        return Int(lastRow(sourceNumbers[...], targetNumbers[...]).last ?? 0)
    }

    /// The distances from all of `source` to every prefix of `target` (to every suffix, both
    /// read from their ends, when `backwards`): the last row of the Levenshtein matrix, in two
    /// rows of memory (`EditScript` splits its alignment by these).
    static func lastRow(_ source: ArraySlice<UInt32>, _ target: ArraySlice<UInt32>, backwards: Bool = false) -> [Int32] {
        let (source, target) = backwards ? (Array(source.reversed()), Array(target.reversed())) : (Array(source), Array(target))
        let count = target.count
        var previous = (0...count).map { Int32($0) }
        var current = [Int32](repeating: 0, count: count + 1)
        target.withUnsafeBufferPointer { target in
            for (row, element) in source.enumerated() {
                previous.withUnsafeBufferPointer { previous in
                    current.withUnsafeMutableBufferPointer { current in
                        var (diagonal, left) = (previous[0], Int32(row + 1))
                        current[0] = left
                        for column in 0..<count {
                            let up = previous[column + 1]
                            left = min(min(up, left) + 1, diagonal + (element == target[column] ? 0 : 1))
                            current[column + 1] = left
                            diagonal = up
                        }
                    }
                }
                swap(&previous, &current)
            }
        }
        return previous
    }
}

/// Sequences as numbers: each distinct element gets one, in order of first appearance, so
/// that the alignments compare and hash numbers, whatever the elements (scalars, words),
/// and the same texts give the same numbers.
enum Numbering {
    static func numbers<Element: Hashable>(_ source: ArraySlice<Element>,
                                           _ target: ArraySlice<Element>) -> ([UInt32], [UInt32]) {
        var numbers: [Element: UInt32] = [:]
        func numbered(_ elements: ArraySlice<Element>) -> [UInt32] {
            elements.map { element in
                if let number = numbers[element] { return number }
                let number = UInt32(numbers.count)
                numbers[element] = number
                return number
            }
        }
        return (numbered(source), numbered(target))
    }
}
