import Core
import Imaging

/// What the automatic choice settles about a page before it searches: whether its text is
/// light on dark, whether a scanner's dark bands frame it, and which way up it is. These are
/// facts about the page, not tastes, so they are decided once, cheaply, and the search over
/// chains runs on the righted page.
///
/// A page whose text lines are tilted by a degree or more (`leastTilt`) is straightened after
/// it is turned: a crooked page on a scanner's glass is as much a fact as a sideways one.
///
/// Inversion and borders are each kept only where their filter changes the page (`lighttext`
/// and `borders` leave a page without light text or dark edges exactly as it is), so a clean
/// page gets no righting at all. The turn comes from the orientation detector (Tesseract's OSD)
/// on the page so far, after inversion and borders, which would mislead it; whatever its
/// confidence, a turn is only a suggestion: the righted page is a candidate beside the
/// original, and the reading decides (OSD names the right turn on most small pages with a
/// confidence under OCRmyPDF's threshold, and sometimes a wrong one with a high one).
public enum PageRighting {
    /// A righted rendering: the chain that makes it and its image.
    public struct Base: Sendable {
        public var filters: FilterState
        public var image: RGBImage
        /// Whether OSD named this base's turn with `sureTurnConfidence` or more.
        public var isSureTurn = false
    }

    /// The confidence from which OSD's turn is taken even when the turned page reads only as
    /// well as the page as given (OCRmyPDF's `--rotate-pages-threshold` by default): a sideways
    /// page whose two readings score alike is still sideways.
    public static let sureTurnConfidence = 14.0

    /// The filters that right a page, in the order they are tried, each kept only where it
    /// changes the page: light text made dark, a scanner's dark bands cut off (exactly, where
    /// they are straight), the sheet cut out of a darker ground that remains and its
    /// perspective undone, its curled lines straightened (only once the sheet is flat, so
    /// that the lines' model sees the page and not the table).
    static let rightingFilters: [FilterKind] = [.lighttext, .borders, .sheet, .dewarp]

    /// The least confidence at which a suggested turn is worth a recognition: OSD says about 0
    /// when it has no idea.
    public static let leastTurnConfidence = 1.0

    /// The righted renderings to recognise beside the original, most righted first: the page
    /// fixed and turned, then fixed alone (in case the turn is wrong); none for a page that
    /// needs nothing. Each link is rendered by `renderer` from the page so far, uncached: the
    /// search keeps the bases, and renders the candidates that start from one from its image.
    public static func bases(of image: RGBImage, using renderer: Renderer, detector: OrientationDetector?) -> [Base] {
        var fixed = Base(filters: FilterState(), image: image)
        for kind in rightingFilters {
            let link = FilterOperation(kind)
            let changed = renderer.render([link], from: fixed.image)
            guard changed != fixed.image else { continue }
            fixed = Base(filters: fixed.filters.then(link), image: changed)
        }
        var bases: [Base] = []
        if let estimate = orientation(of: fixed.image, using: renderer, detector: detector), estimate.clockwiseTurns != 0 {
            let turn = FilterOperation(.rotate, intensity: QuarterTurn(clockwise: estimate.clockwiseTurns).intensity)
            let turned = Base(filters: fixed.filters.then(turn), image: renderer.render([turn], from: fixed.image))
            var base = straightened(turned, in: renderer.space)
            base.isSureTurn = estimate.confidence >= sureTurnConfidence
            bases.append(base)
        }
        let straight = straightened(fixed, in: renderer.space)
        if straight.filters != FilterState() { bases.append(straight) }
        return bases
    }

    /// OSD's estimate for `image`, or, when it has none it is sure enough of, its estimate for
    /// the page with its light evened out (`background`): a shadow or a lamp's gradient leaves
    /// OSD too few clear characters (two of ten turned pages in uneven light), while on a page
    /// it already reads the first estimate stands.
    static func orientation(of image: RGBImage, using renderer: Renderer,
                            detector: OrientationDetector?) -> OrientationEstimate? {
        guard let detector else { return nil }
        if let estimate = detector(image), estimate.confidence >= leastTurnConfidence { return estimate }
        let evened = renderer.render([FilterOperation(.background)], from: image)
        guard evened != image, let estimate = detector(evened), estimate.confidence >= leastTurnConfidence else { return nil }
        return estimate
    }

    /// The least tilt worth straightening, in degrees: Tesseract reads lines tilted less
    /// than this as well as straight ones, and turning resamples the page.
    public static let leastTilt = 1.0

    /// `base` followed by `deskew` when its lines are tilted by `leastTilt` or more (within
    /// the filter's search at its default strength). The page is turned by the angle measured
    /// here, as the `deskew` filter would turn it, rather than rendered by the filter, which
    /// would measure it again.
    static func straightened(_ base: Base, in space: WorkingSpace) -> Base {
        let link = FilterOperation(.deskew)
        let angle = Deskew.detectAngle(in: base.image, maximumAngle: link.parameter.value)
        guard abs(angle) >= leastTilt else { return base }
        return Base(filters: base.filters.then(link), image: Deskew.straighten(base.image, skew: angle, in: space))
    }
}
