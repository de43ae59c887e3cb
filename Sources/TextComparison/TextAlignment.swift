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
        // A stretch read as it is goes into the changes around it when it is no longer than
        // either of them (as diff-match-patch's semantic clean-up judges equalities); each
        // merge makes a longer change, which may take in the stretch before it in turn. A
        // stack does it in one pass, each change growing in place, so that a line of a million
        // alternating errors costs a million appends, not a million copies of the line.
        var merged: [Stretch] = []
        for segment in segments {
            let stretch = Stretch(segment)
            if stretch.kind != .equal, let last = merged.last, last.kind != .equal {
                merged[merged.count - 1].append(stretch)
            } else {
                merged.append(stretch)
            }
            while merged.count >= 3 {
                let (before, here, after) = (merged[merged.count - 3], merged[merged.count - 2], merged[merged.count - 1])
                guard here.kind == .equal, before.kind != .equal, after.kind != .equal,
                      here.length <= min(before.length, after.length) else { break }
                merged.removeLast(2)
                merged[merged.count - 1].append(here)
                merged[merged.count - 1].append(after)
            }
        }
        return merged.map(\.segment)
    }

    /// The readable segments cut into rows of about `width` scalars of the truth or the recognition,
    /// whichever is longer, each row ending after a space where one is near: for showing the
    /// two texts side by side, row by row, so that they stay level. Time is linear in the
    /// texts' lengths: a stretch is read a row at a time, never copied whole again per row.
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
            var rest = SegmentCursor(segment)
            while true {
                let length = rest.length
                if used + length <= width {
                    row.append(rest.take(length))
                    used += length
                    break
                }
                // Only a stretch read as it is is cut, after a space where it has one; a
                // changed stretch goes whole to the next row, or is cut where it must be.
                let room = width - used
                if rest.kind == .equal, let cut = rest.lastSpace(within: room) {
                    row.append(rest.take(cut))
                    finishRow()
                } else if used > 0 {
                    finishRow()
                } else {
                    row.append(rest.take(width))
                    finishRow()
                }
            }
        }
        finishRow()
        return rows
    }
}

/// A segment being built by `readable`: its two sides with their lengths kept, so that
/// neither is counted again as it grows.
private struct Stretch {
    var kind: AlignedSegment.Kind
    var truth: String.UnicodeScalarView
    var recognized: String.UnicodeScalarView
    var truthCount: Int
    var readCount: Int

    init(_ segment: AlignedSegment) {
        kind = segment.kind
        truth = segment.truth.unicodeScalars
        recognized = segment.recognized.unicodeScalars
        truthCount = truth.count
        readCount = recognized.count
    }

    var length: Int { max(truthCount, readCount) }

    /// `other` added at the end, as one change: inserted or deleted when one side is empty,
    /// otherwise replaced (as `AlignedSegment.joined`).
    mutating func append(_ other: Stretch) {
        truth.append(contentsOf: other.truth)
        recognized.append(contentsOf: other.recognized)
        truthCount += other.truthCount
        readCount += other.readCount
        kind = truthCount == 0 ? .inserted : readCount == 0 ? .deleted : .replaced
    }

    var segment: AlignedSegment {
        AlignedSegment(kind: kind, truth: String(truth), recognized: String(recognized))
    }
}

/// What is left of a segment as `rows` hands it out a row at a time: its scalars, once, and
/// how far each side has been taken.
private struct SegmentCursor {
    let kind: AlignedSegment.Kind
    private let truth: [Unicode.Scalar]
    private let recognized: [Unicode.Scalar]
    private var truthStart = 0
    private var readStart = 0

    init(_ segment: AlignedSegment) {
        kind = segment.kind
        truth = Array(segment.truth.unicodeScalars)
        recognized = Array(segment.recognized.unicodeScalars)
    }

    /// The width of what is left, on the wider side.
    var length: Int { max(truth.count - truthStart, recognized.count - readStart) }

    /// How many scalars reach to just after the last space of the truth's next `room`
    /// scalars; nil when it has none there.
    func lastSpace(within room: Int) -> Int? {
        guard room > 0 else { return nil }
        let window = truth[truthStart..<min(truthStart + room, truth.count)]
        return window.lastIndex(of: " ").map { $0 - truthStart + 1 }
    }

    /// The next `count` scalars of each side (fewer where a side has fewer left), as a segment.
    mutating func take(_ count: Int) -> AlignedSegment {
        let truthEnd = min(truthStart + count, truth.count), readEnd = min(readStart + count, recognized.count)
        defer { (truthStart, readStart) = (truthEnd, readEnd) }
        return AlignedSegment(kind: kind, truth: AlignedSegment.string(truth[truthStart..<truthEnd]),
                              recognized: AlignedSegment.string(recognized[readStart..<readEnd]))
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

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
