/// An edit script for texts too long to align exactly, in time and memory linear in their
/// lengths: a shortest script between two 2,000,000-character lines is 4e12 cells of the
/// Levenshtein matrix, hours of work.
///
/// The texts are cut where they surely agree: runs of `anchorLength` elements that occur once
/// in each (found by a rolling hash, on positions the hash itself samples, so that the same
/// run is sampled on both sides) and in the same order on both sides (the longest such chain,
/// as patience diff takes it). Each piece between two anchors is aligned exactly when it is
/// small, cut again by the runs unique within it when it is not, and aligned a window at a
/// time when it has none (a text that only repeats itself, or two unrelated texts).
///
/// The script is a valid one, so its length is an upper bound of the distance; it is the
/// distance itself whenever every anchor lies on some shortest path, which is the rule for a
/// recognition of the truth it is compared with.
enum AnchoredScript {
    /// The length of an anchor, in elements: long enough to occur once in a page (runs of 12
    /// were too common in a text of few words), short enough to fall between two errors often.
    static let anchorLength = 16
    /// A piece of at most this many cells is aligned exactly.
    static let pieceLimit = 1 << 20
    /// How often a piece may be cut again by anchors unique within it; beyond, windows.
    static let maximumDepth = 8
    /// The side of one window, in elements: a window takes `window`² cells and moves on by at
    /// least half a window on one side, so a piece costs about `4 × window` cells per element.
    /// 128 found the exact distance of a repetitive 100,000-character line where 256 did
    /// not, in half the time.
    static let window = 128

    private enum Work {
        case piece(source: Range<Int>, target: Range<Int>, depth: Int)
        case equal(Int)
    }

    /// The steps that turn `source` into `target` (numbered by `Numbering`), appended to `operations`.
    static func append(_ source: [UInt32], _ target: [UInt32], to operations: inout [EditOperation]) {
        appendBetter(script(source, target), source[...], target[...], to: &operations)
    }

    private static func script(_ source: [UInt32], _ target: [UInt32]) -> [EditOperation] {
        var operations: [EditOperation] = []
        operations.reserveCapacity(max(source.count, target.count))
        // Work in reading order, without recursion: a chain of anchors can be as long as the text.
        var work: [Work] = [.piece(source: 0..<source.count, target: 0..<target.count, depth: 0)]
        while let next = work.popLast() {
            switch next {
            case .equal(let count):
                operations.append(contentsOf: repeatElement(.equal, count: count))
            case .piece(var sourceRange, var targetRange, let depth):
                // What the two share at each end is always part of some shortest script.
                var prefix = 0
                while prefix < min(sourceRange.count, targetRange.count),
                      source[sourceRange.lowerBound + prefix] == target[targetRange.lowerBound + prefix] { prefix += 1 }
                operations.append(contentsOf: repeatElement(.equal, count: prefix))
                sourceRange = sourceRange.lowerBound + prefix..<sourceRange.upperBound
                targetRange = targetRange.lowerBound + prefix..<targetRange.upperBound
                var suffix = 0
                while suffix < min(sourceRange.count, targetRange.count),
                      source[sourceRange.upperBound - 1 - suffix] == target[targetRange.upperBound - 1 - suffix] { suffix += 1 }
                if suffix > 0 { work.append(.equal(suffix)) }
                sourceRange = sourceRange.lowerBound..<sourceRange.upperBound - suffix
                targetRange = targetRange.lowerBound..<targetRange.upperBound - suffix
                let (piece, other) = (source[sourceRange], target[targetRange])

                if piece.isEmpty || other.isEmpty || piece.count * other.count <= pieceLimit {
                    EditScript.appendExactly(piece, other, to: &operations)
                    continue
                }
                let chain = depth < maximumDepth ? anchors(piece, other) : []
                if chain.isEmpty {
                    appendByWindows(piece, other, to: &operations)
                    continue
                }
                // The pieces and anchors, last first, so that they come off the stack in order.
                var (sourceEnd, targetEnd) = (sourceRange.upperBound, targetRange.upperBound)
                for (sourceStart, targetStart) in chain.reversed() {
                    work.append(.piece(source: sourceStart + anchorLength..<sourceEnd,
                                       target: targetStart + anchorLength..<targetEnd, depth: depth + 1))
                    work.append(.equal(anchorLength))
                    (sourceEnd, targetEnd) = (sourceStart, targetStart)
                }
                work.append(.piece(source: sourceRange.lowerBound..<sourceEnd,
                                   target: targetRange.lowerBound..<targetEnd, depth: depth + 1))
            }
        }
        return operations
    }

    /// Where `source` and `target` surely agree: the starts of runs of `anchorLength` elements
    /// that occur once in each, in the same order on both sides and not overlapping.
    static func anchors(_ source: ArraySlice<UInt32>, _ target: ArraySlice<UInt32>) -> [(Int, Int)] {
        let inSource = sampledRuns(source), inTarget = sampledRuns(target)
        var matches: [(source: Int, target: Int)] = []
        for (hash, start) in inSource where start >= 0 {
            guard let other = inTarget[hash], other >= 0,
                  source[start..<start + anchorLength].elementsEqual(target[other..<other + anchorLength]) else { continue }
            matches.append((start, other))
        }
        // Dictionaries have no fixed order: sorted, the same texts give the same chain.
        matches.sort { $0.source < $1.source }
        var chain: [(Int, Int)] = []
        for (sourceStart, targetStart) in increasingChain(matches) {
            if let (lastSource, lastTarget) = chain.last,
               sourceStart < lastSource + anchorLength || targetStart < lastTarget + anchorLength { continue }
            chain.append((sourceStart, targetStart))
        }
        // A run unique on both sides can still match by chance. A reading shifts against its
        // truth only where it gains or loses characters, so a true anchor mostly shares its
        // diagonal (the shift) with the anchor before or after it; keeping only those changed
        // nothing on readings of a truth and brought two unrelated 2,000,000-character texts
        // from 1.86 M edits to 1.42 M.
        guard chain.count > 1 else { return chain }
        return chain.indices.filter { index in
            let diagonal = chain[index].1 - chain[index].0
            return (index > 0 && chain[index - 1].1 - chain[index - 1].0 == diagonal)
                || (index + 1 < chain.count && chain[index + 1].1 - chain[index + 1].0 == diagonal)
        }.map { chain[$0] }
    }

    /// The runs of `anchorLength` elements whose hash falls in the sample (a quarter of them),
    /// by hash: where the run starts, or -1 for a run that occurs more than once.
    private static func sampledRuns(_ elements: ArraySlice<UInt32>) -> [UInt64: Int] {
        var runs: [UInt64: Int] = [:]
        guard elements.count >= anchorLength else { return runs }
        let base: UInt64 = 0x100_0000_01B3
        var highest: UInt64 = 1
        for _ in 1..<anchorLength { highest = highest &* base }
        var hash: UInt64 = 0
        for index in elements.indices {
            if index - elements.startIndex >= anchorLength {
                hash = hash &- UInt64(elements[index - anchorLength] &+ 1) &* highest
            }
            hash = hash &* base &+ UInt64(elements[index] &+ 1)
            guard index - elements.startIndex >= anchorLength - 1 else { continue }
            // Sampled by mixed high bits, which depend on the whole run.
            let mixed = (hash ^ hash >> 31) &* 0x9E37_79B9_7F4A_7C15
            guard mixed >> 62 == 0 else { continue }
            let start = index - anchorLength + 1
            runs[hash] = runs[hash] == nil ? start : -1
        }
        return runs
    }

    /// The longest chain of `matches` (sorted by source) whose targets increase too.
    private static func increasingChain(_ matches: [(source: Int, target: Int)]) -> [(Int, Int)] {
        // Patience sorting: the smallest target ending a chain of each length, and links back.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: matches.count)
        for (index, match) in matches.enumerated() {
            var (low, high) = (0, tails.count)
            while low < high {
                let middle = (low + high) / 2
                if matches[tails[middle]].target < match.target { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var chain: [(Int, Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            chain.append((matches[index].source, matches[index].target))
            index = previous[index]
        }
        return chain.reversed()
    }

    /// A piece with nothing to cut it by, a window at a time: the first `window` elements of
    /// each side aligned exactly, the steps kept until half a window of either side is used
    /// (the end of a window is forced to meet, so its second half is not to be trusted), and
    /// again from there. The last window, which holds both ends, is kept whole. Windows lose
    /// their way in two unrelated texts; where they do worse than reading the two side by
    /// side, element against element, that is the script.
    static func appendByWindows(_ source: ArraySlice<UInt32>, _ target: ArraySlice<UInt32>,
                                to operations: inout [EditOperation]) {
        var script: [EditOperation] = []
        script.reserveCapacity(source.count + target.count)
        var (row, column) = (source.startIndex, target.startIndex)
        while row < source.endIndex, column < target.endIndex {
            let (rowEnd, columnEnd) = (min(row + window, source.endIndex), min(column + window, target.endIndex))
            let path = EditScript.matrixPath(source[row..<rowEnd], target[column..<columnEnd])
            if rowEnd == source.endIndex, columnEnd == target.endIndex {
                script += path
                (row, column) = (rowEnd, columnEnd)
                break
            }
            var (usedRows, usedColumns) = (0, 0)
            for operation in path {
                if usedRows >= window / 2 || usedColumns >= window / 2 { break }
                script.append(operation)
                if operation != .insert { usedRows += 1 }
                if operation != .delete { usedColumns += 1 }
            }
            (row, column) = (row + usedRows, column + usedColumns)
        }
        script += repeatElement(.delete, count: source.endIndex - row)
        script += repeatElement(.insert, count: target.endIndex - column)
        appendBetter(script, source, target, to: &operations)
    }

    /// `script` for `source` and `target`, or the two read side by side (element against
    /// element, the longer one's rest inserted or deleted) when that costs less: whatever
    /// anchors and windows do with two unrelated texts, the distance stays at most the longer
    /// text's length, as the exact one is.
    private static func appendBetter(_ script: [EditOperation], _ source: ArraySlice<UInt32>, _ target: ArraySlice<UInt32>,
                                     to operations: inout [EditOperation]) {
        let sideBySide = zip(source, target).lazy.map { $0 == $1 ? EditOperation.equal : .substitute }
        let sideBySideCost = sideBySide.reduce(0) { $0 + ($1 == .equal ? 0 : 1) } + abs(source.count - target.count)
        if script.reduce(0, { $0 + ($1 == .equal ? 0 : 1) }) <= sideBySideCost {
            operations += script
        } else {
            operations += sideBySide
            operations += repeatElement(.delete, count: max(0, source.count - target.count))
            operations += repeatElement(.insert, count: max(0, target.count - source.count))
        }
    }
}
