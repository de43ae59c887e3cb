/// Character error rate as docs/accuracy.md defines it and `bench/score.py` computes it:
/// runs of white space folded to one space, ends trimmed, Levenshtein distance over Unicode
/// scalars divided by the length of the truth.
public enum OCRScore {
    public static func characterErrorRate(truth: String, ocr: String) -> Double {
        let expected = Array(normalized(truth).unicodeScalars)
        let actual = Array(normalized(ocr).unicodeScalars)
        return Double(editDistance(expected, actual)) / Double(max(1, expected.count))
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
