import Imaging

/// At what scale the engine reads a page, chosen from the page's letters (`LetterSize`): a
/// recognition setting, like the resolution. The page is resampled for Tesseract alone; what
/// a recognition reports (word boxes, hOCR, ALTO, TSV, the searchable PDF) stays in the
/// rendered page's own pixels.
///
/// Tesseract's line recogniser brings every text line to one height of a few dozen pixels,
/// so letters far taller than that carry nothing it uses, while finding the lines and
/// thresholding cost time with every pixel. Where shrinking is safe is measured, not argued:
/// on the development corpus it read as well only on some large pages of large letters (the
/// 12 MP photo of images/, a camera's page of typescript); on scans of 2-8 MP with the same
/// letter heights it read worse on some pages (a Fraktur print, a receipt's grey type,
/// historical grey scans), on 1-bit scans resampling makes grey edges that Tesseract
/// thresholds again, and on the 12 MP phone photos of the corpus's test split `auto` read two
/// of four pages worse. So no page is resampled unless asked (`off` is the default). Enlarging
/// small text helped one small-text page and hurt two; `--auto` still tries an enlarged page
/// and keeps it when it reads better.
public enum TextSizing: String, Sendable, CaseIterable, Codable {
    /// Large letters on large pages read at the smaller scale that holds them.
    case auto
    /// Every page's letters brought to the height Tesseract reads best: large ones shrunk,
    /// tiny ones enlarged.
    case fit
    /// Every page read as rendered (the default).
    case off

    /// Changes whenever the rule below does: the result store's keys include it, so that a
    /// page read under an earlier rule is read again.
    static let ruleVersion = 1

    /// The letter height (about the x-height) pages are brought to.
    static let targetHeight = 11.0
    /// A stroke thinner than this after shrinking breaks up when Tesseract thresholds it.
    static let thinnestStroke = 2.0
    /// Shrinking stops at this scale, whatever the letters.
    static let smallestScale = 0.5
    /// Enlarging (`fit`) stops at this scale.
    static let largestScale = 2.0
    /// A change of scale smaller than this is not worth resampling the page.
    static let leastChange = 0.2
    /// `auto` shrinks only pages of at least this many pixels: on smaller ones Tesseract's work
    /// per page is small, and shrinking moved its reading more often than it saved time.
    static let autoLeastPixels = 10_000_000
    /// Fewer letter-like components than this and the page is not text enough to judge.
    static let leastLetters = 100
    /// `fit` enlarges pages whose letters are lower than this.
    static let enlargeBelow = 9

    /// The scale to read `image` at: 1 to read it as it is. `bilevel` pages (black and white
    /// only) are never shrunk.
    public func scale(for image: RGBImage, in space: WorkingSpace) -> Double {
        // `auto` only shrinks, and leaves a smaller page or a black-and-white one alone
        // whatever its letters: no need to measure them (80 ms on a 14 MP scan).
        guard self == .fit || (self == .auto && image.pixelCount >= Self.autoLeastPixels) else { return 1 }
        let bilevel = image.isBilevel
        guard self == .fit || !bilevel, let letters = LetterSize.measure(image, in: space) else { return 1 }
        return scale(for: letters, pixels: image.pixelCount, bilevel: bilevel)
    }

    /// The scale for a page of `pixels` whose letters are `letters`.
    public func scale(for letters: LetterSize, pixels: Int, bilevel: Bool) -> Double {
        guard self != .off, letters.letters >= Self.leastLetters, letters.height > 0 else { return 1 }
        var scale = Self.targetHeight / Double(letters.height)
        if scale < 1 {
            guard !bilevel, !auto || pixels >= Self.autoLeastPixels else { return 1 }
            scale = max(scale, Self.thinnestStroke / Double(max(1, letters.stroke)), Self.smallestScale)
        } else {
            guard self == .fit, letters.height < Self.enlargeBelow else { return 1 }
            scale = min(scale, Self.largestScale)
        }
        return abs(1 - scale) < Self.leastChange ? 1 : scale
    }

    /// Whether a page of `pixels` whose half (decoded at half size) has letters `halfLetters`
    /// is read as that half: where `auto` shrinks the page (to its smallest scale, or nearly) and
    /// the half's letters are ones this rule would read as they are (`fit` enlarges none of at
    /// least `enlargeBelow`), with strokes that hold. It can read a page at a little less than
    /// `scale(for:)` would (letters of 10 pixels rather than 11), never below 9.
    func readsHalf(_ halfLetters: LetterSize, pixels: Int) -> Bool {
        self == .auto && pixels >= Self.autoLeastPixels && halfLetters.letters >= Self.leastLetters
            && halfLetters.height >= Self.enlargeBelow && halfLetters.stroke >= Int(Self.thinnestStroke)
    }

    private var auto: Bool { self == .auto }
}
