import Documents

/// What a run does with a PDF page that has text of its own before it is recognised: the one
/// rule `ocr`, `batch` and `report` follow, so that no page of a searchable PDF carries its
/// text twice unless asked.
public enum PagesWithText: Sendable, Equatable {
    /// Pages with visible (born-digital) text are left as they are; a page whose only text is
    /// an earlier, invisible OCR layer is recognised again and that layer replaced.
    case keepVisible
    /// Every page is recognised (`--force-ocr`): a page's visible text stays and the
    /// recognised text is laid over it, so a searchable PDF carries that text twice.
    case recognizeAll
    /// Every page with text of its own, seen or not, is left as it is (`--skip-text`).
    case keepAll

    /// Why `survey`'s page is left as it is, or nil when it is recognised.
    public func reasonToKeep(_ survey: PageSurvey) -> KeptPage? {
        switch self {
        case .keepVisible: survey.visibleText > 0 ? .visibleText : nil
        case .recognizeAll: nil
        case .keepAll: survey.visibleText > 0 ? .visibleText : survey.invisibleText > 0 ? .earlierLayer : nil
        }
    }

    /// Why a page was left as it is.
    public enum KeptPage: String, Sendable, Equatable {
        /// Visible (born-digital) text of its own.
        case visibleText = "visible"
        /// An earlier OCR layer, kept by `--skip-text`.
        case earlierLayer = "invisible"

        /// As the JSON line's `skipped` and standard error say it.
        public var explanation: String {
            switch self {
            case .visibleText: "has visible text of its own; left as it is (--force-ocr recognises it again)"
            case .earlierLayer: "has an earlier OCR layer; left as it is (--skip-text)"
            }
        }

        /// The same of several pages, after "12 of 36 pages".
        public var pluralExplanation: String {
            switch self {
            case .visibleText: "have visible text of their own; left as they are (--force-ocr recognises them again)"
            case .earlierLayer: "have an earlier OCR layer; left as they are (--skip-text)"
            }
        }
    }
}
