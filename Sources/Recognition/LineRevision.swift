/// The lines of a page whose words were replaced after Tesseract read it (`--auto`'s repair of
/// unsure lines): what a document of the page shows instead of Tesseract's words for them.
/// A text format's document is written from the revised reading; a PDF's text layer is made
/// from `lines`.
public struct LineRevision: Sendable, Equatable {
    /// One replaced line: its place among the page's lines, the words Tesseract read in it, and
    /// those that stand in their place, with their boxes in the page's pixels.
    public struct Line: Sendable, Equatable {
        /// Which of the page's lines it is (from 0), in Tesseract's reading order.
        public var index: Int
        public var read: [RecognizedWord]
        public var revised: [RecognizedWord]

        public init(index: Int, read: [RecognizedWord], revised: [RecognizedWord]) {
            (self.index, self.read, self.revised) = (index, read, revised)
        }
    }

    /// The replaced lines, in reading order.
    public var replaced: [Line]
    /// Every line of the page after the revision, its words in reading order.
    public var lines: [[RecognizedWord]]

    public init(replaced: [Line], lines: [[RecognizedWord]]) {
        (self.replaced, self.lines) = (replaced, lines)
    }

    /// `reading`, a reading of the same rendering with a layout, with each replaced line's words
    /// in place of those read. A line is found by its place among the reading's lines that hold
    /// words, never by its letters, so two lines that read the same are never confused. A
    /// reading whose lines are not the revision's (another count of lines) is left as it is.
    public func applied(to reading: RecognizedText) -> RecognizedText {
        guard !replaced.isEmpty, let layout = reading.layout else { return reading }
        let places = layout.lines.indices.filter { !layout.lines[$0].words.isEmpty }
        guard places.count == lines.count else { return reading }
        let replacements = replaced.filter { places.indices.contains($0.index) }.map { (places[$0.index], $0.revised) }
        return reading.replacingWords(ofLines: Dictionary(replacements) { first, _ in first })
    }
}
