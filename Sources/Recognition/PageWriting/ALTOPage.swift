import Foundation
import Formats

/// A page in ALTO 4 (valid against the Library of Congress's `alto-4-2.xsd`): a `Page` whose
/// `PrintSpace` holds a `ComposedBlock` for each of the page's blocks, a `TextBlock` for each
/// paragraph, `TextLine`s of `String`s apart by `SP`s; pictures as `Illustration`s and rules as
/// `GraphicalElement`s. Every element's ID is unique in the document (ALTO's IDs are XML IDs):
/// it names its page, as hOCR's do. A word's confidence `WC` is from 0 to 1.
struct ALTOPage {
    let text: String

    static func header(title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#" xmlns:xlink="http://www.w3.org/1999/xlink" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/alto/v4/alto-4-2.xsd">
        \t<Description>
        \t\t<MeasurementUnit>pixel</MeasurementUnit>
        \t\t<sourceImageInformation>
        \t\t\t<fileName>\(MarkupText.escaped(title))</fileName>
        \t\t</sourceImageInformation>
        \t\t<Processing ID="OCR_0">
        \t\t\t<processingSoftware>
        \t\t\t\t<softwareName>tesseract</softwareName>
        \t\t\t\t<softwareVersion>\(MarkupText.escaped(TesseractEngine.version))</softwareVersion>
        \t\t\t</processingSoftware>
        \t\t</Processing>
        \t</Description>
        \t<Layout>

        """
    }

    static let footer = "\t</Layout>\n</alto>\n"

    init(_ page: WrittenPage, number: Int) {
        let id = number + 1
        let (width, height) = (page.layout.width, page.layout.height)
        var text = "\t\t<Page WIDTH=\"\(width)\" HEIGHT=\"\(height)\" PHYSICAL_IMG_NR=\"\(id)\" ID=\"page_\(id)\">\n"
            + "\t\t\t<PrintSpace HPOS=\"0\" VPOS=\"0\" WIDTH=\"\(width)\" HEIGHT=\"\(height)\">\n"
        page.walk { element in
            switch element {
            case .figure(let block, let number):
                let element = block.kind == .image ? "Illustration" : "GraphicalElement"
                text += "\t\t\t\t<\(element) ID=\"cblock_\(id)_\(number)\"\(Self.position(block.box))/>\n"
            case .blockStart(let block, let number):
                text += "\t\t\t\t<ComposedBlock ID=\"cblock_\(id)_\(number)\"\(Self.position(block.box))>\n"
            case .paragraphStart(let paragraph, let number):
                let language = paragraph.language.map { " LANG=\"\(MarkupText.escaped($0))\"" } ?? ""
                text += "\t\t\t\t\t<TextBlock ID=\"block_\(id)_\(number)\"\(Self.position(paragraph.box))\(language)>\n"
            case .lineStart(let line, _, let number):
                text += "\t\t\t\t\t\t<TextLine ID=\"line_\(id)_\(number)\"\(Self.position(line.box))>\n"
            case .word(let word, let number, let next, _):
                // The whole percent, as Tesseract's `WC="0.96"` (which writes 5 as "0.5" and 100 as
                // "0.100"; here 0.05 and 1.00).
                let confidence = String(format: "%.2f", Double(Int(min(100, max(0, word.confidence)))) / 100)
                text += "\t\t\t\t\t\t\t<String ID=\"string_\(id)_\(number)\"\(Self.position(word.box)) WC=\"\(confidence)\" "
                    + "CONTENT=\"\(MarkupText.escaped(word.text))\"/>"
                if let next {
                    text += "<SP WIDTH=\"\(max(0, next.box.x - word.box.right))\" VPOS=\"\(word.box.y)\" HPOS=\"\(word.box.right)\"/>"
                }
                text += "\n"
            case .lineEnd: text += "\t\t\t\t\t\t</TextLine>\n"
            case .paragraphEnd: text += "\t\t\t\t\t</TextBlock>\n"
            case .blockEnd: text += "\t\t\t\t</ComposedBlock>\n"
            }
        }
        self.text = text + "\t\t\t</PrintSpace>\n\t\t</Page>\n"
    }

    private static func position(_ box: BoundingBox) -> String {
        " HPOS=\"\(box.x)\" VPOS=\"\(box.y)\" WIDTH=\"\(box.width)\" HEIGHT=\"\(box.height)\""
    }
}
