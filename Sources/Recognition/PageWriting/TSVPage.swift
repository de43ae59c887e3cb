import Foundation

/// A page as Tesseract's TSV has it: one row for the page, then a row for each block, paragraph,
/// line and word as it begins (levels 1 to 5), numbered within their parent from 1, with the
/// box as left, top, width and height; only a word has a confidence, the others -1.
struct TSVPage {
    static let header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"

    let text: String

    init(_ page: WrittenPage, number: Int) {
        let pageNumber = number + 1
        var rows = [Self.row(1, [pageNumber, 0, 0, 0, 0], BoundingBox(x: 0, y: 0, width: page.layout.width, height: page.layout.height))]
        var blockNumber = 0
        for block in page.blocks where block.kind.holdsText {
            blockNumber += 1
            rows.append(Self.row(2, [pageNumber, blockNumber, 0, 0, 0], block.box))
            for (p, paragraph) in block.paragraphs.enumerated() {
                rows.append(Self.row(3, [pageNumber, blockNumber, p + 1, 0, 0], paragraph.box))
                for (l, line) in paragraph.lines.enumerated() {
                    rows.append(Self.row(4, [pageNumber, blockNumber, p + 1, l + 1, 0], line.box))
                    for (w, word) in page.words[line.words].enumerated() {
                        rows.append(Self.row(5, [pageNumber, blockNumber, p + 1, l + 1, w + 1], word.box,
                                             confidence: String(format: "%.6f", word.confidence), text: word.text))
                    }
                }
            }
        }
        text = rows.joined()
    }

    private static func row(_ level: Int, _ numbers: [Int], _ box: BoundingBox, confidence: String = "-1",
                            text: String = "") -> String {
        ([level] + numbers + [box.x, box.y, box.width, box.height]).map(String.init).joined(separator: "\t")
            + "\t" + confidence + "\t" + text + "\n"
    }
}
