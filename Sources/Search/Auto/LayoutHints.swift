import Imaging
import Recognition

/// What the original's reading says of the page's layout: where Tesseract's own page
/// segmentation is worth trying as a candidate, as a filter is where its detector fires.
///
/// The automatic segmentation (mode 3) cuts a till receipt or an invoice's lines into a column
/// of labels and a column of amounts, and reads them one after the other; mode 6 (one uniform
/// block) and mode 4 (one column of lines) read each label beside its amount. On pages of
/// several columns they would read across the columns, so they are tried only where the
/// layout is rows of a label and an amount, or one narrow column.
package struct LayoutHints {
    /// Rows whose words begin with a label and end, after a wide gap, with an amount.
    package let labelAmountRows: Int
    /// Rows of two words or more.
    package let rowsOfWords: Int
    /// Whether the page is a strip at least `narrowRatio` times as tall as it is wide.
    package let isNarrow: Bool

    /// A page this much taller than wide is a strip: a till receipt.
    static let narrowRatio = 1.8
    /// Rows of label and amount enough to call the page such a list.
    static let leastRows = 3
    static let leastShare = 0.25
    /// A gap wider than this many word heights separates an amount from its label.
    static let amountGap = 1.5

    package init(image: RGBImage, reading: RecognizedText) {
        isNarrow = Double(image.height) >= Self.narrowRatio * Double(image.width)
        let rows = Self.rows(of: reading.words.filter { $0.box.height > 0 })
        rowsOfWords = rows.filter { $0.count >= 2 }.count
        labelAmountRows = rows.filter(Self.isLabelAndAmount).count
    }

    /// Whether the rows look like a list of labels and amounts.
    package var isLabelAmountList: Bool {
        labelAmountRows >= Self.leastRows && Double(labelAmountRows) >= Self.leastShare * Double(max(1, rowsOfWords))
    }

    /// The engine's settings worth a candidate on this page, most promising first.
    package var engineCandidates: [EngineSettings] {
        guard isLabelAmountList || (isNarrow && rowsOfWords >= Self.leastRows) else { return [] }
        return [EngineSettings(pageSegmentation: 6), EngineSettings(pageSegmentation: 4)]
    }

    /// The words in rows, whatever block Tesseract put them in: a word joins the row whose
    /// last word's middle lies within half its height of its own middle; each row left to right.
    static func rows(of words: [RecognizedWord]) -> [[RecognizedWord]] {
        let sorted = words.sorted { ($0.box.y * 2 + $0.box.height) < ($1.box.y * 2 + $1.box.height) }
        var rows: [[RecognizedWord]] = []
        for word in sorted {
            let middle = Double(word.box.y) + Double(word.box.height) / 2
            if let last = rows.last?.last {
                let lastMiddle = Double(last.box.y) + Double(last.box.height) / 2
                if abs(middle - lastMiddle) <= Double(max(word.box.height, last.box.height)) / 2 {
                    rows[rows.count - 1].append(word)
                    continue
                }
            }
            rows.append([word])
        }
        return rows.map { $0.sorted { $0.box.x < $1.box.x } }
    }

    /// A row that starts with letters and ends, after a gap wider than `amountGap` heights,
    /// with a number (`3.49`, `12,00`, `-1.20`).
    static func isLabelAndAmount(_ row: [RecognizedWord]) -> Bool {
        guard row.count >= 2, let first = row.first, let last = row.last else { return false }
        let beforeLast = row[row.count - 2]
        let gap = last.box.x - (beforeLast.box.x + beforeLast.box.width)
        let height = max(last.box.height, beforeLast.box.height)
        return first.text.contains(where: \.isLetter) && isAmount(last.text) && Double(gap) > amountGap * Double(height)
    }

    /// Digits with at most a separator, a sign or a currency mark around them.
    static func isAmount(_ text: String) -> Bool {
        let digits = text.filter(\.isNumber).count
        return digits >= 2 && Double(digits) >= 0.6 * Double(text.count)
    }
}
