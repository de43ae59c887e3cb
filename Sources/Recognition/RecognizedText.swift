/// What Tesseract read in one image.
public struct RecognizedText: Sendable, Equatable, Codable {
    /// The full text, lines separated by newlines, paragraphs by blank lines.
    public var text: String
    /// Tesseract's mean word confidence, 0-100 (0 when nothing was read).
    public var meanConfidence: Int
    public var words: [RecognizedWord]
    /// The scale the page was read at, when it was read resampled (the boxes are in the page's
    /// own pixels all the same); nil when read as it is.
    public var readScale: Double?
    /// The page's blocks, paragraphs and lines, each line a run of `words`; nil for a reading
    /// kept by a filterocr that did not keep them.
    public var layout: PageLayout?

    public init(text: String, meanConfidence: Int, words: [RecognizedWord], readScale: Double? = nil,
                layout: PageLayout? = nil) {
        self.text = text
        self.meanConfidence = meanConfidence
        self.words = words
        self.readScale = readScale
        self.layout = layout
    }
}

extension RecognizedText {
    /// This reading of a resampled page with its words' boxes taken back to the page's own
    /// pixels: `x` and `y` are the page's pixels per pixel read, and the boxes stay within
    /// its `width` × `height`.
    public func mapped(by x: Double, _ y: Double, within width: Int, _ height: Int) -> RecognizedText {
        var mapped = self
        mapped.words = words.map { word in
            var word = word
            word.box = word.box.mapped(by: x, y, within: width, height)
            return word
        }
        mapped.layout = layout?.mapped(by: x, y, within: width, height)
        return mapped
    }

    /// This reading with `replacement` in place of the words of its line `index` (in reading
    /// order, from 0): what `--auto`'s repair of a line makes of the page, for every document.
    /// Nil when the reading has no such line.
    public func replacingWords(ofLine index: Int, with replacement: [RecognizedWord]) -> RecognizedText? {
        guard let layout, layout.lines.indices.contains(index) else { return nil }
        let range = layout.lines[index].words
        var revised = self
        revised.words.replaceSubrange(range, with: replacement)
        revised.layout = layout.replacingWords(ofLine: index, count: replacement.count)
        return revised
    }

    /// This reading with each of `replacements` (words by the index of the layout's line they
    /// stand in) put in its line, from the last line up so that every line's words are still
    /// where its layout says; a line the layout does not have is passed over.
    public func replacingWords(ofLines replacements: [Int: [RecognizedWord]]) -> RecognizedText {
        replacements.sorted { $0.key > $1.key }.reduce(self) { reading, replacement in
            reading.replacingWords(ofLine: replacement.key, with: replacement.value) ?? reading
        }
    }
}

/// One word as Tesseract segmented it.
public struct RecognizedWord: Sendable, Equatable, Codable {
    public var text: String
    /// 0-100.
    public var confidence: Double
    public var box: BoundingBox
    /// Whether the language's dictionary knows the word, without the punctuation around it.
    public var inDictionary: Bool
    /// The word's characters, each with what else the recogniser took it for; nil unless the
    /// reading was asked for them (`TesseractEngine.recognize(…symbolChoices:)`).
    public var symbols: [RecognizedSymbol]?

    public init(text: String, confidence: Double, box: BoundingBox, inDictionary: Bool = false,
                symbols: [RecognizedSymbol]? = nil) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.inDictionary = inDictionary
        self.symbols = symbols
    }

    private enum CodingKeys: String, CodingKey {
        case text, confidence, box, symbols
        case inDictionary = "dictionary"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        confidence = try container.decode(Double.self, forKey: .confidence)
        box = try container.decode(BoundingBox.self, forKey: .box)
        inDictionary = try container.decodeIfPresent(Bool.self, forKey: .inDictionary) ?? false
        symbols = try container.decodeIfPresent([RecognizedSymbol].self, forKey: .symbols)
    }
}

/// One character of a recognised word (Tesseract's symbol: a grapheme, which may be several
/// code points), with the LSTM's alternatives for it: the evidence a chooser weighs when
/// readings of the same line disagree.
public struct RecognizedSymbol: Sendable, Equatable, Codable {
    public var text: String
    /// 0-100.
    public var confidence: Double
    /// What the LSTM read there, best first, its own reading among them, each 0-100.
    public var alternatives: [Alternative]

    public struct Alternative: Sendable, Equatable, Codable {
        public var text: String
        public var confidence: Double

        public init(text: String, confidence: Double) {
            (self.text, self.confidence) = (text, confidence)
        }
    }

    public init(text: String, confidence: Double, alternatives: [Alternative]) {
        (self.text, self.confidence, self.alternatives) = (text, confidence, alternatives)
    }
}

/// A rectangle in image pixels, origin top left; encoded as `[x, y, width, height]`.
public struct BoundingBox: Sendable, Equatable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The box on a page resampled by `x` and `y` (pixels there per pixel here), its edges
    /// rounded outwards and kept within `width` × `height`.
    public func mapped(by x: Double, _ y: Double, within width: Int, _ height: Int) -> BoundingBox {
        let left = min(width, max(0, Int((Double(self.x) * x).rounded(.down))))
        let top = min(height, max(0, Int((Double(self.y) * y).rounded(.down))))
        let right = min(width, max(left, Int((Double(self.x + self.width) * x).rounded(.up))))
        let bottom = min(height, max(top, Int((Double(self.y + self.height) * y).rounded(.up))))
        return BoundingBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Int.self)
        y = try container.decode(Int.self)
        width = try container.decode(Int.self)
        height = try container.decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: [x, y, width, height])
    }
}
