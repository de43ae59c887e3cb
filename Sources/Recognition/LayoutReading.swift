internal import CTesseract
internal import CTesseractLayout

/// Reads a recognised page's words and layout from Tesseract's result iterator, in one pass and
/// in the order its own renderers walk it (`GetTSVText`, `GetHOCRText`): a picture or a rule is
/// a block without words, an element without words is passed over, and blocks, paragraphs and
/// lines open where the iterator is at their beginning.
struct LayoutReading {
    /// A heavily blurred page can come back as one "word" of white space: it is left out, with
    /// no line of its own left empty in a document.
    var words: [RecognizedWord] = []
    var blocks: [PageLayout.Block] = []
    /// Whether the iterator held anything after the last word (`PageLayout.followsLastWord`).
    var followsLastWord = false

    /// Reads what `iterator` holds; `isDictionaryWord` says whether the language knows a word.
    /// With `symbols`, each word keeps its characters and their alternatives (the reading must
    /// have been made with Tesseract's `lstm_choice_mode` 2 for the LSTM's).
    init(_ iterator: OpaquePointer, isDictionaryWord: (String) -> Bool, symbols readsSymbols: Bool = false) {
        let page = TessResultIteratorGetPageIteratorConst(iterator)
        let raw = UnsafeRawPointer(iterator)
        func box(_ level: TessPageIteratorLevel) -> BoundingBox {
            var (left, top, right, bottom): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom)
            return BoundingBox(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
        }
        func isEmpty(_ level: TessPageIteratorLevel) -> Bool { filterocr_is_empty(raw, Int32(level.rawValue)) != 0 }
        func beginsHere(_ level: TessPageIteratorLevel) -> Bool { TessPageIteratorIsAtBeginningOf(page, level) != 0 }

        while !isEmpty(RIL_BLOCK) {
            if !words.isEmpty { followsLastWord = true }
            let kind = PageLayout.BlockKind(TessPageIteratorBlockType(page))
            if !kind.holdsText {
                blocks.append(PageLayout.Block(kind: kind, box: box(RIL_BLOCK), paragraphs: []))
                guard TessResultIteratorNext(iterator, RIL_BLOCK) != 0 else { break }
                continue
            }
            if isEmpty(RIL_WORD) {
                guard TessResultIteratorNext(iterator, RIL_WORD) != 0 else { break }
                continue
            }
            // A block, paragraph or line opens where the iterator is at its beginning (or where
            // none is open yet, should the first word not say so).
            if beginsHere(RIL_BLOCK) || blocks.isEmpty {
                blocks.append(PageLayout.Block(kind: kind, box: box(RIL_BLOCK), paragraphs: []))
            }
            if beginsHere(RIL_PARA) || blocks[lastBlock].paragraphs.isEmpty {
                let language = TessResultIteratorWordRecognitionLanguage(iterator).map { String(cString: $0) }
                blocks[lastBlock].paragraphs.append(PageLayout.Paragraph(
                    box: box(RIL_PARA), leftToRight: filterocr_paragraph_is_left_to_right(raw) != 0,
                    language: language, lines: []))
            }
            if beginsHere(RIL_TEXTLINE) || lastParagraph.lines.isEmpty {
                lastParagraph.lines.append(line(page: page, raw: raw, box: box(RIL_TEXTLINE)))
            }
            if let text = takeString(TessResultIteratorGetUTF8Text(iterator, RIL_WORD)), !text.allSatisfy(\.isWhitespace) {
                let confidence = TessResultIteratorConfidence(iterator, RIL_WORD)
                words.append(RecognizedWord(text: text, confidence: Self.hundredths(confidence), box: box(RIL_WORD),
                                            inDictionary: isDictionaryWord(text),
                                            symbols: readsSymbols ? Self.symbols(of: iterator) : nil))
                followsLastWord = false
                let line = lastParagraph.lines.count - 1
                lastParagraph.lines[line].words = lastParagraph.lines[line].words.lowerBound..<words.count
                let language = TessResultIteratorWordRecognitionLanguage(iterator).map { String(cString: $0) }
                lastParagraph.lines[line].wordLanguages?.append(language)
                // A word without a baseline of its own leaves the line's words to its baseline.
                if let wordBaseline = Self.baseline(page, RIL_WORD) {
                    lastParagraph.lines[line].wordBaselines?.append(wordBaseline)
                } else {
                    lastParagraph.lines[line].wordBaselines = nil
                }
            }
            guard TessResultIteratorNext(iterator, RIL_WORD) != 0 else { break }
        }
    }

    /// The line the iterator is at, with no words yet.
    private func line(page: OpaquePointer?, raw: UnsafeRawPointer, box: BoundingBox) -> PageLayout.Line {
        var orientation = ORIENTATION_PAGE_UP, direction = WRITING_DIRECTION_LEFT_TO_RIGHT
        var order = TEXTLINE_ORDER_TOP_TO_BOTTOM
        var deskew: Float = 0
        TessPageIteratorOrientation(page, &orientation, &direction, &order, &deskew)
        var xHeight: Float = 0, descenders: Float = 0, ascenders: Float = 0
        filterocr_line_heights(raw, &xHeight, &descenders, &ascenders)
        let angle = orientation == ORIENTATION_PAGE_UP ? 0 : 360 - Int(orientation.rawValue) * 90
        return PageLayout.Line(box: box, baseline: Self.baseline(page, RIL_TEXTLINE), angle: angle, xHeight: xHeight,
                               descenders: descenders, ascenders: ascenders, words: words.count..<words.count,
                               wordBaselines: [], wordLanguages: [])
    }

    /// The characters of the word `iterator` is at, each with the alternatives Tesseract's
    /// choice iterator gives for it, read through a copy so that `iterator` stays at the word.
    private static func symbols(of iterator: OpaquePointer) -> [RecognizedSymbol] {
        guard let symbol = TessResultIteratorCopy(iterator) else { return [] }
        defer { TessResultIteratorDelete(symbol) }
        let page = TessResultIteratorGetPageIteratorConst(symbol)
        var symbols: [RecognizedSymbol] = []
        repeat {
            if let text = takeString(TessResultIteratorGetUTF8Text(symbol, RIL_SYMBOL)), !text.isEmpty {
                symbols.append(RecognizedSymbol(text: text, confidence: hundredths(TessResultIteratorConfidence(symbol, RIL_SYMBOL)),
                                                alternatives: alternatives(of: symbol)))
            }
            if TessPageIteratorIsAtFinalElement(page, RIL_WORD, RIL_SYMBOL) != 0 { break }
        } while TessResultIteratorNext(symbol, RIL_SYMBOL) != 0
        return symbols
    }

    /// What Tesseract's choice iterator gives for the symbol `iterator` is at.
    private static func alternatives(of iterator: OpaquePointer) -> [RecognizedSymbol.Alternative] {
        guard let choices = TessResultIteratorGetChoiceIterator(iterator) else { return [] }
        defer { TessChoiceIteratorDelete(choices) }
        var alternatives: [RecognizedSymbol.Alternative] = []
        repeat {
            if let text = TessChoiceIteratorGetUTF8Text(choices) {
                alternatives.append(.init(text: String(cString: text), confidence: hundredths(TessChoiceIteratorConfidence(choices))))
            }
        } while TessChoiceIteratorNext(choices) != 0
        return alternatives
    }

    /// A confidence to two decimals, as every reading reports it.
    /// Never rounded up to the next whole number: the documents write a confidence's whole part
    /// as Tesseract's do (hOCR's `x_wconf`, ALTO's `WC`), which cut off 96.996 at 96.
    private static func hundredths(_ confidence: Float) -> Double {
        let whole = Double(confidence).rounded(.down)
        return min((Double(confidence) * 100).rounded() / 100, whole + 0.99)
    }

    /// The baseline of the line or word the iterator is at, under its whole box.
    private static func baseline(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> PageLayout.Baseline? {
        var (x1, y1, x2, y2): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        guard TessPageIteratorBaseline(page, level, &x1, &y1, &x2, &y2) != 0 else { return nil }
        return PageLayout.Baseline(x1: Int(x1), y1: Int(y1), x2: Int(x2), y2: Int(y2))
    }

    private var lastBlock: Int { blocks.count - 1 }

    /// The paragraph open last, in the block open last.
    private var lastParagraph: PageLayout.Paragraph {
        get { blocks[lastBlock].paragraphs[blocks[lastBlock].paragraphs.count - 1] }
        set { blocks[lastBlock].paragraphs[blocks[lastBlock].paragraphs.count - 1] = newValue }
    }
}

extension PageLayout.BlockKind {
    init(_ type: TessPolyBlockType) {
        self = switch type {
        case PT_HEADING_TEXT: .heading
        case PT_PULLOUT_TEXT: .pullout
        case PT_CAPTION_TEXT: .caption
        case PT_TABLE: .table
        case PT_EQUATION, PT_INLINE_EQUATION: .equation
        case PT_VERTICAL_TEXT: .verticalText
        case PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE: .image
        case PT_HORZ_LINE, PT_VERT_LINE: .rule
        default: .text
        }
    }
}
