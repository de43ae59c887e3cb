/// The page a document shows under the text read from a rendering: the page as loaded, moved
/// as the filters moved the rendering (turned, cropped, straightened, flattened, dewarped,
/// resized) and otherwise unfiltered. The text's boxes are the rendering's pixels, so every
/// format (a PDF's text layer, hOCR, ALTO, TSV, the JSON words) lies over the same ink on it.
///
/// The page is shown righted rather than as photographed because that is what the righting
/// filters are for, and what a searchable PDF of a righted page shows elsewhere (a scanning
/// app's flattened sheet, OCRmyPDF's `--deskew` and `--rotate-pages`); a word's box mapped
/// back through a perspective or a dewarp would be a slanted or curved shape, which a
/// rectangle of text can only cover roughly.
public struct ShownPage: Sendable {
    /// Where the page shown lies on the page loaded: the crop and turn a PDF's page takes to
    /// show it, unless the filters redrew it.
    public let geometry: PageGeometry
    /// The page shown: the rendering's size, unless a resize (scale) after the last filter that
    /// moves the page is still to come.
    public let image: RGBImage

    /// The page `operations` show when applied to `image`, rendering the chain as far as its
    /// last filter that moves the page (none for most chains, which cost nothing here).
    public static func of(_ operations: [FilterOperation], on image: RGBImage, in context: FilterContext) -> ShownPage {
        let walked = walk(operations, on: image, page: image, in: context)
        return ShownPage(geometry: walked.geometry, image: walked.page ?? image)
    }

    /// The rendering walked as far as the chain's last move, with `page` (when given) moved
    /// alongside it: each move is found on the rendering, which the filters before it drew,
    /// and made on the unfiltered page of the same size.
    static func walk(_ operations: [FilterOperation], on image: RGBImage, page: RGBImage?,
                     in context: FilterContext) -> (geometry: PageGeometry, page: RGBImage?) {
        var geometry = PageGeometry()
        guard let last = operations.lastIndex(where: { $0.kind.placement == .moved }) else {
            return (geometry, page)
        }
        var (current, page) = (image, page)
        for operation in operations[...last] {
            if let move = operation.kind.move(at: operation.intensity, on: current, in: context) {
                geometry.apply(move, width: current.width, height: current.height)
                page = page.map { move.apply(to: $0) }
            }
            if operation.kind.redrawsPage {
                var drawn: (image: RGBImage, page: RGBImage?) = (current, page)
                if let shown = page, let redrawn = operation.kind.redraw(at: operation.intensity, current, page: shown, in: context) {
                    drawn = (redrawn.image, redrawn.page)
                } else {
                    drawn.image = operation.apply(to: current, in: context)
                }
                // A page the filter leaves as it is (no skew, no sheet, no curl) is not redrawn.
                if drawn.image != current { geometry.isRedrawn = true }
                (current, page) = drawn
                continue
            }
            let next = operation.apply(to: current, in: context)
            // A filter that only resizes the rendering (scale) resizes the page with it.
            if let shown = page, next.width != current.width || next.height != current.height, !operation.kind.movesPage {
                page = operation.apply(to: shown, in: context)
            }
            current = next
        }
        return (geometry, page)
    }
}

extension PagePlacement {
    /// `image` turned or cropped so.
    func apply(to image: RGBImage) -> RGBImage {
        switch self {
        case .turn(let clockwise): QuarterTurn(clockwise: clockwise).apply(to: image)
        case let .crop(columns, rows): image.crop(columns: columns, rows: rows)
        }
    }
}
