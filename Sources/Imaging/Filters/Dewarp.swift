internal import CTesseract

/// Straightens the curled text lines of a page photographed open in a book: Leptonica's
/// single-page dewarping (`dewarpSinglePageInit`, `dewarpBuildPageModel`,
/// `dewarpaApplyDisparity`), in colour.
///
/// The page's luminance is thresholded adaptively, its text lines are found and each is fitted with a
/// quadratic; from them Leptonica builds the vertical disparity (how far each point must move
/// up or down for the lines to run straight) and, where the page's edges allow, the
/// horizontal one, and moves the pixels by them. It needs about fifteen long text lines.
///
/// The model building is the detector: the page is returned as it is when the model does
/// not build (too few lines, a photo, a table), when Leptonica finds it invalid, or when its
/// lines (the median of their curvatures) sag less than `leastSag` pixels across the page's
/// width (a flat page gains nothing, and Leptonica would still resample it). A page shorter
/// than fifteen lines can be, or more than four times wider than tall, is never modelled: on
/// such a shape the model's work grows with the cube of the width.
public struct Dewarp: Sendable {
    /// The least sag, in pixels across the page's width, of the text lines (their median
    /// curvature) worth straightening; `never` or more leaves every page as it is.
    public let leastSag: Double

    /// A sag no page reaches: the parameter at 0%.
    public static let never = 1_000_000.0

    public init(leastSag: Double) {
        precondition(!leastSag.isNaN, "the sag must be a number")
        self.leastSag = leastSag
    }

    /// Pages of more pixels are modelled at half size in each direction (Leptonica's
    /// reduction factor 2, made for this): a quarter of the work, and the disparity is
    /// doubled back to the page's pixels.
    static let halvedAbove = 4_000_000

    /// The widest page modelled, as a multiple of its height. Leptonica's search for text
    /// lines closes the page with bricks a thirtieth of its width, over a border as wide, so its
    /// work grows with the cube of the width on a page not much taller than that (a blank
    /// 100000 × 1 page ran for minutes); within this shape it grows with the pixels times the
    /// width, which `--max-pixels` bounds. No page of text lines is this wide: a book's spread
    /// is about 1.5 times as wide as tall.
    static let widestAspect = 4
    /// The shortest side modelled: Leptonica needs fifteen text lines, and fifteen lines of
    /// the smallest text it finds (8 pixels a line) are this tall.
    static let shortestSide = 120

    /// Whether a page of this size is modelled at all (`apply` returns any other as it is,
    /// before Leptonica sees it).
    public static func models(width: Int, height: Int) -> Bool {
        min(width, height) >= shortestSide && width <= widestAspect * height
    }

    /// The straightened page, or the image itself.
    public func apply(to image: RGBImage) -> RGBImage {
        straighten(image, alongside: nil).image
    }

    /// The straightened page, and `page` (an image of `image`'s size) moved by the same
    /// disparity, modelled on `image`; both as they are when `apply` leaves the image as it is.
    public func apply(to image: RGBImage, alongside page: RGBImage) -> (image: RGBImage, page: RGBImage) {
        let straightened = straighten(image, alongside: page)
        return (straightened.image, straightened.page ?? page)
    }

    private func straighten(_ image: RGBImage, alongside page: RGBImage?) -> (image: RGBImage, page: RGBImage?) {
        let unchanged = (image, page)
        guard leastSag < Self.never, Self.models(width: image.width, height: image.height), let colour = LeptonicaPix(image),
              let grey = LeptonicaPix(taking: pixConvertRGBToLuminance(colour.pix)) else { return unchanged }
        let reduction: Int32 = image.pixelCount > Self.halvedAbove ? 2 : 1
        guard let modelled = reduction == 2 ? LeptonicaPix(taking: pixScaleAreaMap2(grey.pix)) : grey,
              let binary = LeptonicaPix(taking: pixAdaptThresholdToBinary(modelled.pix, nil, 1.0)) else { return unchanged }
        // Leptonica's defaults (30 px sampling, 15 lines at least), one page, no reference pages.
        var pages = dewarpaCreate(1, 0, reduction, 0, -1)
        defer { dewarpaDestroy(&pages) }
        guard let pages, let model = dewarpCreate(binary.pix, 0) else { return unchanged }
        // Vertical and horizontal disparity, the horizontal skipped for a page in columns.
        dewarpaUseBothArrays(pages, 1)
        dewarpaSetCheckColumns(pages, 1)
        dewarpaInsertDewarp(pages, model)
        var vertical: Int32 = 0, horizontal: Int32 = 0
        guard dewarpBuildPageModel(model, nil) == 0, dewarpaModelStatus(pages, 0, &vertical, &horizontal) == 0,
              vertical != 0 else { return unchanged }
        guard Self.sag(curvature: Self.typicalCurvature(of: model), width: binary.width) * Double(reduction) >= leastSag else {
            return unchanged
        }
        func applied(to pix: LeptonicaPix) -> RGBImage? {
            var result: UnsafeMutablePointer<PIX>?
            guard dewarpaApplyDisparity(pages, 0, pix.pix, 255, 0, 0, &result, nil) == 0 else { return nil }
            return LeptonicaPix(taking: result)?.rgbImage()
        }
        guard let straightened = applied(to: colour) else { return unchanged }
        guard let page else { return (straightened, nil) }
        guard let shown = LeptonicaPix(page).flatMap(applied) else { return unchanged }
        return (straightened, shown)
    }

    /// The median of the text lines' curvatures, without their signs, in Leptonica's
    /// micro-units: the lines of a curled page bend alike, while on a flat page the fits of
    /// a few short or ragged lines bend either way (the most curved line of a flat 300 dpi page
    /// can sag 8 px; the median sags 2).
    static func typicalCurvature(of page: UnsafeMutablePointer<L_DEWARP>) -> Double {
        guard let curves = page.pointee.nacurves, numaGetCount(curves) > 0 else {
            return Double(max(abs(page.pointee.mincurv), abs(page.pointee.maxcurv)))
        }
        let values = (0..<numaGetCount(curves)).map { index -> Double in
            var value: Float = 0
            numaGetFValue(curves, index, &value)
            return abs(Double(value)) * 1_000_000
        }.sorted()
        return values[values.count / 2]
    }

    /// How far a line of `curvature` (Leptonica's micro-units: a million times the quadratic
    /// coefficient, in pixels) bends between the middle and the edges of a page `width` wide.
    static func sag(curvature: Double, width: Int) -> Double {
        curvature / 1_000_000 * Double(width) * Double(width) / 4
    }
}

extension FilterKind {
    /// The least sag falls as the intensity rises: 8 px at 25%, 2 px at 100%; 0% never acts.
    public static let dewarp = FilterKind(
        "dewarp", reproduces: "Leptonica's dewarpSinglePage",
        summary: "straighten curled text lines when they sag 2 / intensity px across the page: 8 px at 25%",
        parameter: .init(name: "sag", symbol: "sag ≥ ", title: "least sag of a text line (pixels)") {
            $0 <= 0 ? Dewarp.never : 2 / $0
        },
        nanosecondsPerPixel: 60,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 3) },
        redraws: { value, image, page, _ in Dewarp(leastSag: value).apply(to: image, alongside: page) },
        apply: { value, image, _ in Dewarp(leastSag: value).apply(to: image) })
}
