/// How Tesseract laid out a page it read: its blocks, their paragraphs and their lines, in
/// reading order, each line holding a run of the recognition's words. Read from Tesseract's
/// result iterator in the same pass as the words, it is what every document format is written
/// from (`PageWriting`), so a line whose words were replaced (`--auto`'s repair) reaches them
/// all, and no page is read a second time to be written.
///
/// Boxes are in the page's pixels, as the words' are.
public struct PageLayout: Sendable, Equatable, Codable {
    /// The size of the image read, in the page's pixels.
    public var width: Int
    public var height: Int
    /// The resolution Tesseract read the page at, in dots per inch (hOCR's `scan_res`).
    public var resolution: Int
    public var blocks: [Block]
    /// Whether Tesseract found something after the last word (a picture, a rule, a region
    /// without words): a searchable PDF then follows that word with a space, as every other
    /// word, where Tesseract's renderer does. Nil for a layout kept without it.
    public var followsLastWord: Bool?

    public init(width: Int, height: Int, resolution: Int, blocks: [Block]) {
        (self.width, self.height, self.resolution, self.blocks) = (width, height, resolution, blocks)
    }

    /// A region of the page: text in paragraphs, or a picture or a rule, which holds none.
    public struct Block: Sendable, Equatable, Codable {
        public var kind: BlockKind
        public var box: BoundingBox
        public var paragraphs: [Paragraph]

        public init(kind: BlockKind, box: BoundingBox, paragraphs: [Paragraph]) {
            (self.kind, self.box, self.paragraphs) = (kind, box, paragraphs)
        }
    }

    public struct Paragraph: Sendable, Equatable, Codable {
        public var box: BoundingBox
        /// False for a paragraph written right to left.
        public var leftToRight: Bool
        /// The language its first word was read in (`eng`), when Tesseract says.
        public var language: String?
        public var lines: [Line]

        public init(box: BoundingBox, leftToRight: Bool = true, language: String? = nil, lines: [Line]) {
            (self.box, self.leftToRight, self.language, self.lines) = (box, leftToRight, language, lines)
        }
    }

    public struct Line: Sendable, Equatable, Codable {
        public var box: BoundingBox
        /// Two points of the line's baseline, in the page's pixels; nil when Tesseract fitted none.
        public var baseline: Baseline?
        /// How far the line is turned from upright, in degrees counterclockwise (90, 180, 270);
        /// 0 for an upright line.
        public var angle: Int
        /// The line's x-height, and how far its descenders fall and its ascenders rise, in pixels.
        public var xHeight: Float
        public var descenders: Float
        public var ascenders: Float
        /// The line's words: their indices in the recognition's `words`.
        public var words: Range<Int>
        /// Each word's stretch of the line's baseline, from its left to its right edge, as
        /// Tesseract fitted it (a searchable PDF sets each word there); nil for words that
        /// came from elsewhere (a repaired line), whose stretch is then taken from `baseline`.
        public var wordBaselines: [Baseline]?
        /// The language each word was read in (`deu` in a paragraph of `eng`), where Tesseract
        /// says; nil for words that came from elsewhere (a repaired line) or a layout kept
        /// without them, whose words are then in their paragraph's language.
        public var wordLanguages: [String?]?

        public init(box: BoundingBox, baseline: Baseline? = nil, angle: Int = 0, xHeight: Float = 0,
                    descenders: Float = 0, ascenders: Float = 0, words: Range<Int>, wordBaselines: [Baseline]? = nil,
                    wordLanguages: [String?]? = nil) {
            (self.box, self.baseline, self.angle) = (box, baseline, angle)
            (self.xHeight, self.descenders, self.ascenders, self.words) = (xHeight, descenders, ascenders, words)
            (self.wordBaselines, self.wordLanguages) = (wordBaselines, wordLanguages)
        }

        /// The language of the line's word at `place` (from 0), where the reading kept it.
        public func language(ofWordAt place: Int) -> String? {
            guard let wordLanguages, place < wordLanguages.count else { return nil }
            return wordLanguages[place]
        }
    }

    /// A baseline through two points, in the page's pixels.
    public struct Baseline: Sendable, Equatable, Codable {
        public var x1: Int, y1: Int, x2: Int, y2: Int

        public init(x1: Int, y1: Int, x2: Int, y2: Int) {
            (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        }

        /// The baseline on a page resampled by `x` and `y`.
        func mapped(by x: Double, _ y: Double) -> Baseline {
            Baseline(x1: Int((Double(x1) * x).rounded()), y1: Int((Double(y1) * y).rounded()),
                     x2: Int((Double(x2) * x).rounded()), y2: Int((Double(y2) * y).rounded()))
        }

        /// The stretch of this baseline (taken as a straight line) under `box`, from its left
        /// to its right edge: a word's baseline where Tesseract fitted none for it.
        func under(_ box: BoundingBox) -> Baseline {
            let run = Double(x2 - x1)
            func y(at x: Int) -> Int {
                run == 0 ? y1 : Int((Double(y1) + Double(y2 - y1) * Double(x - x1) / run).rounded())
            }
            return Baseline(x1: box.x, y1: y(at: box.x), x2: box.x + box.width, y2: y(at: box.x + box.width))
        }
    }

    /// What a block holds, by Tesseract's kinds of region.
    public enum BlockKind: String, Sendable, Equatable, Codable {
        case text, heading, pullout, caption, table, equation, verticalText, image, rule

        /// A block of text: one whose lines hold words.
        public var holdsText: Bool { self != .image && self != .rule }
    }

    /// Every line of the page, in reading order.
    public var lines: [Line] {
        blocks.flatMap { $0.paragraphs.flatMap(\.lines) }
    }
}

extension PageLayout {
    /// The layout with line `index` (in reading order) holding `count` words in place of its own:
    /// the lines after it take the words after them.
    func replacingWords(ofLine index: Int, count: Int) -> PageLayout {
        var layout = self
        var shift = 0
        layout.updateLines { place, line in
            var words = (line.words.lowerBound + shift)..<(line.words.upperBound + shift)
            if place == index {
                shift += count - words.count
                words = words.lowerBound..<(words.lowerBound + count)
                line.wordBaselines = nil
                line.wordLanguages = nil
            }
            line.words = words
        }
        return layout
    }

    /// The layout on a page resampled by `x` and `y` (the page's pixels per pixel read), kept
    /// within `width` × `height`, as `BoundingBox.mapped` takes the words' boxes.
    func mapped(by x: Double, _ y: Double, within width: Int, _ height: Int) -> PageLayout {
        func box(_ box: BoundingBox) -> BoundingBox { box.mapped(by: x, y, within: width, height) }
        var layout = self
        (layout.width, layout.height) = (width, height)
        layout.resolution = Int((Double(resolution) * x).rounded())
        for b in layout.blocks.indices {
            layout.blocks[b].box = box(blocks[b].box)
            for p in layout.blocks[b].paragraphs.indices {
                layout.blocks[b].paragraphs[p].box = box(blocks[b].paragraphs[p].box)
            }
        }
        layout.updateLines { _, line in
            line.box = box(line.box)
            line.baseline = line.baseline?.mapped(by: x, y)
            line.wordBaselines = line.wordBaselines?.map { $0.mapped(by: x, y) }
            line.xHeight *= Float(y)
            line.descenders *= Float(y)
            line.ascenders *= Float(y)
        }
        return layout
    }

    /// Runs `update` on every line, in reading order, with its place among the page's lines.
    private mutating func updateLines(_ update: (Int, inout Line) -> Void) {
        var place = 0
        for b in blocks.indices {
            for p in blocks[b].paragraphs.indices {
                for l in blocks[b].paragraphs[p].lines.indices {
                    update(place, &blocks[b].paragraphs[p].lines[l])
                    place += 1
                }
            }
        }
    }
}
