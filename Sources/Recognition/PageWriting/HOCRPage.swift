import Foundation
import Formats

/// A page as Tesseract's hOCR has it: `ocr_page`, then `ocr_carea` blocks of `ocr_par`
/// paragraphs of lines (`ocr_line`, or `ocr_header`, `ocr_textfloat`, `ocr_caption` by their
/// block) of `ocrx_word` words, numbered through the page from 1; pictures as `ocr_photo` and
/// rules as `ocr_separator`. A line carries its `baseline` (slope and offset from its box's bottom
/// left) and its heights; a word its `x_wconf`.
struct HOCRPage {
    let text: String

    static func header(title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"
            "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
         <head>
          <title>\(MarkupText.escaped(title))</title>
          <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
          <meta name='ocr-system' content='tesseract \(TesseractEngine.version)' />
          <meta name='ocr-capabilities' content='ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf'/>
         </head>
         <body>

        """
    }

    static let footer = " </body>\n</html>\n"

    init(_ page: WrittenPage, number: Int, inputName: String?) {
        let id = number + 1
        var text = "  <div class='ocr_page' id='page_\(id)' title='image \"\(MarkupText.escaped(inputName ?? "unknown"))\"; "
            + "bbox 0 0 \(page.layout.width) \(page.layout.height); ppageno \(number); "
            + "scan_res \(page.layout.resolution) \(page.layout.resolution)'>\n"
        // A word's language is written where it is not its paragraph's, as Tesseract writes it.
        var paragraphLanguage: String?
        page.walk { element in
            switch element {
            case .figure(let block, let number):
                let kind = block.kind == .image ? "ocr_photo" : "ocr_separator"
                text += "   <div class='\(kind)' id='block_\(id)_\(number)' title=\"bbox \(Self.corners(block.box))\"></div>\n"
            case .blockStart(let block, let number):
                text += "   <div class='ocr_carea' id='block_\(id)_\(number)' title=\"bbox \(Self.corners(block.box))\">"
            case .paragraphStart(let paragraph, let number):
                paragraphLanguage = paragraph.language
                text += "\n    <p class='ocr_par'" + (paragraph.leftToRight ? "" : " dir='rtl'") + " id='par_\(id)_\(number)'"
                    + (paragraph.language.map { " lang='\(MarkupText.escaped($0))'" } ?? "")
                    + " title=\"bbox \(Self.corners(paragraph.box))\">"
            case .lineStart(let line, let kind, let number):
                text += "\n     <span class='\(Self.lineClass(kind))' id='line_\(id)_\(number)' title=\"bbox \(Self.corners(line.box))"
                    + Self.lineProperties(line) + "\">"
            case .word(let word, let number, _, let language):
                let ownLanguage = language.flatMap { $0 == paragraphLanguage ? nil : " lang='\(MarkupText.escaped($0))'" } ?? ""
                text += "\n      <span class='ocrx_word' id='word_\(id)_\(number)' title='bbox \(Self.corners(word.box)); "
                    + "x_wconf \(Int(word.confidence))'\(ownLanguage)>\(MarkupText.escaped(word.text))</span>"
            case .lineEnd: text += "\n     </span>"
            case .paragraphEnd: text += "\n    </p>\n"
            case .blockEnd: text += "   </div>\n"
            }
        }
        self.text = text + "  </div>\n"
    }

    private static func corners(_ box: BoundingBox) -> String {
        "\(box.x) \(box.y) \(box.right) \(box.bottom)"
    }

    private static func lineClass(_ kind: PageLayout.BlockKind) -> String {
        switch kind {
        case .heading: "ocr_header"
        case .pullout: "ocr_textfloat"
        case .caption: "ocr_caption"
        default: "ocr_line"
        }
    }

    /// A line's baseline, as a slope and an offset from its box's bottom left corner (Tesseract
    /// writes a turned line's angle instead), and its heights.
    private static func lineProperties(_ line: PageLayout.Line) -> String {
        var properties = ""
        if line.angle != 0 {
            properties += "; textangle \(line.angle)"
        } else if let baseline = line.baseline, baseline.x1 != baseline.x2 {
            let (x1, x2) = (baseline.x1 - line.box.x, baseline.x2 - line.box.x)
            let (y1, y2) = (baseline.y1 - line.box.bottom, baseline.y2 - line.box.bottom)
            let slope = Double(y2 - y1) / Double(x2 - x1)
            let offset = Double(y1) - slope * Double(x1)
            properties += "; baseline \(number((slope * 1000).rounded() / 1000)) \(number((offset * 1000).rounded() / 1000))"
        }
        return properties + "; x_size \(number(Double(line.xHeight))); x_descenders \(number(Double(line.descenders)))"
            + "; x_ascenders \(number(Double(line.ascenders)))"
    }

    /// A number as C++'s streams write it at a precision of 8: `%.8g`.
    private static func number(_ value: Double) -> String {
        String(format: "%.8g", value)
    }
}
