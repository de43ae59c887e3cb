import Recognition

extension Collection<RecognizedWord> {
    /// The words as a line of text, a space between each two.
    var lineText: String { map(\.text).joined(separator: " ") }

    /// Their mean confidence (0-100); 0 for no words.
    var meanConfidence: Double {
        isEmpty ? 0 : reduce(0) { $0 + $1.confidence } / Double(count)
    }
}
