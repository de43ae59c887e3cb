import Core
import Imaging
import Recognition

/// The chains the automatic choice tries, most promising first, built from the filter table's
/// values (`FilterState.chain`), so that every one named here is tried.
///
/// Each answers a common way a page is hard to read: photocopy specks (despeckle), uneven
/// light and low contrast (an adaptive threshold, the background flattened, more contrast),
/// sensor noise (a median, a slight blur), faded print (the levels stretched),
/// text too small for Tesseract (Lanczos enlarging), thin or faded print (a minimum that
/// thickens dark strokes), a skewed page. After the single filters, the best of them is
/// extended by the filters that combine well with it.
public enum AutoCandidates {
    /// Tesseract reads best with capital letters about 20-30 px tall; below this median word
    /// height, enlarging is worth its cost.
    static let smallTextHeight = 22
    /// The same measured on the ink when nothing was read: letter-like components (about the
    /// x-height, half a word's box) lower than this.
    static let smallLetterHeight = 11
    /// Enlarging is not tried on images that would grow beyond this many pixels.
    static let enlargedPixelLimit = 16_000_000

    /// The first round, in the order tried. A filter that finds nothing to do (no specks to
    /// remove) leaves the page as it is and costs no recognition.
    public static func firstRound(for original: RGBImage, reading recognized: RecognizedText?) -> [FilterState] {
        firstRound(for: original, enlarging: needsEnlarging(original, recognized))
    }

    /// The candidates tried before the first round, beside it, each only where a detector
    /// finds what it mends, so that a page without it costs no recognition: the engine's own
    /// settings where the page's layout suggests them (`LayoutHints`), then the renderings that
    /// leave a page without their defect as it is (`detectedFirst`).
    public static func whereDetected(for original: RGBImage, reading recognized: RecognizedText?) -> [FilterState] {
        let engine = recognized.map { LayoutHints(image: original, reading: $0).engineCandidates } ?? []
        return engine.map { FilterState(engine: $0) } + detectedFirstStates
    }

    /// The first round for a page whose text is (`enlarging`) or is not small enough to enlarge.
    package static func firstRound(for original: RGBImage, enlarging: Bool) -> [FilterState] {
        var chains = usualChains
        if enlarging {
            chains.insert(.chain(FilterOperation(.scale)), at: 0)
            chains.insert(.chain(FilterOperation(.scale), FilterOperation(.median)), at: 2)
        }
        if looksFaded(original) { chains.insert(.chain(FilterOperation(.levels)), at: 0) }
        return chains
    }

    /// The first round's chains on every page, in the order tried.
    package static let usualChains: [FilterState] = [
        .chain(FilterOperation(.despeckle)),
        .chain(FilterOperation(.median)),
        .chain(FilterOperation(.greyscale), FilterOperation(.sauvola)),
        .chain(FilterOperation(.background)),
        .chain(FilterOperation(.blur, intensity: 0.01)),
        .chain(FilterOperation(.contrast)),
        .chain(FilterOperation(.sharpen)),
        .chain(FilterOperation(.median), FilterOperation(.erode)),
        .chain(FilterOperation(.deskew)),
        .chain(FilterOperation(.otsu)),
        .chain(FilterOperation(.erode)),
        .chain(FilterOperation(.median), FilterOperation(.sauvola)),
        .chain(FilterOperation(.dilate)),
    ]

    /// The renderings tried before the first round: each changes the page only where its
    /// detector finds what it mends (`flatten`: paper whose light varies across the page;
    /// `unmark`: coloured marks; `specks`: blobs far smaller than the text's strokes), and a
    /// page left as it is is not read again.
    package static let detectedFirst: [FilterKind] = [.flatten, .unmark, .specks]
    package static var detectedFirstStates: [FilterState] { detectedFirst.map { .chain(FilterOperation($0)) } }

    /// Filters whose default strength often falls short (heavy noise wants a 5×5 median, dense
    /// specks a larger area): the second round tries them at twice it first.
    static let strengthened: Set<FilterKind> = [.median, .despeckle, .background, .levels]

    /// The second round: `best` at twice its last filter's strength where that often helps,
    /// then `best` followed by filters that often help after it.
    public static func extensions(of best: FilterState) -> [FilterState] {
        guard best.segment != .original || !best.engine.isDefault else { return [] }
        var chains: [FilterState] = []
        if let last = best.operations.last, strengthened.contains(last.kind),
           last.intensity == FilterOperation.defaultIntensity {
            chains.append(best.withLastFilter(at: last.intensity * 2))
        }
        let followers: [FilterKind] = switch best.segment.filter {
        case .sauvola, .otsu, .binarize: [.median, .erode]
        case .scale: [.median, .erode, .otsu, .sauvola]
        case .median: [.erode, .otsu, .sauvola]
        default: [.sauvola, .median, .otsu, .erode]
        }
        chains += followers.map { best.then(FilterOperation($0)) }
        return chains.filter { $0 != best }
    }

    /// Ink and paper closer than this many levels: a faded page, worth stretching first.
    static let fadedSpan = 140

    /// Whether the page's ink and paper lie close together (faded print, a light photocopy,
    /// grey paper): Tesseract's global threshold may then drop the text altogether.
    static func looksFaded(_ image: RGBImage) -> Bool {
        let levels = LevelStretch(inkShare: 0.005).levels(of: image)
        return levels.paper - levels.ink < fadedSpan
    }

    /// Whether the text looks small enough to enlarge; not known before the original is read.
    static func needsEnlarging(_ image: RGBImage, _ recognized: RecognizedText?) -> Bool {
        guard let recognized, image.pixelCount * 4 <= enlargedPixelLimit else { return false }
        let heights = recognized.words.filter { $0.confidence > 30 }.map(\.box.height).sorted()
        guard heights.isEmpty else { return heights[heights.count / 2] < smallTextHeight }
        // Nothing read to measure: the letters' ink tells. A page whose letters cannot be told
        // (specks outnumber them, or none) is not enlarged: Tesseract's layout analysis of an
        // enlarged speckled page took minutes, its specks four times as many pixels each.
        guard let letters = LetterSize.measure(image, in: .sRGB) else { return false }
        return letters.height < smallLetterHeight
    }
}
