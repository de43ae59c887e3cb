import Foundation

/// Words to lay over a page of a searchable PDF in place of the text Tesseract's renderer drew
/// there: the content of an invisible text layer in Tesseract's glyph-less font, for a page
/// whose words were revised after Tesseract read it.
public struct PDFWords: Sendable, Equatable {
    /// A word and its box, in pixels from the frame's top left.
    public struct Word: Sendable, Equatable {
        public var text: String
        public var x: Int, y: Int, width: Int, height: Int

        public init(text: String, x: Int, y: Int, width: Int, height: Int) {
            (self.text, self.x, self.y, self.width, self.height) = (text, x, y, width, height)
        }
    }

    /// The page's text lines, each its words in reading order.
    public var lines: [[Word]]
    /// The frame the boxes are in: the image that was read, stretched over the page.
    public var width: Int
    public var height: Int

    public init(lines: [[Word]], width: Int, height: Int) {
        (self.lines, self.width, self.height) = (lines, width, height)
    }

    /// The content stream's operators, drawn as Tesseract's renderer draws its text, so that
    /// text extraction reads them the same way: one text object per line, its words on the
    /// line's baseline (from the first word's bottom left to the last's bottom right, sloped
    /// as a skewed line is), invisible (render mode 3), each followed by a space but the last,
    /// and stretched (`Tz`) to reach where the next begins. The font is Tesseract's glyph-less
    /// one (`/f-0-0`): a CID font whose codes are UTF-16 code units, each half an em wide,
    /// that extract as themselves.
    public var contents: [UInt8] {
        var stream = ""
        for line in lines {
            let words = line.filter { !$0.text.allSatisfy(\.isWhitespace) }
            guard let first = words.first, let last = words.last else { continue }
            // The baseline in the frame, y upwards.
            let start = (x: Double(first.x), y: Double(height - first.y - first.height))
            let end = (x: Double(last.x + last.width), y: Double(height - last.y - last.height))
            let run = max(1, end.x - start.x)
            let slope = (end.y - start.y) / run
            let (cosine, sine) = (1 / (1 + slope * slope).squareRoot(), slope / (1 + slope * slope).squareRoot())
            let size = max(1, words.map(\.height).sorted()[words.count / 2])
            stream += "BT\n3 Tr\n/f-0-0 \(size) Tf\n"
            for (index, word) in words.enumerated() {
                let isLast = index + 1 == words.count
                let x = Double(word.x)
                let y = start.y + slope * (x - start.x)
                // Along the baseline to the next word's start (the last: to its own end).
                let reach = (isLast ? Double(word.width) : Double(words[index + 1].x - word.x)) / cosine
                let units = Array(word.text.utf16) + (isLast ? [] : [0x20])
                let advance = Double(units.count) * Double(size) / 2
                let stretch = max(1, reach) / advance * 100
                stream += "\(Self.number(cosine)) \(Self.number(sine)) \(Self.number(-sine)) \(Self.number(cosine)) "
                    + "\(Self.number(x)) \(Self.number(y)) Tm \(Self.number(stretch)) Tz <\(Self.hex(units))> Tj\n"
            }
            stream += "ET\n"
        }
        return Array(stream.utf8)
    }

    private static func hex(_ units: [UInt16]) -> String {
        units.map { unit in
            let digits = String(unit, radix: 16, uppercase: true)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }.joined()
    }

    /// Four places at most, no exponent (PDF numbers have none).
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.4f", rounded).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }
}
