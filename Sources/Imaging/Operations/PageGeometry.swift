/// How a filter moves the page without changing its pixels: what a searchable PDF needs to lay
/// the text of a righted rendering over the page it came from.
public enum PagePlacement: Sendable, Equatable {
    /// The page turned clockwise by quarter turns.
    case turn(clockwise: Int)
    /// The part of the page kept, in its pixels.
    case crop(columns: Range<Int>, rows: Range<Int>)
}

/// Where a rendering lies on the page it was rendered from: the part of that page it shows (as
/// fractions of its width and height, from its top left) and the quarter turns clockwise that
/// part was turned by, or that the filters redrew it (straightened, flattened, dewarped),
/// which no crop and turn of the page shows. Filters that resample (scale) keep it.
public struct PageGeometry: Sendable, Equatable {
    public var left = 0.0, top = 0.0, right = 1.0, bottom = 1.0
    /// Quarter turns clockwise, 0...3, applied after the crop.
    public var turns = 0
    /// Whether a filter straightened, flattened or dewarped the page: a PDF's page, which can
    /// only be cropped and turned as it is, is then shown as drawn.
    public var isRedrawn = false

    public init() {}

    public var isIdentity: Bool { self == PageGeometry() }

    /// The geometry of `operations` applied to `image`, rendering the chain as far as its last
    /// filter that moves the page (none for most chains, which cost nothing here).
    public static func of(_ operations: [FilterOperation], on image: RGBImage, in context: FilterContext) -> PageGeometry {
        ShownPage.walk(operations, on: image, page: nil, in: context).geometry
    }

    /// `image` cropped and turned as `self` says, its pixels unfiltered: the page as it was
    /// recognised, for a document to show under the text.
    public func apply(to image: RGBImage) -> RGBImage {
        let columns = Int((left * Double(image.width)).rounded())..<Int((right * Double(image.width)).rounded())
        let rows = Int((top * Double(image.height)).rounded())..<Int((bottom * Double(image.height)).rounded())
        let kept = columns.count == image.width && rows.count == image.height || columns.isEmpty || rows.isEmpty
            ? image : image.crop(columns: columns, rows: rows)
        return QuarterTurn(clockwise: turns).apply(to: kept)
    }

    /// `self` followed by `move` on a rendering of `width` × `height`.
    mutating func apply(_ move: PagePlacement, width: Int, height: Int) {
        switch move {
        case .turn(let clockwise):
            turns = ((turns + clockwise) % 4 + 4) % 4
        case let .crop(columns, rows):
            // The crop as fractions of the turned rendering, then of the part before the turn.
            let (u0, u1) = (Double(columns.lowerBound) / Double(width), Double(columns.upperBound) / Double(width))
            let (v0, v1) = (Double(rows.lowerBound) / Double(height), Double(rows.upperBound) / Double(height))
            let (x0, x1, y0, y1): (Double, Double, Double, Double) = switch turns {
            case 1: (v0, v1, 1 - u1, 1 - u0)
            case 2: (1 - u1, 1 - u0, 1 - v1, 1 - v0)
            case 3: (1 - v1, 1 - v0, u0, u1)
            default: (u0, u1, v0, v1)
            }
            let (width, height) = (right - left, bottom - top)
            (left, right) = (left + x0 * width, left + x1 * width)
            (top, bottom) = (top + y0 * height, top + y1 * height)
        }
    }
}
