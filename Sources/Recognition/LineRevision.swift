import Formats

/// The lines of a page whose words were replaced after Tesseract read it (`--auto`'s repair of
/// unsure lines): what a document of the page shows instead of Tesseract's words for them.
/// Tesseract's renderers write what the engine read; `revise` puts the replaced lines into
/// what they wrote, and a PDF's text layer is made from `lines`.
public struct LineRevision: Sendable, Equatable {
    /// One replaced line: the words Tesseract read in it, and those that stand in their place,
    /// with their boxes in the page's pixels.
    public struct Line: Sendable, Equatable {
        public var read: [RecognizedWord]
        public var revised: [RecognizedWord]

        public init(read: [RecognizedWord], revised: [RecognizedWord]) {
            (self.read, self.revised) = (read, revised)
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
    /// line's words written in place of those read. A
    /// line is found by its words' letters, in order; one that cannot be found (the fragment is
    /// not of this reading) is left as it is.
    public func revise(_ fragment: [UInt8], format: DocumentFormat) -> [UInt8] {
        guard !replaced.isEmpty, format != .pdf, let text = String(bytes: fragment, encoding: .utf8) else { return fragment }
        let layout = FragmentLines(format: format)
        let found = layout.lines(in: text)
        var edits: [(range: Range<String.Index>, replacement: String)] = []
        var next = 0
        for line in replaced {
            let letters = Self.letters(line.read.map(\.text))
            guard let index = found[next...].firstIndex(where: { Self.letters($0.words) == letters }) else { continue }
            edits.append((found[index].range, layout.write(line.revised, replacing: found[index])))
            next = index + 1
        }
        var revised = text
        for edit in edits.reversed() { revised.replaceSubrange(edit.range, with: edit.replacement) }
        return Array(revised.utf8)
    }

    private static func letters(_ words: [String]) -> String {
        words.joined().filter { !$0.isWhitespace }
    }
}
