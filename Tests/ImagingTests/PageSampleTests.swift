import Imaging
import Testing

@Suite("Page sample")
struct PageSampleTests {
    private func sampled(_ image: RGBImage) -> PageSample? {
        PageSample.choose(in: image, space: .sRGB, share: 0.15, count: 3, largestShare: 0.4)
    }

    /// How many runs of dark pixels start in each row of `image`: ink edges, as the sample counts them.
    private func rowEdges(_ image: RGBImage) -> [Int] {
        (0..<image.height).map { y in
            var edges = 0
            var wasInk = false
            for x in 0..<image.width {
                let isInk = image[x, y].red < 128
                if isInk && !wasInk { edges += 1 }
                wasInk = isInk
            }
            return edges
        }
    }

    @Test("A book page is sampled in bands spread over its text, cut between lines")
    func bookPage() throws {
        let page = try TestPages.bookPage.get()
        let sample = try #require(sampled(page))
        // Three bands would hold more than 40% of this page's sparse text.
        #expect(sample.bands.count == 2, "\(sample.bands), text share \(sample.textShare)")
        #expect(sample.pageHeight == page.height)
        let letters = try #require(LetterSize.measure(page, in: .sRGB))
        for (band, next) in zip(sample.bands, sample.bands.dropFirst()) {
            #expect(band.upperBound < next.lowerBound, "bands in order, apart: \(sample.bands)")
        }
        #expect(sample.bands.first!.lowerBound > 0 && sample.bands.last!.upperBound < page.height)
        // One from each half of the page (its text fills most of it), a few lines each.
        let count = sample.bands.count
        for (part, band) in sample.bands.enumerated() {
            let middle = (band.lowerBound + band.upperBound) / 2
            #expect(middle > page.height * part / count && middle < page.height * (part + 1) / count, "\(band)")
            #expect(band.count >= 6 * letters.height, "\(band): \(letters.height)-pixel letters")
        }
        #expect(sample.textShare > 0.05 && sample.textShare <= 0.4, "\(sample.textShare)")
        let edges = rowEdges(page)
        for band in sample.bands {
            let inside = edges[band].sorted()
            let quiet = inside[inside.count / 2]
            // An edge row that crossed a line would have as many edges as the band's text rows.
            #expect(edges[band.lowerBound] <= quiet && edges[band.upperBound - 1] <= quiet,
                    "band \(band): edge rows \(edges[band.lowerBound]), \(edges[band.upperBound - 1]); quiet rows \(quiet)")
            #expect(inside.last! > 20, "band \(band) holds text")
        }
    }

    @Test("The cut stacks the bands with paper between them, in proportion for a larger rendering")
    func cut() throws {
        let page = try TestPages.bookPage.get()
        let sample = try #require(sampled(page))
        let rows = sample.bands.reduce(0) { $0 + $1.count }
        let cut = sample.cut(page)
        #expect(cut.width == page.width)
        #expect(cut.height == rows + sample.gap * (sample.bands.count - 1))
        #expect(cut[0, 0] == page[0, sample.bands[0].lowerBound])
        let gapRow = sample.bands[0].count
        #expect((0..<cut.width).allSatisfy { cut[$0, gapRow] == .white }, "paper between the bands")
        let doubled = RGBImage(width: page.width / 2, height: page.height * 2)
        let doubledCut = sample.cut(doubled)
        #expect(abs(doubledCut.height - 2 * cut.height) <= 2 * sample.bands.count, "\(doubledCut.height) against \(cut.height)")
        #expect(doubledCut.width == doubled.width)
    }

    @Test("A page with no letters, or with letters so large that one band holds most of its text, has no sample")
    func noSample() throws {
        #expect(sampled(RGBImage(width: 1200, height: 1600)) == nil)
        // Four lines of 120-pixel letters: a band of 8 letter heights holds most of the page.
        var poster = RGBImage(width: 1600, height: 1200)
        for line in 0..<4 {
            for letter in 0..<10 {
                let (x0, y0) = (60 + letter * 150, 60 + line * 280)
                for y in y0..<(y0 + 120) { for x in x0..<(x0 + 90) where x < x0 + 18 || x >= x0 + 72 || (y >= y0 + 55 && y < y0 + 70) {
                    poster[x, y] = .black
                } }
            }
        }
        #expect(sampled(poster) == nil)
    }
}
