import Imaging
import Testing

/// Where a rendering lies on the page it came from, for a searchable PDF to show the page as
/// it was recognised.
@Suite("Page geometry of a chain")
struct PageGeometryTests {
    /// A 120 × 80 page on a black bed of 10 px, with a dark mark in its top left corner.
    private static let framed: RGBImage = {
        var image = RGBImage(width: 140, height: 100, fill: RGBPixel(grey: 5))
        for y in 10..<90 { for x in 10..<130 { image[x, y] = .white } }
        for y in 11..<14 { for x in 11..<14 { image[x, y] = RGBPixel(grey: 40) } }
        return image
    }()

    private func geometry(_ script: String, on image: RGBImage = framed) throws -> PageGeometry {
        PageGeometry.of(try CommandScript(script).finalState().operations, on: image, in: .linear)
    }

    private func close(_ a: PageGeometry, _ b: PageGeometry) -> Bool {
        a.turns == b.turns && [a.left - b.left, a.top - b.top, a.right - b.right, a.bottom - b.bottom].allSatisfy { abs($0) < 1e-9 }
    }

    @Test("Filters that neither turn nor crop leave the page where it is")
    func identity() throws {
        #expect(try geometry("median; then scale; then sauvola").isIdentity)
        #expect(try geometry("original").isIdentity)
    }

    @Test("A turn adds quarter turns; four make none")
    func turns() throws {
        #expect(try geometry("rotate").turns == 1)
        #expect(try geometry("rotate; slider 75%").turns == 3)
        #expect(try geometry("rotate; slider 75%; then rotate").isIdentity)
    }

    @Test("A crop keeps the page's part as fractions, before or after a turn")
    func crops() throws {
        var cropped = PageGeometry()
        (cropped.left, cropped.top, cropped.right, cropped.bottom) = (10.0 / 140, 10.0 / 100, 130.0 / 140, 90.0 / 100)
        let bordered = try geometry("borders")
        #expect(close(bordered, cropped), "\(bordered)")
        // Turned first, the crop is found on the turned page and taken back to the page.
        var turnedThenCropped = cropped
        turnedThenCropped.turns = 1
        #expect(close(try geometry("rotate; then borders"), turnedThenCropped))
        var halfTurn = cropped
        halfTurn.turns = 2
        #expect(close(try geometry("rotate; slider 50%; then borders"), halfTurn))
    }

    @Test("The geometry names the pixels the rendering shows: the corner mark lands where the turn puts it")
    func agreesWithRendering() throws {
        for turns in 1...3 {
            let script = "borders; then rotate; slider \(turns * 25)%"
            let shown = try geometry(script)
            let rendered = FilterOperation.render(try CommandScript(script).finalState().operations, from: Self.framed)
            // Crop the page by the geometry, then turn it: the rendering, pixel for pixel.
            let columns = Int((shown.left * 140).rounded())..<Int((shown.right * 140).rounded())
            let rows = Int((shown.top * 100).rounded())..<Int((shown.bottom * 100).rounded())
            var part = RGBImage(width: columns.count, height: rows.count)
            for y in rows { for x in columns { part[x - columns.lowerBound, y - rows.lowerBound] = Self.framed[x, y] } }
            #expect(QuarterTurn(clockwise: shown.turns).apply(to: part) == rendered, "\(script)")
            #expect(shown.apply(to: Self.framed) == rendered, "\(script)")
        }
    }
}

extension FilterOperation {
    static func render(_ operations: [FilterOperation], from image: RGBImage) -> RGBImage {
        operations.reduce(image) { $1.apply(to: $0, in: WorkingSpace.linear) }
    }
}
