import Foundation
import Imaging
import TestSupport
import Testing

/// Pages for the renderings that act only when their detector fires, and what they measure.
enum RenderingPages {
    /// A clean white page with rows of black bars: nothing for any detector to find.
    static func bars(width: Int = 600, height: Int = 800) -> RGBImage {
        var page = RGBImage(width: width, height: height)
        for y in stride(from: 60, to: height - 60, by: 40) {
            for x in stride(from: 50, to: width - 80, by: 70) { CleanupPages.fill(&page, x: x, y: y, width: 50, height: 14, grey: 0) }
        }
        return page
    }

    /// Rows of letter-sized dark rectangles (12 × 18 px, 3 px apart, words 10 px apart) on
    /// white, each letter raised by `bend(x, line)` pixels.
    static func textLines(width: Int, height: Int, lines: Int, bend: (Double, Int) -> Double = { _, _ in 0 }) -> RGBImage {
        var page = RGBImage(width: width, height: height)
        for line in 0..<lines {
            let baseline = 120 + line * 60
            var x = 100, letter = 0
            while x + 12 <= width - 100 {
                let y = baseline - Int(bend(Double(x + 6), line).rounded())
                CleanupPages.fill(&page, x: x, y: y, width: 12, height: 18, grey: 20)
                letter += 1
                x += letter % (3 + (line + letter / 5) % 5) == 0 ? 22 : 15
            }
        }
        return page
    }

    /// The luminance (Rec. 601 on the levels) of each pixel.
    static func luminance(_ image: RGBImage) -> [Int] {
        (0..<image.pixelCount).map { index in
            let pixel = image[index % image.width, index / image.width]
            return (77 * Int(pixel.red) + 150 * Int(pixel.green) + 29 * Int(pixel.blue)) >> 8
        }
    }

    /// The spread (highest less lowest) of the 90th percentile of luminance in 8 × 8 tiles.
    static func paperSpread(_ image: RGBImage) -> Int {
        let levels = luminance(image)
        var paper: [Int] = []
        for tileY in 0..<8 {
            for tileX in 0..<8 {
                var tile: [Int] = []
                for y in (tileY * image.height / 8)..<((tileY + 1) * image.height / 8) {
                    for x in (tileX * image.width / 8)..<((tileX + 1) * image.width / 8) { tile.append(levels[y * image.width + x]) }
                }
                paper.append(tile.sorted()[tile.count * 9 / 10])
            }
        }
        return paper.max()! - paper.min()!
    }

    /// How sharply the dark pixels gather into rows: the sum of squared differences between
    /// neighbouring rows' dark counts over the square of all dark pixels, times the height
    /// (what deskew maximises; straight text lines give sharp steps).
    static func rowSharpness(_ image: RGBImage) -> Double {
        let levels = luminance(image)
        let counts = (0..<image.height).map { y in (0..<image.width).filter { levels[y * image.width + $0] < 128 }.count }
        let total = Double(counts.reduce(0, +))
        let steps = zip(counts, counts.dropFirst()).reduce(0.0) { $0 + Double(($1.1 - $1.0) * ($1.1 - $1.0)) }
        return steps / (total * total) * Double(image.height)
    }
}

@Suite("The renderings leave a page their detector does not fire on as it is")
struct RenderingDetectorTests {
    static let renderings: [FilterKind] = [.sheet, .dewarp, .flatten, .unmark, .specks]

    @Test("A clean white page with black bars comes back identical", arguments: renderings)
    func cleanPage(kind: FilterKind) {
        let page = RenderingPages.bars()
        for intensity in [0.25, 1.0] {
            #expect(FilterOperation(kind, intensity: intensity).apply(to: page) == page, "\(kind) at \(intensity)")
        }
        #expect(kind.move(at: 0.25, on: page, in: .linear) == nil)
    }

    @Test("0% leaves the photo of a sheet on a table as it is", arguments: renderings)
    func zeroIntensity(kind: FilterKind) {
        let page = SheetPerspectiveTests.photo().image
        #expect(FilterOperation(kind, intensity: 0).apply(to: page) == page)
    }
}

@Suite("sheet (the sheet's quadrilateral mapped to an upright page)")
struct SheetPerspectiveTests {
    /// The sheet is 450 × 600 (3:4) with a black marker centred at (75%, 25%) of it and bars
    /// of text below its middle, photographed with the top edge farther away (6% narrower) and
    /// turned 4°, on a dark textured table of 1000 × 900.
    static let sheetAspect = 0.75

    /// A keystoned photo of a sheet on a grained ground; with `shadow`, the sheet's left part
    /// up to that share of its width lies in shadow (about half as bright), and the bars of
    /// print begin inside it, as a receipt's lines do under a hand's shadow.
    static func photo(shadow: Double = 0) -> (image: RGBImage, corners: [SIMD2<Double>]) {
        let (width, height) = (1000, 900)
        let centre = SIMD2(500.0, 450.0), angle = 4.0 * Double.pi / 180
        let flat: [SIMD2<Double>] = [SIMD2(-212, -300), SIMD2(212, -300), SIMD2(225, 300), SIMD2(-225, 300)]
        let corners = flat.map { point in
            SIMD2(point.x * cos(angle) - point.y * sin(angle), point.x * sin(angle) + point.y * cos(angle)) + centre
        }
        let inverse = Homography(square: corners).inverted()
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = inverse.map(Double(x), Double(y))
                let pixel: RGBPixel
                if (0...1).contains(u) && (0...1).contains(v) {
                    let marker = abs(u - 0.75) < 0.05 && abs(v - 0.25) < 0.05 * 0.75
                    // In shadow, the bars are lines of letters: a solid bar would join its
                    // whole length to the shadow, where print leaves holes in the paper.
                    let bar = v > 0.55 && v < 0.9 && (v * 30).truncatingRemainder(dividingBy: 1) < 0.35
                        && u > (shadow > 0 ? shadow / 2 : 0.1) && u < 0.9
                        && (shadow == 0 || (u * 50).truncatingRemainder(dividingBy: 1) < 0.6)
                    pixel = marker || bar ? RGBPixel(grey: 25)
                        : u < shadow ? RGBPixel(red: 112, green: 110, blue: 106) : RGBPixel(red: 236, green: 234, blue: 228)
                } else {
                    let grain = UInt8(30 + (x * 7 + y * 13) % 23)
                    pixel = RGBPixel(red: grain + 10, green: grain + 5, blue: grain)
                }
                image[x, y] = pixel
            }
        }
        return (image, corners)
    }

    @Test("The sheet comes out upright at the mean of its sides' lengths, the ground gone and the marker where it belongs")
    func keystonedPhoto() throws {
        let (photo, corners) = Self.photo()
        let sheet = FilterOperation(.sheet).apply(to: photo)
        try #require(sheet != photo, "the detector fired")
        func length(_ a: Int, _ b: Int) -> Double { ((corners[a] - corners[b]) * (corners[a] - corners[b])).sum().squareRoot() }
        let width = (length(0, 1) + length(3, 2)) / 2, height = (length(0, 3) + length(1, 2)) / 2
        #expect(abs(Double(sheet.width) - width) < 0.02 * width, "\(sheet.width) wide, the sides \(width)")
        #expect(abs(Double(sheet.height) - height) < 0.02 * height, "\(sheet.height) tall, the sides \(height)")
        let aspect = Double(sheet.width) / Double(sheet.height)
        #expect(abs(aspect - Self.sheetAspect) < 0.05 * Self.sheetAspect, "aspect \(aspect)")
        // No ground at the corners: paper up to 3 px from each.
        let levels = RenderingPages.luminance(sheet)
        for (x, y) in [(3, 3), (sheet.width - 4, 3), (sheet.width - 4, sheet.height - 4), (3, sheet.height - 4)] {
            #expect(levels[y * sheet.width + x] > 200, "(\(x), \(y)) is \(levels[y * sheet.width + x])")
        }
        // The marker's dark pixels, in the upper right quarter where nothing else is dark
        // (but the outermost pixels, which may blend with the ground as a scan's edge does).
        var sum = SIMD2(0.0, 0.0), count = 0
        for y in 2..<(sheet.height / 2) {
            for x in (sheet.width / 2)..<(sheet.width - 2) where levels[y * sheet.width + x] < 128 {
                sum += SIMD2(Double(x), Double(y))
                count += 1
            }
        }
        try #require(count > 100)
        let marker = sum / Double(count)
        #expect(abs(marker.x - 0.75 * Double(sheet.width)) < 0.01 * Double(sheet.width), "marker at \(marker)")
        #expect(abs(marker.y - 0.25 * Double(sheet.height)) < 0.01 * Double(sheet.height), "marker at \(marker)")
    }

    @Test("The corners found lie within 2 px of the sheet's, and the page shown is the sheet flattened from them")
    func corners() throws {
        let (photo, corners) = Self.photo()
        let found = try #require(SheetPerspective(leastContrast: 48).corners(of: photo))
        for (corner, truth) in zip(found, corners) {
            let distance = ((corner - truth) * (corner - truth)).sum().squareRoot()
            #expect(distance < 2, "found \(corner), the sheet's \(truth)")
        }
        // No crop and turn of the photo shows the flattened sheet: a document shows it redrawn.
        #expect(FilterKind.sheet.move(at: 0.25, on: photo, in: .linear) == nil)
        let shown = ShownPage.of([FilterOperation(.sheet)], on: photo, in: .linear)
        #expect(shown.geometry.isRedrawn)
        #expect(shown.image == FilterOperation(.sheet).apply(to: photo, in: WorkingSpace.linear))
    }

    @Test("A side of the lit paper that runs through lines of print into shadow moves out past them")
    func shadowAcrossPrint() throws {
        let (photo, corners) = Self.photo(shadow: 0.14)
        guard let found = SheetPerspective(leastContrast: 48).corners(of: photo) else {
            Issue.record("no sheet found")
            return
        }
        let inverse = Homography(square: corners).inverted()
        // The print begins at 7% of the sheet's width: the left side must lie before it.
        for index in [0, 3] {
            let (u, _) = inverse.map(found[index].x, found[index].y)
            #expect(u < 0.06 && u > -0.1, "left corner \(index) at \(u) of the sheet's width")
        }
        // The other sides are the sheet's own edges.
        for index in [1, 2] {
            let distance = ((found[index] - corners[index]) * (found[index] - corners[index])).sum().squareRoot()
            #expect(distance < 3, "found \(found[index]), the sheet's \(corners[index])")
        }
    }

    @Test("A sheet that fills the frame, or a ground brighter than the bound allows, is left alone")
    func notASheetPhoto() {
        let (photo, _) = Self.photo()
        // The sheet's paper only 40 levels above the ground: under the 48 at 25%.
        let dull = RGBImage(width: photo.width, height: photo.height, samples: photo.samples.map { $0 < 80 ? $0 + 150 : $0 })
        #expect(FilterOperation(.sheet).apply(to: dull) == dull)
        let page = RenderingPages.bars(width: 1000, height: 900)
        #expect(FilterOperation(.sheet, intensity: 3).apply(to: page) == page)
    }
}

/// The map from the unit square to a quadrilateral (Heckbert's square-to-quad projection).
struct Homography {
    var m: [Double]  // row-major 3 × 3

    init(_ m: [Double]) { self.m = m }

    /// (0, 0), (1, 0), (1, 1), (0, 1) to the corners in that order.
    init(square corners: [SIMD2<Double>]) {
        let (p0, p1, p2, p3) = (corners[0], corners[1], corners[2], corners[3])
        let d1 = p1 - p2, d2 = p3 - p2, d3 = p0 - p1 + p2 - p3
        let denominator = d1.x * d2.y - d1.y * d2.x
        let g = (d3.x * d2.y - d3.y * d2.x) / denominator, h = (d1.x * d3.y - d1.y * d3.x) / denominator
        m = [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
             p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y,
             g, h, 1]
    }

    func map(_ x: Double, _ y: Double) -> (Double, Double) {
        let w = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// The inverse map (the adjugate: the scale does not matter).
    func inverted() -> Homography {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        return Homography([e * i - f * h, c * h - b * i, b * f - c * e,
                           f * g - d * i, a * i - c * g, c * d - a * f,
                           d * h - e * g, b * g - a * h, a * e - b * d])
    }
}

@Suite("dewarp (curled text lines straightened)")
struct DewarpTests {
    /// 24 lines across a 1400 px page, each bent into an arch that sags 20 to 30 px.
    static func curled() -> RGBImage {
        RenderingPages.textLines(width: 1400, height: 1700, lines: 24) { x, line in
            (20 + 10 * Double(line) / 23) * sin(Double.pi * (x - 100) / 1200)
        }
    }

    @Test("The model builds on a curled page and its lines come out straighter")
    func curledPage() throws {
        let page = Self.curled()
        let straightened = FilterOperation(.dewarp).apply(to: page)
        try #require(straightened != page, "the model built")
        let before = RenderingPages.rowSharpness(page), after = RenderingPages.rowSharpness(straightened)
        let flat = RenderingPages.rowSharpness(RenderingPages.textLines(width: 1400, height: 1700, lines: 24))
        #expect(after > 2 * before, "row sharpness \(before) curled, \(after) dewarped, \(flat) flat")
    }

    @Test("Straight text lines (the model builds, nothing sags) come back identical")
    func straightLines() {
        let page = RenderingPages.textLines(width: 1400, height: 1700, lines: 24)
        #expect(FilterOperation(.dewarp, intensity: 1).apply(to: page) == page)
    }

    @Test("A page too short for fifteen lines, or over four times wider than tall, is never modelled",
          arguments: [(100_000, 1), (80000, 20), (1, 100_000), (20, 80000), (4000, 999), (100, 5000), (20000, 200)])
    func shapesNotModelled(width: Int, height: Int) {
        #expect(!Dewarp.models(width: width, height: height))
    }

    @Test("Pages of text, a spread and a receipt among them, are modelled",
          arguments: [(1400, 1700), (2550, 3300), (3000, 2000), (4000, 1000), (400, 6000)])
    func shapesModelled(width: Int, height: Int) {
        #expect(Dewarp.models(width: width, height: height))
    }

    @Test("A blank strip 100000 pixels wide comes back as it is")
    func wideStrip() {
        let strip = RGBImage(width: 100_000, height: 1, fill: .white)
        #expect(FilterOperation(.dewarp, intensity: 1).apply(to: strip) == strip)
    }

    @Test("Too few lines for a model: identical")
    func fewLines() {
        let page = RenderingPages.textLines(width: 1400, height: 600, lines: 5) { x, _ in 25 * sin(Double.pi * (x - 100) / 1200) }
        #expect(FilterOperation(.dewarp).apply(to: page) == page)
    }
}

@Suite("flatten (shadows evened out, contrast stretched)")
struct ShadowFlatteningTests {
    /// Text on paper of 235 under a shadow that darkens it to 110 towards the right and the
    /// bottom, the ink darkened alike.
    static func shadowed() -> RGBImage {
        var page = CleanupPages.text(width: 960, height: 1280)
        for y in 0..<page.height {
            for x in 0..<page.width {
                let shade = 1 - 0.55 * Double(x) / Double(page.width) * (0.4 + 0.6 * Double(y) / Double(page.height))
                page[x, y] = RGBPixel(grey: UInt8(Double(page[x, y].red) * shade))
            }
        }
        return page
    }

    @Test("The paper's level across the page spreads under 25 levels after, from over 80, and the ink stays dark")
    func shadow() throws {
        let page = Self.shadowed()
        let before = RenderingPages.paperSpread(page)
        try #require(before > 80)
        let flat = FilterOperation(.flatten).apply(to: page)
        try #require(flat != page, "the detector fired")
        let after = RenderingPages.paperSpread(flat)
        #expect(after < 25, "spread \(before) before, \(after) after")
        // The strokes (3 × 12 px from (10, 10), every 24 rows): their middles stay dark.
        let levels = RenderingPages.luminance(flat)
        let ink = (0..<20).map { row in levels[(16 + 24 * row * 2) * flat.width + 11] }
        #expect(ink.allSatisfy { $0 < 100 }, "\(ink)")
    }

    @Test("An evenly lit page of text comes back identical")
    func evenLight() {
        let page = CleanupPages.text(width: 960, height: 1280)
        #expect(FilterOperation(.flatten, intensity: 1).apply(to: page) == page)
    }
}

@Suite("unmark (grey from the lightest channel: coloured marks lifted, black ink kept)")
struct LightestChannelTests {
    static let highlighter = RGBPixel(red: 250, green: 236, blue: 80)
    static let stamp = RGBPixel(red: 200, green: 40, blue: 45)

    /// Bars of black ink, a yellow highlighter band across some of them (the ink under it
    /// stays black) and a red stamp.
    static func marked() -> RGBImage {
        var page = RenderingPages.bars()
        for y in 95...125 {
            for x in 40..<400 where page[x, y] == .white { page[x, y] = highlighter }
        }
        for y in 400..<470 { for x in 420..<540 { page[x, y] = stamp } }
        return page
    }

    @Test("Highlighter and stamp come out near the paper; the ink, under the highlighter too, stays black")
    func highlighter() {
        let page = Self.marked()
        let result = FilterOperation(.unmark).apply(to: page)
        #expect(result.isGreyscale)
        #expect(result[200, 96].red >= 236, "highlighter \(result[200, 96])")
        #expect(result[480, 430].red >= 200, "stamp \(result[480, 430])")
        #expect(result[60, 106] == .black, "ink under the highlighter")
        #expect(result[60, 66] == .black && result[300, 690] == .white)
        // The darkest channel would have kept the marks dark: blue 80 and green 40.
        #expect(min(Self.highlighter.red, Self.highlighter.green, Self.highlighter.blue) < 100)
    }

    @Test("A page under 1% coloured comes back identical at 25%, changed from 0.2% at 150%")
    func littleColour() {
        var page = RenderingPages.bars()
        for y in 300..<306 { for x in 100..<500 { page[x, y] = Self.stamp } }  // 0.5%
        #expect(FilterOperation(.unmark).apply(to: page) == page)
        #expect(FilterOperation(.unmark, intensity: 1.5).apply(to: page) != page)
    }
}

@Suite("specks (dark blobs under the text's stroke size removed, wherever they are)")
struct SpeckRemovalTests {
    /// 120 letters (40 × 60 rings with 10 px strokes, a 600 dpi scan's size) with a 10 × 10
    /// period after every fifth, and `specks` specks of 5 × 5 to 6 × 6 px, 4 px beside letters.
    static func page(specks: Int) -> (image: RGBImage, specks: [(x: Int, y: Int)]) {
        var page = RGBImage(width: 1200, height: 1100, fill: RGBPixel(grey: 240))
        var placed: [(x: Int, y: Int)] = []
        var generator = RepeatableGenerator(seed: 5)
        for row in 0..<12 {
            for column in 0..<10 {
                let (x, y) = (60 + column * 110, 60 + row * 85)
                CleanupPages.fill(&page, x: x, y: y, width: 40, height: 60, grey: 20)
                CleanupPages.fill(&page, x: x + 10, y: y + 10, width: 20, height: 40, grey: 240)
                if column % 5 == 4 { CleanupPages.fill(&page, x: x + 48, y: y + 50, width: 10, height: 10, grey: 20) }
                if placed.count < specks, column % 5 != 4 {
                    let side = Int.random(in: 5...6, using: &generator)
                    let speck = (x: x + 44, y: y + Int.random(in: 0...40, using: &generator))
                    CleanupPages.fill(&page, x: speck.x, y: speck.y, width: side, height: side, grey: 30)
                    placed.append(speck)
                }
            }
        }
        return (page, placed)
    }

    @Test("Specks of 25-36 px beside 40 × 60 letters go (despeckle keeps them); letters and periods stay")
    func specksBesideLetters() {
        let (speckled, specks) = Self.page(specks: 80)
        let (clean, _) = Self.page(specks: 0)
        let result = FilterOperation(.specks).apply(to: speckled)
        #expect(CleanupPages.blobAreas(result) == CleanupPages.blobAreas(clean))
        for speck in specks { #expect(result[speck.x + 2, speck.y + 2] == RGBPixel(grey: 240)) }
        #expect(result == clean)
        // A fixed 16 px despeckle leaves them, and would have to grow past the periods' 100 px
        // of a page at another resolution.
        #expect(CleanupPages.blobAreas(FilterOperation(.despeckle).apply(to: speckled)).count
                == CleanupPages.blobAreas(clean).count + specks.count)
    }

    @Test("A page of letters and periods with no specks comes back identical")
    func noSpecks() {
        let (clean, _) = Self.page(specks: 0)
        #expect(FilterOperation(.specks).apply(to: clean) == clean)
    }
}
