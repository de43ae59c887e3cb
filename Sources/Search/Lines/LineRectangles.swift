import Imaging
import Recognition

/// Where a page's lines are read again on the page's own layout: each line's box with a margin
/// above and below (a share of its height, so that ascenders and descenders the layout's box
/// cut are inside) and at each end, kept within the page. Unlike a crop (`LineCrop`), a
/// rectangle cannot paint its neighbours' words over: the margin above and below stays small.
package enum LineRectangles {
    /// The margin above and below a line, as a share of its height.
    package static let verticalMargin = 0.2
    /// The margin at each end, as a share of its height: a crop's.
    package static let horizontalMargin = LineCrop.horizontalMargin

    /// The rectangle of each of `lines` on a page of `width` × `height`.
    package static func of(_ lines: [TextLines.Line], width: Int, height: Int, verticalMargin: Double = LineRectangles.verticalMargin)
        -> [BoundingBox] {
        lines.map { line in
            let box = line.box
            let vertical = Int((Double(box.height) * verticalMargin).rounded(.up))
            let horizontal = Int((Double(box.height) * horizontalMargin).rounded(.up))
            let left = max(0, box.x - horizontal), top = max(0, box.y - vertical)
            let right = min(width, box.x + box.width + horizontal), bottom = min(height, box.y + box.height + vertical)
            return BoundingBox(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        }
    }
}
