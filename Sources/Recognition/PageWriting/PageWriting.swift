import Formats

/// Writes a document's pages from filterocr's own reading of them (`RecognizedText` and its
/// `PageLayout`), in the layout Tesseract's command line gives each format, so that a document
/// holds exactly the words a recognition reports, a repaired line's too.
///
/// A text format's document is its `header`, each page's `page`, and its `footer`.
public struct PageWriting: Sendable {
    public let format: DocumentFormat

    public init(format: DocumentFormat) {
        self.format = format
    }

    /// What the document begins with; `title` names its input, as Tesseract's command line does.
    public func header(title: String) -> String {
        switch format {
        case .hocr: HOCRPage.header(title: title)
        case .alto: ALTOPage.header(title: title)
        case .tsv: TSVPage.header
        case .txt, .pdf: ""
        }
    }

    /// What the document ends with.
    public var footer: String {
        switch format {
        case .hocr: HOCRPage.footer
        case .alto: ALTOPage.footer
        case .txt, .tsv, .pdf: ""
        }
    }

    /// Page `number` (from 0) of the document: `recognized`, whose image is `inputName`. A
    /// reading without a layout (kept by an older filterocr) is written as one block.
    public func page(_ recognized: RecognizedText, number: Int, inputName: String?) -> String {
        let page = WrittenPage(recognized)
        return switch format {
        case .hocr: HOCRPage(page, number: number, inputName: inputName).text
        case .alto: ALTOPage(page, number: number).text
        case .tsv: TSVPage(page, number: number).text
        case .txt: (number > 0 ? "\u{0C}" : "") + TextPage(page).text
        case .pdf: ""
        }
    }
}

/// A recognition as its documents walk it: the blocks, paragraphs and lines that hold words.
struct WrittenPage {
    let layout: PageLayout
    let words: [RecognizedWord]

    init(_ recognized: RecognizedText) {
        words = recognized.words
        layout = recognized.layout ?? Self.oneBlock(recognized.words)
    }

    /// A page whose words are lines of their own, for a reading with no layout.
    static func oneBlock(_ words: [RecognizedWord]) -> PageLayout {
        let lines = words.indices.map { PageLayout.Line(box: words[$0].box, words: $0..<($0 + 1)) }
        let box = words.dropFirst().reduce(words.first?.box ?? BoundingBox(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.box) }
        let paragraph = PageLayout.Paragraph(box: box, lines: lines)
        return PageLayout(width: box.x + box.width, height: box.y + box.height, resolution: 0,
                          blocks: words.isEmpty ? [] : [PageLayout.Block(kind: .text, box: box, paragraphs: [paragraph])])
    }

    /// The blocks that hold a word, with their paragraphs and lines that hold one; and the
    /// pictures and rules, which hold none.
    var blocks: [PageLayout.Block] {
        layout.blocks.compactMap { block in
            guard block.kind.holdsText else { return block }
            var block = block
            block.paragraphs = block.paragraphs.compactMap { paragraph in
                var paragraph = paragraph
                paragraph.lines = paragraph.lines.filter { !$0.words.isEmpty }
                return paragraph.lines.isEmpty ? nil : paragraph
            }
            return block.paragraphs.isEmpty ? nil : block
        }
    }
}

extension BoundingBox {
    /// The smallest box holding this one and `other`.
    public func union(_ other: BoundingBox) -> BoundingBox {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return BoundingBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    var right: Int { x + width }
    var bottom: Int { y + height }
}

extension WrittenPage {
    /// One step of a walk through the page as a markup document writes it.
    enum Element {
        /// A picture or a rule, which holds no text.
        case figure(PageLayout.Block, number: Int)
        case blockStart(PageLayout.Block, number: Int)
        case paragraphStart(PageLayout.Paragraph, number: Int)
        /// A line, and the kind of its block (a heading's lines are headings).
        case lineStart(PageLayout.Line, in: PageLayout.BlockKind, number: Int)
        /// A word, and the one after it on its line.
        /// A word, the word after it on its line, and the language it was read in if its
        /// reading says.
        case word(RecognizedWord, number: Int, next: RecognizedWord?, language: String?)
        case lineEnd, paragraphEnd, blockEnd
    }

    /// Walks the blocks that hold words (and the figures) in reading order, numbering each kind
    /// of element through the page from 1, as hOCR and ALTO number them.
    func walk(_ visit: (Element) -> Void) {
        var (blockNumber, paragraphNumber, lineNumber, wordNumber) = (1, 1, 1, 1)
        for block in blocks {
            defer { blockNumber += 1 }
            guard block.kind.holdsText else {
                visit(.figure(block, number: blockNumber))
                continue
            }
            visit(.blockStart(block, number: blockNumber))
            for paragraph in block.paragraphs {
                visit(.paragraphStart(paragraph, number: paragraphNumber))
                for line in paragraph.lines {
                    visit(.lineStart(line, in: block.kind, number: lineNumber))
                    for (place, index) in line.words.enumerated() {
                        visit(.word(words[index], number: wordNumber,
                                    next: index + 1 < line.words.upperBound ? words[index + 1] : nil,
                                    language: line.language(ofWordAt: place)))
                        wordNumber += 1
                    }
                    visit(.lineEnd)
                    lineNumber += 1
                }
                visit(.paragraphEnd)
                paragraphNumber += 1
            }
            visit(.blockEnd)
        }
    }
}
