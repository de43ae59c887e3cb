/// A filter a session can apply, each a segment of the brief's screen, described in one place:
/// the word a user types, what the filter reproduces, its parameter and how the 0-300%
/// intensity maps to it, its default sweep, its cost, and how it is applied.
///
/// Each filter's entry lives in its implementation file (`GaussianBlur.swift` holds
/// `FilterKind.blur`); `allCases` lists them in the order help shows them. Parsers, help,
/// completion, sweeps, charts, the web API and the filter table in docs/filters.md all come from these entries,
/// so adding a filter is its file and one line in `allCases`.
public struct FilterKind: Sendable, Hashable, CaseIterable, WordCoded, CustomStringConvertible {
    /// Every filter, in the order help lists them.
    public static let allCases: [FilterKind] = [
        .blur, .binarize, .greyscale, .contrast, .levels, .sharpen, .median, .erode, .dilate, .scale, .invert, .otsu,
        .sauvola, .deskew, .rotate, .orient, .background, .borders, .despeckle, .lighttext, .sheet, .dewarp, .flatten,
        .unmark, .specks,
    ]

    /// The brief's two filters, whose segments behave exactly as the brief says; the others
    /// follow the same rules.
    public static var brief: [FilterKind] { allCases.filter(\.isBriefSegment) }

    /// The word a user types: `blur`, `sauvola`.
    public let rawValue: String
    /// The Core Image filter an iOS app would use, or what stands in for one.
    public let reproduces: String
    /// One line for help: what the filter does at the default 25%.
    public let summary: String
    /// The filter's own parameter: its names and the mapping from intensity.
    public let parameterScale: ParameterScale
    /// Whether this is one of the brief's segments (blur and binarize).
    public let isBriefSegment: Bool
    /// The strengths a sweep takes when none are given; `textHeight` is the median height of
    /// the original's words, when known.
    private let defaultSweep: @Sendable (_ textHeight: Double?) -> [Double]
    /// Roughly what filtering costs per pixel on this class of machine, measured with
    /// `filterbench`: what speculation weighs before it prepares a rendering.
    public let nanosecondsPerPixel: Double
    /// The filter applied with its parameter's value.
    private let filter: @Sendable (_ value: Double, _ image: RGBImage, _ context: FilterContext) -> RGBImage
    /// For a filter that turns or crops the page: how it moves the page it is given (nil where
    /// it leaves it in place), so that a searchable PDF can show the page as it was recognised.
    private let moves: (@Sendable (_ value: Double, _ image: RGBImage, _ context: FilterContext) -> PagePlacement?)?
    /// For a filter that redraws the page's geometry (straightens, flattens or dewarps it):
    /// the filter applied to a rendering, and the same redrawing, found on the rendering,
    /// applied to `page`, an image of its size. A document shows the page so redrawn, so that
    /// the text read from the rendering lies over the same ink.
    private let redraws: (@Sendable (_ value: Double, _ image: RGBImage, _ page: RGBImage, _ context: FilterContext)
        -> (image: RGBImage, page: RGBImage))?

    public init(_ word: String, reproduces: String, summary: String, parameter: ParameterScale,
                isBriefSegment: Bool = false, nanosecondsPerPixel: Double,
                defaultSweep: @escaping @Sendable (_ textHeight: Double?) -> [Double],
                moves: (@Sendable (_ value: Double, _ image: RGBImage, _ context: FilterContext) -> PagePlacement?)? = nil,
                redraws: (@Sendable (_ value: Double, _ image: RGBImage, _ page: RGBImage, _ context: FilterContext)
                    -> (image: RGBImage, page: RGBImage))? = nil,
                apply: @escaping @Sendable (_ value: Double, _ image: RGBImage, _ context: FilterContext) -> RGBImage) {
        rawValue = word
        self.reproduces = reproduces
        self.summary = summary
        parameterScale = parameter
        self.isBriefSegment = isBriefSegment
        self.nanosecondsPerPixel = nanosecondsPerPixel
        self.defaultSweep = defaultSweep
        filter = apply
        self.moves = moves
        self.redraws = redraws
    }

    /// The filter that `word` names (lower case), if any.
    public init?(rawValue word: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == word }) else { return nil }
        self = kind
    }

    public var description: String { rawValue }

    /// The parameter this filter takes at `intensity`.
    public func parameter(at intensity: Double) -> Parameter {
        Parameter(name: parameterScale.name, symbol: parameterScale.symbol, value: parameterScale.value(intensity))
    }

    /// The parameter's axis title on a chart: `σ (pixels)`, `threshold (working space)`.
    public var parameterTitle: String { parameterScale.title }

    /// The strengths a sweep of this filter takes when none are given.
    public func defaultStrengths(textHeight: Double?) -> [Double] { defaultSweep(textHeight) }

    /// This filter at `intensity` applied to `image`.
    public func apply(at intensity: Double, to image: RGBImage, in context: FilterContext) -> RGBImage {
        filter(parameter(at: intensity).value, image, context)
    }

    /// Whether this filter turns or crops the page.
    public var movesPage: Bool { moves != nil }

    /// How this filter at `intensity` moves `image`'s page; nil where it leaves it in place.
    public func move(at intensity: Double, on image: RGBImage, in context: FilterContext) -> PagePlacement? {
        moves?(parameter(at: intensity).value, image, context)
    }

    /// Whether this filter straightens, flattens or dewarps the page: no turn or crop of the
    /// page shows it as the filter drew it.
    public var redrawsPage: Bool { redraws != nil }

    /// This filter at `intensity` applied to `image`, and its redrawing of the page (found on
    /// `image`) applied to `page`, which has `image`'s size; nil for a filter that does not
    /// redraw the page.
    public func redraw(at intensity: Double, _ image: RGBImage, page: RGBImage,
                       in context: FilterContext) -> (image: RGBImage, page: RGBImage)? {
        redraws?(parameter(at: intensity).value, image, page, context)
    }

    /// `count` strengths evenly from `from` to `to`, ends included.
    public static func evenly(from: Double, to: Double, steps count: Int) -> [Double] {
        guard count > 1 else { return [from] }
        return (0..<count).map { from + (to - from) * Double($0) / Double(count - 1) }
    }

    // Identity is the word: two entries with one word would be one filter.
    public static func == (a: FilterKind, b: FilterKind) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

}

extension FilterKind {
    /// How a filter's own parameter is named and follows the intensity.
    public struct ParameterScale: Sendable {
        /// `sigma`, `threshold`, `radius`, ...: a name for JSON and CSV columns.
        public let name: String
        /// `σ`, `>`, `r`, `×`: how a chart's axis and a label write it.
        public let symbol: String
        /// The axis title on a chart: `σ (pixels)`.
        public let title: String
        /// The parameter's value at an intensity (0.25 is 25%).
        public let value: @Sendable (_ intensity: Double) -> Double

        public init(name: String, symbol: String, title: String, value: @escaping @Sendable (_ intensity: Double) -> Double) {
            self.name = name
            self.symbol = symbol
            self.title = title
            self.value = value
        }
    }

    /// The filter's own parameter at an intensity: what it is called and its value.
    public struct Parameter: Sendable, Equatable {
        public let name: String
        public let symbol: String
        public let value: Double
    }
}
