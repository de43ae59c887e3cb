/// How large a page's letters are, in pixels: the median height of its letter-like ink
/// components and the median width of their horizontal strokes.
///
/// What decides the scale Tesseract reads a page at best is the text, not the page's pixel
/// count or its dpi tag. The letters are the 8-connected components of the dark pixels (Otsu's
/// split) that look like a glyph: a few pixels at least, not much wider than tall, not a frame
/// or a photo, and filling a tenth of their box. On a page of text most components are single
/// letters, most of them lower case, so the median height is about the x-height.
public struct LetterSize: Sendable, Equatable {
    /// The median height of the letter-like components.
    public var height: Int
    /// The median length of the horizontal runs of ink through them: about a stroke's width.
    public var stroke: Int
    /// How many letter-like components there were.
    public var letters: Int

    public init(height: Int, stroke: Int, letters: Int) {
        (self.height, self.stroke, self.letters) = (height, stroke, letters)
    }

    /// Fewer letter-like components than this: not a page of text, or not one measurable.
    public static let leastLetters = 20
    /// Pages of more pixels are measured at half size in each direction (a quarter of the
    /// work); their letters are then counted in pixels of the page as it is.
    static let halvedAbove = 4_000_000

    /// The letters of `image`, or nil when it has too few to tell (a photo, a blank page,
    /// light text on a dark ground, whose dark ground is one large component).
    /// - Parameter halving: measure a large page at half size (false: a page already decoded at
    ///   half size, measured as finely as the whole page would be).
    public static func measure(_ image: RGBImage, in space: WorkingSpace, halving: Bool = true) -> LetterSize? {
        measure(inkMask(of: image, in: space), width: image.width, height: image.height, halving: halving)
    }

    /// The dark pixels of `image` by Otsu's split, one byte each (1 for ink), row by row.
    static func inkMask(of image: RGBImage, in space: WorkingSpace) -> [UInt8] {
        let luminance = LuminanceLevels(image, in: space, histogram: true)
        return luminance.darkMask(atMost: OtsuThreshold.level(ofHistogram: luminance.histogram))
    }

    /// The letters of the ink `mask` of a `width` × `height` page.
    static func measure(_ mask: [UInt8], width: Int, height: Int, halving: Bool = true) -> LetterSize? {
        let halved = halving && width * height > halvedAbove && width >= 2 && height >= 2
        var (mask, width, height) = (mask, width, height)
        if halved {
            mask = Self.halved(mask, width: width, height: height)
            (width, height) = (width / 2, height / 2)
        }
        let components = InkComponents(mask: mask, width: width, height: height)
        let tallest = min(width, height) / 4
        let isLetter = components.components.map { component in
            component.area >= 3 && component.height >= 2 && component.height < tallest
                && component.width < 3 * component.height && component.area * 10 >= component.width * component.height
        }
        let heights = zip(components.components, isLetter).filter(\.1).map(\.0.height).sorted()
        guard heights.count >= leastLetters else { return nil }
        let runs = components.runs.filter { isLetter[Int($0.component)] }.map { Int($0.end - $0.start) }.sorted()
        let unit = halved ? 2 : 1
        return LetterSize(height: heights[heights.count / 2] * unit, stroke: runs[runs.count / 2] * unit,
                          letters: heights.count)
    }

    /// A mask at half size: a pixel is ink where any of the four it covers is, so that thin
    /// strokes stay joined.
    private static func halved(_ mask: [UInt8], width: Int, height: Int) -> [UInt8] {
        let (halfWidth, halfHeight) = (width / 2, height / 2)
        var output = [UInt8](repeating: 0, count: halfWidth * halfHeight)
        mask.withUnsafeBufferPointer { mask in
            output.withUnsafeMutableBufferPointer { output in
                for y in 0..<halfHeight {
                    let top = mask.baseAddress! + 2 * y * width, bottom = top + width
                    let row = output.baseAddress! + y * halfWidth
                    for x in 0..<halfWidth {
                        row[x] = top[2 * x] | top[2 * x + 1] | bottom[2 * x] | bottom[2 * x + 1]
                    }
                }
            }
        }
        return output
    }
}
