/// Several readings of one line aligned symbol by symbol into columns: in each column, each
/// reading has one symbol or none (a gap). What a chooser weighs when readings of a line disagree
/// (Lund, Walker & Ringger, ICDAR 2011: progressive alignment of the readings, then a choice in
/// each column).
///
/// The alignment is progressive. The first reading placed is the medoid (the reading with the
/// least summed edit distance to the others; the earliest on a tie), each column holding one of
/// its symbols. Every other reading, nearest to the medoid first, is aligned by a shortest edit
/// script to the columns' consensus (each column's most common symbol so far): a symbol equal to
/// or substituted for a column's joins it, a symbol the consensus lacks opens a column of its own
/// where the readings before it have gaps. The columns keep the readings' order, and each
/// reading's symbols appear in it once and in order.
public struct CharacterNetwork<Element: Hashable>: Sendable where Element: Sendable {
    /// The readings aligned, as given.
    public let readings: [[Element]]
    /// The reading placed first.
    public let pivot: Int
    /// For each column, in line order, each reading's symbol there by its index in the
    /// reading, nil for a gap.
    public let columns: [[Int?]]

    public init(_ readings: [[Element]]) {
        self.readings = readings
        guard !readings.isEmpty else {
            (pivot, columns) = (0, [])
            return
        }
        let distances = readings.indices.map { one in
            readings.indices.map { other in one == other ? 0 : EditDistance.between(readings[one], readings[other]) }
        }
        let pivot = readings.indices.min { distances[$0].reduce(0, +) < distances[$1].reduce(0, +) }!
        var columns = readings[pivot].indices.map { index in
            readings.indices.map { $0 == pivot ? index : nil } as [Int?]
        }
        let order = readings.indices.filter { $0 != pivot }.sorted { (distances[pivot][$0], $0) < (distances[pivot][$1], $1) }
        for reading in order {
            Self.place(reading, of: readings, into: &columns)
        }
        self.pivot = pivot
        self.columns = columns
    }

    /// The symbols of the column `column`, one per reading, nil for a gap.
    public func symbols(in column: Int) -> [Element?] {
        columns[column].enumerated().map { reading, index in index.map { readings[reading][$0] } }
    }

    /// Where `other` (a truth, when labelling the columns for training) falls among the columns,
    /// aligned as one more reading would be but without changing them: its symbol in each column,
    /// nil for a gap, and how many of its symbols fall outside every column (symbols no reading
    /// has anywhere near).
    public func aligning(_ other: [Element]) -> (symbols: [Element?], unplaced: Int) {
        let consensus = columns.map { column in
            Self.mostCommon(in: column, in: readings) ?? Self.firstSymbol(of: column, in: readings)
        }
        var symbols = [Element?](repeating: nil, count: columns.count)
        var (column, index, unplaced) = (0, 0, 0)
        for operation in EditScript.between(consensus, other.map(Optional.some)) {
            switch operation {
            case .equal, .substitute:
                symbols[column] = other[index]
                (column, index) = (column + 1, index + 1)
            case .delete:
                column += 1
            case .insert:
                (index, unplaced) = (index + 1, unplaced + 1)
            }
        }
        return (symbols, unplaced)
    }

    /// The most common symbol in each column (nil where gaps are most common), the earliest
    /// reading's on a tie.
    static func mostCommon(in column: [Int?], in readings: [[Element]]) -> Element? {
        var counts: [Element?: Int] = [:]
        var best: (symbol: Element?, count: Int) = (nil, 0)
        for (reading, index) in column.enumerated() {
            let symbol = index.map { readings[reading][$0] }
            let count = counts[symbol, default: 0] + 1
            counts[symbol] = count
            if count > best.count { best = (symbol, count) }
        }
        return best.symbol
    }

    /// Aligns `reading` to the consensus of `columns` so far and writes its symbols in.
    private static func place(_ reading: Int, of readings: [[Element]], into columns: inout [[Int?]]) {
        // Columns whose consensus is a gap take part with a symbol of their own, so that a
        // reading that has it joins them: the consensus skips only columns nobody fills.
        let consensus = columns.map { column in mostCommon(in: column, in: readings) ?? firstSymbol(of: column, in: readings) }
        let symbols = readings[reading]
        let script = EditScript.between(consensus, symbols.map(Optional.some))
        var (column, symbol) = (0, 0)
        var aligned: [[Int?]] = []
        aligned.reserveCapacity(columns.count + symbols.count)
        for operation in script {
            switch operation {
            case .equal, .substitute:
                var filled = columns[column]
                filled[reading] = symbol
                aligned.append(filled)
                (column, symbol) = (column + 1, symbol + 1)
            case .delete:
                aligned.append(columns[column])
                column += 1
            case .insert:
                aligned.append(readings.indices.map { $0 == reading ? symbol : nil })
                symbol += 1
            }
        }
        columns = aligned
    }

    private static func firstSymbol(of column: [Int?], in readings: [[Element]]) -> Element? {
        column.enumerated().lazy.compactMap { reading, index in index.map { readings[reading][$0] } }.first
    }
}
