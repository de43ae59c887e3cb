import Foundation

/// The content of a searchable PDF's page: the image drawn over the page, and the page's words
/// as invisible text in Tesseract's glyph-less font (`/f-0-0`, each character half an em wide),
/// laid out as Tesseract's PDF renderer lays them, so that text extraction finds each word
/// over its ink: each block one text object, turned as its first line is; each word set on its
/// line's baseline where its own baseline begins, at the line's size in points, stretched to
/// its baseline's length.
struct PDFPageText {
    let page: WrittenPage
    /// The page's size in points, and the resolution its pixels are at.
    let width: Double, height: Double
    let resolution: Int
    /// Whether the page shows its image (`/Im1`) under the text.
    let showsImage: Bool

    /// The page of `recognized`, whose layout gives its size in pixels and their resolution.
    init(_ recognized: RecognizedText, showsImage: Bool) {
        page = WrittenPage(recognized)
        resolution = max(1, page.layout.resolution)
        width = Double(page.layout.width) * 72 / Double(resolution)
        height = Double(page.layout.height) * 72 / Double(resolution)
        self.showsImage = showsImage
    }

    var content: String {
        var text = "q \(Self.number(width)) 0 0 \(Self.number(height)) 0 0 cm" + (showsImage ? " /Im1 Do" : "") + " Q\n"
        // Every word is followed by a space but the last, when nothing follows it on the page.
        let lastWord = page.layout.followsLastWord == true ? nil
            : page.blocks.last { $0.kind.holdsText }?.paragraphs.last?.lines.last?.words.last
        for block in page.blocks where block.kind.holdsText {
            text += "BT\n3 Tr"
            var matrix: Matrix?
            var (origin, fontSize) = ((x: 0.0, y: 0.0), 0)
            for paragraph in block.paragraphs {
                for line in paragraph.lines {
                    let baseline = clipped(line.baseline ?? Self.bottom(of: line.box))
                    // Every word's size in points, from the line's height (Tesseract's pointsize).
                    let size = Int(line.xHeight * 72 / Float(resolution) + 0.5)
                    for (place, index) in line.words.enumerated() {
                        let word = page.words[index]
                        let own = line.wordBaselines?[place] ?? (line.baseline ?? Self.bottom(of: line.box)).under(word.box)
                        let start = wordStart(own, on: baseline, leftToRight: paragraph.leftToRight)
                        if let matrix, matrix.leftToRight == paragraph.leftToRight {
                            let (dx, dy) = (start.x - origin.x, start.y - origin.y)
                            text += " \(Self.number(dx * matrix.a + dy * matrix.b)) \(Self.number(dx * matrix.c + dy * matrix.d)) Td "
                        } else {
                            let turned = Matrix(baseline, leftToRight: paragraph.leftToRight)
                            text += " \(Self.number(turned.a)) \(Self.number(turned.b)) \(Self.number(turned.c)) "
                                + "\(Self.number(turned.d)) \(Self.number(start.x)) \(Self.number(start.y)) Tm "
                            matrix = turned
                        }
                        origin = (start.x, start.y)
                        let wordSize = size > 0 ? size : 8
                        if wordSize != fontSize {
                            text += "/f-0-0 \(wordSize) Tf "
                            fontSize = wordSize
                        }
                        var units = Self.utf16(word.text)
                        if index != lastWord { units.append("0020") }
                        if start.length > 0 && !units.isEmpty {
                            let stretch = 2 * Self.rounded(100 * start.length / Double(wordSize * units.count))
                            text += "\(Self.number(stretch)) Tz [ <\(units.joined())> ] TJ"
                        }
                    }
                    text += " \n"
                }
            }
            text += "ET\n"
        }
        return text
    }

    /// The text's turn and, for a line written right to left, its mirroring.
    private struct Matrix {
        var a: Double, b: Double, c: Double, d: Double
        let leftToRight: Bool

        init(_ baseline: PageLayout.Baseline, leftToRight: Bool) {
            let theta = atan2(Double(baseline.y1 - baseline.y2), Double(baseline.x2 - baseline.x1))
            (a, b, c, d) = (cos(theta), sin(theta), -sin(theta), cos(theta))
            if !leftToRight { (a, b) = (-a, -b) }
            self.leftToRight = leftToRight
        }
    }

    /// A baseline that rises or falls by less than two points across more than two points is
    /// made level (as Tesseract's renderer does, for viewers that select text badly on a slope).
    private func clipped(_ baseline: PageLayout.Baseline) -> PageLayout.Baseline {
        let rise = abs(baseline.y2 - baseline.y1) * 72, run = abs(baseline.x2 - baseline.x1) * 72
        guard rise < 2 * resolution && 2 * resolution < run else { return baseline }
        let middle = (baseline.y1 + baseline.y2) / 2
        return PageLayout.Baseline(x1: baseline.x1, y1: middle, x2: baseline.x2, y2: middle)
    }

    /// Where a word whose own baseline is `word` starts on the line's `baseline`, in points from
    /// the page's bottom left, and how long its baseline is in points.
    private func wordStart(_ word: PageLayout.Baseline, on baseline: PageLayout.Baseline,
                           leftToRight: Bool) -> (x: Double, y: Double, length: Double) {
        let (px, py) = leftToRight ? (word.x1, word.y1) : (word.x2, word.y2)
        let (dx, dy) = (Double(baseline.x2 - baseline.x1), Double(baseline.y2 - baseline.y1))
        let squared = dx * dx + dy * dy
        var (x, y) = (Double(baseline.x1), Double(baseline.y1))
        if squared != 0 {
            let t = (Double(px - baseline.x2) * dx + Double(py - baseline.y2) * dy) / squared
            (x, y) = (Double(baseline.x2) + t * dx, Double(baseline.y2) + t * dy)
        }
        let (wx, wy) = (Double(word.x2 - word.x1), Double(word.y2 - word.y1))
        let scale = 72 / Double(resolution)
        // The renderer takes the page's height in whole points here.
        return (x * scale, Double(Int(height)) - y * scale, (wx * wx + wy * wy).squareRoot() * scale)
    }

    /// The bottom edge of `box`, for a line Tesseract fitted no baseline to.
    private static func bottom(of box: BoundingBox) -> PageLayout.Baseline {
        PageLayout.Baseline(x1: box.x, y1: box.bottom, x2: box.right, y2: box.bottom)
    }

    /// Each character's UTF-16 code units in hexadecimal, as the font's codes.
    private static func utf16(_ text: String) -> [String] {
        text.unicodeScalars.map { scalar in
            String(scalar).utf16.map { String(format: "%04X", $0) }.joined()
        }
    }

    /// `value` to thousandths, never minus zero.
    static func rounded(_ value: Double) -> Double {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == 0 ? 0 : rounded
    }

    /// `value` to thousandths in at most eight significant digits, as the renderer prints numbers.
    static func number(_ value: Double) -> String {
        String(format: "%.8g", rounded(value))
    }
}
