/// A page as Tesseract's text output has it: each line's words apart by one space, each line
/// ended by a new line, and each paragraph by one more when anything follows it on the page (a
/// picture or a rule too, which give no text themselves).
struct TextPage {
    let text: String

    init(_ page: WrittenPage) {
        let blocks = page.blocks
        var text = ""
        for (b, block) in blocks.enumerated() where block.kind.holdsText {
            for (p, paragraph) in block.paragraphs.enumerated() {
                for line in paragraph.lines {
                    text += page.words[line.words].map(\.text).joined(separator: " ") + "\n"
                }
                if p + 1 < block.paragraphs.count || b + 1 < blocks.count { text += "\n" }
            }
        }
        self.text = text
    }
}
