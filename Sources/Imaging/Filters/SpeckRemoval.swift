/// Removes the specks of a dense photocopy or a dusty scan by their size against the text's:
/// every dark connected blob smaller than `strokeShare` times the square of the letters'
/// stroke width, wherever it lies.
///
/// `despeckle` (`Despeckle`) removes blobs up to a fixed area, and only those away from the
/// letters (so a period beside a word stays): on a 600 dpi scan its 16 pixels are a fraction
/// of a speck, and on a dense photocopy the specks sit between the letters. Here the size
/// comes from the page: the ink is the pixels at or below Otsu's level, its 8-connected
/// components are found (`InkComponents`), the letters' height is the median height of the
/// letter-like components weighted by their area (so that a thousand specks do not outvote
/// the letters), and the stroke width is the median length of the horizontal runs of ink
/// through the components of about that height. A period or an i-dot is about a stroke wide
/// each way, so a blob under half a stroke's square is not part of any glyph. A removed speck
/// takes the colour of the paper around it.
///
/// A page with fewer than `LetterSize.leastLetters` letters, or no blob that small, is
/// returned as it is.
public struct SpeckRemoval: Sendable {
    /// The largest speck removed, as a share of the square of the letters' stroke width; 0
    /// leaves the image as it is.
    public let strokeShare: Double

    public init(strokeShare: Double) {
        precondition(strokeShare >= 0, "the share must not be negative")
        self.strokeShare = strokeShare
    }

    /// The image without the specks smaller than the text's strokes.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard strokeShare > 0 else { return image }
        let luminance = LuminanceLevels(image, in: space, histogram: true)
        let paperFrom = OtsuThreshold.level(ofHistogram: luminance.histogram)
        let components = InkComponents(mask: luminance.darkMask(atMost: paperFrom), width: image.width, height: image.height)
        guard let stroke = Self.strokeWidth(of: components, width: image.width, height: image.height) else { return image }
        let largest = strokeShare * Double(stroke * stroke)
        let specks = components.components.indices.filter { Double(components.components[$0].area) < largest }
        guard !specks.isEmpty else { return image }
        return image.withSpecksPainted(Set(specks), components: components) {
            image.paperMean(around: components.components[$0], luminance: luminance, paperFrom: paperFrom)
        }
    }

    /// The stroke width of the page's letters, in pixels; nil when there are too few letters.
    static func strokeWidth(of components: InkComponents, width: Int, height: Int) -> Int? {
        let tallest = min(width, height) / 4
        let letters = components.components.filter { component in
            component.height >= 2 && component.height < tallest && component.width < 3 * component.height
                && component.area * 10 >= component.width * component.height
        }
        guard letters.count >= LetterSize.leastLetters else { return nil }
        // The median height with each letter weighted by its area.
        let byHeight = letters.sorted { $0.height < $1.height }
        let half = letters.reduce(0) { $0 + $1.area } / 2
        var seen = 0
        var letterHeight = byHeight.last!.height
        for letter in byHeight {
            seen += letter.area
            if seen >= half { letterHeight = letter.height; break }
        }
        let isLetter = components.components.map { $0.height * 2 >= letterHeight && $0.height <= 3 * letterHeight }
        let runs = components.runs.filter { isLetter[Int($0.component)] }.map { Int($0.end - $0.start) }.sorted()
        guard !runs.isEmpty else { return nil }
        return max(1, runs[runs.count / 2])
    }
}

extension RGBImage {
    /// The mean colour of the paper (pixels lighter than Otsu's level) on the ring one pixel
    /// outside the component's box, white when there is none.
    fileprivate func paperMean(around box: InkComponents.Component, luminance: LuminanceLevels,
                               paperFrom split: Int) -> RGBPixel {
        var sum = (0, 0, 0), count = 0
        let (left, right, top, bottom) = (box.minX - 1, box.maxX + 1, box.minY - 1, box.maxY + 1)
        for y in max(0, top)...min(height - 1, bottom) {
            for x in max(0, left)...min(width - 1, right) where y == top || y == bottom || x == left || x == right {
                guard Int(luminance.levels[y * width + x]) > split else { continue }
                let pixel = self[x, y]
                sum = (sum.0 + Int(pixel.red), sum.1 + Int(pixel.green), sum.2 + Int(pixel.blue))
                count += 1
            }
        }
        return count == 0 ? .white
            : RGBPixel(red: UInt8(sum.0 / count), green: UInt8(sum.1 / count), blue: UInt8(sum.2 / count))
    }
}

extension FilterKind {
    /// Half a stroke's square at 25%, two at 100%: from there, periods and i-dots go too.
    public static let specks = FilterKind(
        "specks", reproduces: "Leptonica's pixSelectBySize scaled to the text",
        summary: "remove every dark blob under 2 × intensity of the letters' stroke width squared: half at 25%",
        parameter: .init(name: "share", symbol: "area < stroke² × ", title: "largest speck (stroke width squared)") { 2 * $0 },
        nanosecondsPerPixel: 10,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 3) },
        apply: { SpeckRemoval(strokeShare: $0).apply(to: $1, in: $2.space) })
}
