import Imaging
import Testing

@Suite("A line cut out of its page")
struct LineCropTests {
    @Test("The crop is the line with its margins, kept on the page")
    func margins() throws {
        let crop = try #require(LineCrop(line: (x: 50, y: 40, width: 100, height: 20), pageWidth: 400, pageHeight: 200))
        #expect([crop.x, crop.y, crop.width, crop.height] == [40, 33, 120, 34])
        let edge = try #require(LineCrop(line: (x: 0, y: 190, width: 400, height: 10), pageWidth: 400, pageHeight: 200))
        #expect([edge.x, edge.y, edge.width, edge.height] == [0, 186, 400, 14])
        #expect(LineCrop(line: (x: 500, y: 40, width: 10, height: 10), pageWidth: 400, pageHeight: 200) == nil)
    }

    @Test("Another line's word reaching into the margin is painted with the paper; one outside is ignored")
    func masking() throws {
        var page = RGBImage(width: 200, height: 100, fill: RGBPixel(grey: 230))
        for x in 60..<80 { for y in 30..<36 { page[x, y] = .black } } // a neighbour's descender
        for x in 20..<40 { for y in 42..<56 { page[x, y] = .black } } // the line's own ink
        let crop = try #require(LineCrop(line: (x: 20, y: 40, width: 100, height: 16), pageWidth: 200, pageHeight: 100))
        let cut = crop.cut(page, masking: [(x: 58, y: 10, width: 24, height: 26), (x: 0, y: 90, width: 50, height: 10)])
        #expect(cut.width == crop.width && cut.height == crop.height)
        #expect(cut[60 - crop.x, 34 - crop.y] == RGBPixel(grey: 230))
        #expect(cut[25 - crop.x, 45 - crop.y] == .black)
    }
}
