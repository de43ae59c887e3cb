/// What Tesseract read in one image.
public struct RecognizedText: Sendable, Equatable, Codable {
    /// The full text, lines separated by newlines, paragraphs by blank lines.
    public var text: String
    /// Tesseract's mean word confidence, 0-100 (0 when nothing was read).
    public var meanConfidence: Int
    public var words: [RecognizedWord]

    public init(text: String, meanConfidence: Int, words: [RecognizedWord]) {
        self.text = text
        self.meanConfidence = meanConfidence
        self.words = words
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

    public init(text: String, confidence: Double, box: BoundingBox, inDictionary: Bool = false) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.inDictionary = inDictionary
    }

    private enum CodingKeys: String, CodingKey {
        case text, confidence, box
        case inDictionary = "dictionary"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        confidence = try container.decode(Double.self, forKey: .confidence)
        box = try container.decode(BoundingBox.self, forKey: .box)
        inDictionary = try container.decodeIfPresent(Bool.self, forKey: .inDictionary) ?? false
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
