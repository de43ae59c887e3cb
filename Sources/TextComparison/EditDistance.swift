/// Levenshtein distance: the fewest insertions, deletions and substitutions that turn one
/// sequence into the other, in two rows of memory.
public enum EditDistance {
    public static func between<Element: Equatable>(_ source: [Element], _ target: [Element]) -> Int {
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        return lastRow(source, target)[target.count]
    }

    /// The distances from all of `source` to every prefix of `target`: the last row of the
    /// Levenshtein matrix, in two rows of memory (`EditScript` splits its alignment by these).
    static func lastRow<Element: Equatable>(_ source: some Collection<Element>, _ target: some Collection<Element>) -> [Int] {
        let target = Array(target)
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for (row, element) in source.enumerated() {
            current[0] = row + 1
            for column in 0..<target.count {
                let substitution = previous[column] + (element == target[column] ? 0 : 1)
                current[column + 1] = min(previous[column + 1] + 1, current[column] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous
    }
}
