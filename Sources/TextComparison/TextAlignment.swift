/// A truth and its recognition aligned scalar by scalar, as `Accuracy` compares them (both
/// normalised): the stretches read as they are, substituted, inserted and deleted, and the
/// character errors they add up to.
public struct TextAlignment: Sendable, Equatable {
    /// The truth, normalised as scored.
    public let truth: String
    /// The recognition, normalised as scored.
    public let recognized: String
    /// The stretches in reading order; consecutive steps of one kind make one stretch.
    public let segments: [AlignedSegment]
    /// The Levenshtein distance between the two: every scalar inserted or deleted, every pair substituted.
    public let distance: Int

    /// Aligns `recognized` with `truth`, after normalising both as `Accuracy` does.
    public init(truth: String, recognized: String) {
        self.truth = Accuracy.normalized(truth)
        self.recognized = Accuracy.normalized(recognized)
        let (truthScalars, readScalars) = (Array(self.truth.unicodeScalars), Array(self.recognized.unicodeScalars))
        let operations = EditScript.between(truthScalars, readScalars)
        var segments: [AlignedSegment] = []
        var (truthIndex, readIndex, start) = (0, 0, 0)
        // One segment per run of equal steps, its scalars taken as slices.
        while start < operations.count {
            let operation = operations[start]
            var end = start + 1
            while end < operations.count, operations[end] == operation { end += 1 }
            let truthCount = operation == .insert ? 0 : end - start
            let readCount = operation == .delete ? 0 : end - start
            segments.append(AlignedSegment(kind: AlignedSegment.Kind(operation),
                                           truth: AlignedSegment.string(truthScalars[truthIndex..<truthIndex + truthCount]),
                                           recognized: AlignedSegment.string(readScalars[readIndex..<readIndex + readCount])))
            (truthIndex, readIndex, start) = (truthIndex + truthCount, readIndex + readCount, end)
        }
        let distance = operations.reduce(0) { $0 + ($1 == .equal ? 0 : 1) }
        self.segments = segments
        self.distance = distance
    }

    /// The character confusions of this alignment: each substituted, deleted and inserted
    /// scalar as a pair of the truth's and the recognition's.
    public var confusions: ConfusionCounts {
        var counts = ConfusionCounts()
        for segment in segments where segment.kind != .equal {
            let truth = segment.truth.unicodeScalars.map(String.init)
            let read = segment.recognized.unicodeScalars.map(String.init)
            for index in 0..<max(truth.count, read.count) {
                counts.add(CharacterConfusion.Pair(truth: index < truth.count ? truth[index] : "",
                                                   recognized: index < read.count ? read[index] : ""))
            }
        }
        return counts
    }

    /// The segments as a reader takes them in: edits next to each other shown as one change
    /// (`new` read as `a`, not `ne` lost and `w` read as `a`), and a short stretch read as it is
    /// between two longer changes shown inside them. A shortest script matches stray letters
    /// across a long passage that was not read ("w[hat they did]h[ere]..."); shown as they
    /// are, those matches hide the passage. The counts and confusions come from `segments`.
    public var readable: [AlignedSegment] {
        var merged: [AlignedSegment] = []
        for segment in segments {
            if segment.kind != .equal, let last = merged.last, last.kind != .equal {
                merged[merged.count - 1] = AlignedSegment.joined(last, segment)
            } else {
                merged.append(segment)
            }
        }
        // A stretch read as it is goes into the changes around it when it is no longer than
        // either of them (as diff-match-patch's semantic clean-up judges equalities); each
        // merge makes a longer change, so look again.
        var index = 1
        while index + 1 < merged.count {
            let (before, here, after) = (merged[index - 1], merged[index], merged[index + 1])
            if here.kind == .equal, before.kind != .equal, after.kind != .equal,
               here.length <= min(before.length, after.length) {
                merged[index - 1] = AlignedSegment.joined(AlignedSegment.joined(before, here), after)
                merged.removeSubrange(index...index + 1)
                index = max(1, index - 1)
            } else {
                index += 1
            }
        }
        return merged
    }

    /// The readable segments cut into rows of about `width` scalars of the truth or the recognition,
    /// whichever is longer, each row ending after a space where one is near: for showing the
    /// two texts side by side, row by row, so that they stay level.
    public func rows(width: Int) -> [[AlignedSegment]] {
        precondition(width > 0, "a row holds at least one scalar")
        var rows: [[AlignedSegment]] = []
        var row: [AlignedSegment] = []
        var used = 0
        func finishRow() {
            if !row.isEmpty { rows.append(row) }
            (row, used) = ([], 0)
        }
        for segment in readable {
            var rest = segment
            while true {
                let length = rest.length
                if used + length <= width {
                    row.append(rest)
                    used += length
                    break
                }
                // Only a stretch read as it is is cut, after a space where it has one; a
                // changed stretch goes whole to the next row, or is cut where it must be.
                let room = width - used
                if rest.kind == .equal, let cut = rest.cut(within: room) {
                    row.append(cut.head)
                    rest = cut.tail
                    finishRow()
                } else if used > 0 {
                    finishRow()
                } else {
                    let cut = rest.cut(at: width)
                    row.append(cut.head)
                    rest = cut.tail
                    finishRow()
                }
            }
        }
        finishRow()
        return rows
    }
}

/// A stretch of an alignment: the truth's scalars and the recognition's for it.
public struct AlignedSegment: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable {
        /// Read as it is: the truth and the recognition are the same.
        case equal
        /// Each scalar of the truth read as another, as many on each side.
        case substituted
        /// Scalars of the recognition that the truth lacks; the truth's side is empty.
        case inserted
        /// Scalars of the truth that the recognition lacks; the recognition's side is empty.
        case deleted
        /// A stretch of the truth read as another stretch, of any length: several edits shown
        /// as one change (`readable`); never in `segments`.
        case replaced

        init(_ operation: EditOperation) {
            switch operation {
            case .equal: self = .equal
            case .substitute: self = .substituted
            case .insert: self = .inserted
            case .delete: self = .deleted
            }
        }
    }

    public var kind: Kind
    public var truth: String
    public var recognized: String

    public init(kind: Kind, truth: String, recognized: String) {
        self.kind = kind
        self.truth = truth
        self.recognized = recognized
    }

    /// `first` then `second` as one change: inserted or deleted when one side is empty,
    /// otherwise replaced.
    static func joined(_ first: AlignedSegment, _ second: AlignedSegment) -> AlignedSegment {
        let (truth, recognized) = (first.truth + second.truth, first.recognized + second.recognized)
        let kind: Kind = truth.isEmpty ? .inserted : recognized.isEmpty ? .deleted : .replaced
        return AlignedSegment(kind: kind, truth: truth, recognized: recognized)
    }

    /// The width the stretch takes on the wider of its two sides, in scalars.
    var length: Int { max(truth.unicodeScalars.count, recognized.unicodeScalars.count) }

    /// An equal stretch cut after its last space within `room` scalars; nil when it has none there.
    func cut(within room: Int) -> (head: AlignedSegment, tail: AlignedSegment)? {
        let scalars = Array(truth.unicodeScalars)
        guard room > 0, let space = scalars.prefix(room).lastIndex(of: " ") else { return nil }
        return cut(at: space + 1)
    }

    /// The stretch cut after `count` scalars of each side (fewer where a side is shorter).
    func cut(at count: Int) -> (head: AlignedSegment, tail: AlignedSegment) {
        func split(_ text: String) -> (String, String) {
            let scalars = Array(text.unicodeScalars)
            let end = min(count, scalars.count)
            return (Self.string(scalars[..<end]), Self.string(scalars[end...]))
        }
        let (truthHead, truthTail) = split(truth), (readHead, readTail) = split(recognized)
        return (AlignedSegment(kind: kind, truth: truthHead, recognized: readHead),
                AlignedSegment(kind: kind, truth: truthTail, recognized: readTail))
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
