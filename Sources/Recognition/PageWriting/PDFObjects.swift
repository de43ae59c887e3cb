internal import CTesseract
import Foundation

/// The bytes of a searchable PDF, in the order they are written, in the structure of
/// Tesseract's PDF renderer: the catalog and the glyph-less font first, then each page (its
/// object, its content, its image), then the page tree, the document information and the
/// cross-reference table. It counts what it has made, so that the table can say where each
/// object begins.
struct PDFObjects {
    /// Where each object begins (object `n` at `offsets[n]`); object 2, the page tree, is
    /// written last and placed then.
    private var offsets: [Int] = [0]
    private var length = 0
    private var pages: [Int] = []

    /// The objects' numbers so far: the next one's number.
    private var nextObject: Int { offsets.count }

    /// The file's header, the catalog, and the font: a Type 0 font over a CID font whose every
    /// code draws glyph 1 of `fontFile` (Tesseract's `pdf.ttf`, a blank glyph half an em wide),
    /// and extracts as the UTF-16 code unit it is.
    mutating func header(fontFile: [UInt8]) -> [UInt8] {
        var bytes = Array("%PDF-1.5\n%".utf8) + [0xDE, 0xAD, 0xBE, 0xEB, 0x0A]
        length = bytes.count
        bytes += object("<<\n  /Type /Catalog\n  /Pages 2 0 R\n>>\n")
        offsets.append(0) // the page tree's, filled in at the end
        bytes += object("""
            <<
              /BaseFont /GlyphLessFont
              /DescendantFonts [ 4 0 R ]
              /Encoding /Identity-H
              /Subtype /Type0
              /ToUnicode 6 0 R
              /Type /Font
            >>

            """)
        bytes += object("""
            <<
              /BaseFont /GlyphLessFont
              /CIDToGIDMap 5 0 R
              /CIDSystemInfo
              <<
                 /Ordering (Identity)
                 /Registry (Adobe)
                 /Supplement 0
              >>
              /FontDescriptor 7 0 R
              /Subtype /CIDFontType2
              /Type /Font
              /DW 500
            >>

            """)
        let glyphs = (0..<(2 << 16)).map { UInt8($0 % 2) }
        bytes += stream(Self.compressed(glyphs), dictionary: " /Filter /FlateDecode")
        bytes += stream(Array(Self.toUnicode.utf8))
        bytes += object("""
            <<
              /Ascent 1000
              /CapHeight 1000
              /Descent -1
              /Flags 5
              /FontBBox  [ 0 0 500 1000 ]
              /FontFile2 8 0 R
              /FontName /GlyphLessFont
              /ItalicAngle 0
              /StemV 80
              /Type /FontDescriptor
            >>

            """)
        bytes += stream(fontFile, dictionary: "\n  /Length1 \(fontFile.count)")
        return bytes
    }

    /// A page of `width` × `height` points drawing `content`, and `image` under it as `/Im1`.
    mutating func page(content: String, width: Double, height: Double, image: PDFImage?) -> [UInt8] {
        let number = nextObject
        pages.append(number)
        let size = String(format: "%.2f %.2f", width, height)
        let xObject = image == nil ? "" : "/XObject << /Im1 \(number + 2) 0 R >>\n"
        var bytes = object("""
            <<
              /Type /Page
              /Parent 2 0 R
              /MediaBox [0 0 \(size)]
              /Contents \(number + 1) 0 R
              /Resources
              <<
                \(xObject)    /ProcSet [ /PDF /Text /ImageB /ImageI /ImageC ]
                /Font << /f-0-0 3 0 R >>
              >>
            >>

            """)
        bytes += stream(Self.compressed(Array(content.utf8)), dictionary: " /Filter /FlateDecode")
        if let image {
            bytes += stream(image.data, dictionary: "\n  /Subtype /Image" + image.dictionary)
        }
        return bytes
    }

    /// The page tree, the document information (`producer`, the time, `title`) and the
    /// cross-reference table that ends the file.
    mutating func trailer(title: String, producer: String, date: Date = Date()) -> [UInt8] {
        offsets[2] = length
        let kids = pages.map { "\($0) 0 R " }.joined()
        var bytes = Array("2 0 obj\n<<\n  /Type /Pages\n  /Kids [ \(kids)]\n  /Count \(pages.count)\n>>\nendobj\n".utf8)
        length += bytes.count
        let title = "FEFF" + title.utf16.map { String(format: "%04X", $0) }.joined()
        let info = nextObject
        bytes += object("<<\n  /Producer (\(Self.escaped(producer)))\n  /CreationDate (D:\(Self.formatted(date)))\n"
                        + "  /Title <\(title)>\n>>\n")
        var table = "xref\n0 \(nextObject)\n0000000000 65535 f \n"
        for offset in offsets.dropFirst() { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<<\n  /Size \(nextObject)\n  /Root 1 0 R\n  /Info \(info) 0 R\n>>\nstartxref\n\(length)\n%%EOF\n"
        bytes += Array(table.utf8)
        length += table.utf8.count
        return bytes
    }

    /// The next object, `body` between its number and `endobj`.
    private mutating func object(_ body: String) -> [UInt8] {
        let bytes = Array("\(nextObject) 0 obj\n\(body)endobj\n".utf8)
        offsets.append(length)
        length += bytes.count
        return bytes
    }

    /// The next object, a stream of `data` whose dictionary has `dictionary` after its length.
    private mutating func stream(_ data: [UInt8], dictionary: String = "") -> [UInt8] {
        let head = "\(nextObject) 0 obj\n<<\n  /Length \(data.count)\(dictionary)\n>>\nstream\n"
        let bytes = Array(head.utf8) + data + Array("\nendstream\nendobj\n".utf8)
        offsets.append(length)
        length += bytes.count
        return bytes
    }

    /// `data` compressed with zlib (Leptonica's, as Tesseract's renderer does).
    static func compressed(_ data: [UInt8]) -> [UInt8] {
        var count = 0
        guard let compressed = data.withUnsafeBufferPointer({ zlibCompress($0.baseAddress, $0.count, &count) }) else { return [] }
        defer { free(compressed) }
        return Array(UnsafeBufferPointer(start: compressed, count: count))
    }

    /// A PDF string's body: parentheses and backslashes escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)")
    }

    /// A PDF date's digits and time zone, UTC.
    private static func formatted(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02d%02d%02d%02d+00'00'", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// The font's map from its codes to Unicode: each code is its own UTF-16 code unit.
    private static let toUnicode = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo
        <<
          /Registry (Adobe)
          /Ordering (UCS)
          /Supplement 0
        >> def
        /CMapName /Adobe-Identify-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange
        1 beginbfrange
        <0000> <FFFF> <0000>
        endbfrange
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """
}
