import Formats

/// The lines of a page whose words were replaced after Tesseract read it (`--auto`'s repair of
/// unsure lines): what a document of the page shows instead of Tesseract's words for them.
/// Tesseract's renderers write what the engine read; `revise` puts the replaced lines into
/// what they wrote, and a PDF's text layer is made from `lines`.
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

    /// `fragment`, the bytes a text format's renderer wrote for a page, with each replaced
    /// line's words written in place of those read. A line is found by its place: Tesseract's
    /// renderers write the page's lines in the order its reading has them, one element (or
    /// row) each, so the replaced line `index` is the fragment's line `index`. Two lines that
    /// read the same letters are thus never confused. A fragment whose lines are not the
    /// reading's (another count of lines) is left as it is.
    public func revise(_ fragment: [UInt8], format: DocumentFormat) -> [UInt8] {
        guard !replaced.isEmpty, format != .pdf, let text = String(bytes: fragment, encoding: .utf8) else { return fragment }
        let layout = FragmentLines(format: format)
        let found = layout.lines(in: text)
        guard found.count == lines.count else { return fragment }
        var revised = text
        for line in replaced.sorted(by: { $0.index > $1.index }) where found.indices.contains(line.index) {
            let place = found[line.index]
            revised.replaceSubrange(place.range, with: layout.write(line.revised, replacing: place))
        }
        return Array(revised.utf8)
    }
}
