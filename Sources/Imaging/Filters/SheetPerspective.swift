internal import CTesseract
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Finds the sheet of paper in a photo of it lying on a darker or cluttered ground (a phone
/// photo taken at an angle, a page askew on a dark scanner bed) and undoes the perspective:
/// the sheet's four corners are mapped to an upright rectangle with Leptonica's
/// `pixProjectivePtaColor`, so the result is the sheet alone, as if scanned.
///
/// The sheet is found on a copy about 500 pixels on its long side: the pixels above Otsu's
/// level of its luminance are paper, the largest 4-connected region of them is the sheet,
/// and the holes its text leaves are filled. Its corners are the region's extremes of x + y
/// and x − y; each side is then found again, to a fraction of a pixel, where the luminance
/// crosses halfway between the paper and the ground along the side's normal, a line is
/// fitted to each side and the corners are where the lines meet. The rectangle is as wide as
/// the mean of the top and bottom sides and as tall as the mean of the left and right ones.
///
/// It acts only on a page that is such a photo: the sheet covers 20-95% of the image, its
/// paper is at least `leastContrast` levels brighter than the ground around it, at least two
/// of its sides have the ground beyond them (not the image's edge), its corners make a convex
/// quadrilateral and it fills 90% of that quadrilateral or more (a sheet, not a blob), and no
/// side runs through the paper across print (the crop would cut letters off).
/// Otherwise the image is returned as it is, which costs one pass over a sample of it.
public struct SheetPerspective: Sendable {
    /// The long side of the copy the sheet is found on.
    static let longSide = 500
    /// The share of the image the sheet covers.
    static let coverage = 0.2...0.95
    /// The least share of the sheet's region in its quadrilateral.
    static let leastFill = 0.9

    /// The least difference between the paper's and the ground's median levels; 256 or more
    /// leaves every image as it is.
    public let leastContrast: Double

    public init(leastContrast: Double) {
        precondition(!leastContrast.isNaN, "the contrast must be a number")
        self.leastContrast = leastContrast
    }

    /// The sheet, upright and cropped, or the image itself.
    public func apply(to image: RGBImage) -> RGBImage {
        guard let corners = corners(of: image), let sheet = Self.warp(image, corners: corners) else { return image }
        return sheet
    }

    /// The sheet, upright and cropped, and `page` (an image of `image`'s size) warped by the
    /// same corners, found on `image`; both as they are when `apply` leaves the image as it is.
    public func apply(to image: RGBImage, alongside page: RGBImage) -> (image: RGBImage, page: RGBImage) {
        guard let corners = corners(of: image), let sheet = Self.warp(image, corners: corners),
              let shown = Self.warp(page, corners: corners) else { return (image, page) }
        return (sheet, shown)
    }

    /// The sheet's corners in `image`'s pixels, top left, top right, bottom right, bottom left;
    /// nil when the image is not a photo of a sheet on a darker ground.
    public func corners(of image: RGBImage) -> [SIMD2<Double>]? {
        guard leastContrast < 256 else { return nil }
        let factor = max(1, (max(image.width, image.height) + Self.longSide - 1) / Self.longSide)
        guard image.width / factor >= 16, image.height / factor >= 16 else { return nil }
        let small = SmallLuminance(image, factor: factor)
        guard let found = small.sheet(leastContrast: leastContrast) else { return nil }
        return Self.clearingPrint(image, corners: found.map { ($0 + 0.5) * Double(factor) - 0.5 })
    }

    /// `corners` with each side that runs through print moved out, parallel to itself, until
    /// it no longer does: the region found may stop short of the sheet where light falls
    /// unevenly (a shadow across a photographed receipt), and a crop there would cut letters
    /// off. Nil when a side would have to move further than an eighth of the image.
    static func clearingPrint(_ image: RGBImage, corners found: [SIMD2<Double>]) -> [SIMD2<Double>]? {
        var corners = found
        let step = max(2.0, Double(min(image.width, image.height)) / 100)
        let farthest = Double(min(image.width, image.height)) / 8
        for side in 0..<4 {
            let (first, second) = (side, (side + 1) % 4)
            var moved = 0.0
            // Once a side cuts print, it moves on while marks lie beyond it, and two steps more:
            // the lines it crossed may end short of it when it is not parallel to them.
            guard cutsPrint(image, from: corners[first], to: corners[second]) else { continue }
            var clearSteps = 0
            while clearSteps < 2 {
                clearSteps = cutsPrint(image, from: corners[first], to: corners[second], moving: true) ? 0 : clearSteps + 1
                guard moved < farthest else { return nil }
                let along = corners[second] - corners[first]
                let outward = SIMD2(along.y, -along.x) / length(along)
                corners[first] += outward * step
                corners[second] += outward * step
                moved += step
            }
        }
        return corners
    }

    /// Whether the side from `a` to `b` (clockwise: beyond it to its left) is not an edge of
    /// the paper but runs through it, cutting print. Either the band beyond it, 2 to 14 pixels
    /// out, is as bright as within (the region found stopped short of the sheet's edge, at a
    /// stain) and has dark marks along more than a twentieth of the side; or it is darker (the
    /// ground, or paper in shadow) and marks lie on both sides of it, 2 to 14 pixels in and
    /// out, along more than a sixtieth of it: a line of print crossing it. A side on the
    /// ground, or on blank paper, cuts nothing.
    ///
    /// - Parameter moving: whether the side is being moved out; then any marks beyond it are
    ///   print it would cut, on both sides or not.
    static func cutsPrint(_ image: RGBImage, from a: SIMD2<Double>, to b: SIMD2<Double>, moving: Bool = false) -> Bool {
        let span = length(b - a)
        guard span > 32 else { return false }
        let direction = (b - a) / span, outward = SIMD2(direction.y, -direction.x)
        let offsets = stride(from: 2.0, through: 14.0, by: 2.0).map { $0 }
        let count = Int(span * 0.9)
        func level(_ point: SIMD2<Double>) -> Double? {
            let x = Int(point.x.rounded()), y = Int(point.y.rounded())
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
            let index = (y * image.width + x) * RGBImage.channels
            let samples = image.samples
            return (77 * Double(samples[index]) + 150 * Double(samples[index + 1]) + 29 * Double(samples[index + 2])) / 256
        }
        func along(_ step: Int) -> SIMD2<Double> { a + (b - a) * (0.02 + 0.96 * Double(step) / Double(count - 1)) }
        // Rows of the bands beyond and within the side, one per offset; nil outside the image.
        let beyond = offsets.map { offset in (0..<count).map { level(along($0) + outward * offset) } }
        let within = offsets.map { offset in (0..<count).map { level(along($0) - outward * offset) } }
        let outside = beyond.flatMap { $0.compactMap { $0 } }, inside = within.flatMap { $0.compactMap { $0 } }
        guard outside.count * 2 >= count * offsets.count, !inside.isEmpty else { return false }
        let brightBeyond = median(outside) > median(inside) - 40
        func marks(_ rows: [[Double?]]) -> [Bool] {
            let medians = rows.map { row in (0..<count).map { step in
                median(row[max(0, step - 15)..<min(count, step + 16)].compactMap { $0 })
            } }
            return (0..<count).map { step in
                rows.indices.contains { index in
                    // 30 levels under the paper around; on paper in shadow, under a third less.
                    rows[index][step].map { $0 < medians[index][step] - min(30, max(12, medians[index][step] * 0.3)) } ?? false
                }
            }
        }
        let outer = marks(beyond), inner = brightBeyond || moving ? [] : marks(within)
        let marked = (0..<count).filter { step in
            guard outer[step] else { return false }
            // A line crossing the side has marks within a letter's width on its other side.
            return brightBeyond || moving || inner[max(0, step - 8)..<min(count, step + 9)].contains(true)
        }.count
        // One line of print crossing is enough where the ground is darker: marks on both sides
        // at once are rare on a ground; on a bright band a stain may mark it here and there.
        return marked * (brightBeyond ? 20 : 60) > count
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// `image` with the quadrilateral `corners` mapped onto an upright rectangle.
    static func warp(_ image: RGBImage, corners: [SIMD2<Double>]) -> RGBImage? {
        func length(_ a: Int, _ b: Int) -> Double { ((corners[a] - corners[b]) * (corners[a] - corners[b])).sum().squareRoot() }
        let width = Int(((length(0, 1) + length(3, 2)) / 2).rounded()), height = Int(((length(0, 3) + length(1, 2)) / 2).rounded())
        guard width >= 16, height >= 16, let source = LeptonicaPix(image) else { return nil }
        // The warp keeps the size of the image it is given: room for the sheet where it is larger.
        let white: UInt32 = 0xFFFF_FF00
        guard let canvas = LeptonicaPix(taking: pixAddBorderGeneral(source.pix, 0, Int32(max(0, width - image.width)), 0,
                                                                    Int32(max(0, height - image.height)), white)),
              let from = ptaCreate(4), let to = ptaCreate(4) else { return nil }
        var (fromPoints, toPoints): (UnsafeMutablePointer<PTA>?, UnsafeMutablePointer<PTA>?) = (from, to)
        defer { ptaDestroy(&fromPoints); ptaDestroy(&toPoints) }
        // The corners lie on the sheet's edge, the outer edge of the page's outer pixels: a
        // pixel's centre is half a pixel inside, so no pixel of the page is half ground.
        let (right, bottom) = (Double(width) - 0.5, Double(height) - 0.5)
        let targets = [(-0.5, -0.5), (right, -0.5), (right, bottom), (-0.5, bottom)]
        for (corner, target) in zip(corners, targets) {
            ptaAddPt(from, Float(corner.x), Float(corner.y))
            ptaAddPt(to, Float(target.0), Float(target.1))
        }
        var box = boxCreate(0, 0, Int32(width), Int32(height))
        defer { boxDestroy(&box) }
        guard let warped = LeptonicaPix(taking: pixProjectivePtaColor(canvas.pix, to, from, white)), let box else { return nil }
        return LeptonicaPix(taking: pixClipRectangle(warped.pix, box, nil))?.rgbImage()
    }
}

/// A page's luminance shrunk by an integer factor (the mean of each block, Rec. 601 weights
/// on the encoded levels), and the search for a sheet in it.
private struct SmallLuminance {
    let width: Int
    let height: Int
    let levels: [UInt8]

    init(_ image: RGBImage, factor: Int) {
        let (width, height) = (image.width / factor, image.height / factor)
        var levels = [UInt8](repeating: 0, count: width * height)
        image.withUnsafeSamples { samples in
            let samples = UnsafeSendable(samples.baseAddress!)
            levels.withUnsafeMutableBufferPointer { levels in
                let levels = UnsafeSendable(levels.baseAddress!)
                Parallel.forEachChunk(of: height, minimumChunk: 1) { rows in
                    var sums = [Int](repeating: 0, count: width)
                    for y in rows {
                        for index in sums.indices { sums[index] = 0 }
                        for line in (y * factor)..<(y * factor + factor) {
                            let row = samples.value + line * image.width * 3
                            for x in 0..<(width * factor) {
                                sums[x / factor] += 77 * Int(row[3 * x]) + 150 * Int(row[3 * x + 1]) + 29 * Int(row[3 * x + 2])
                            }
                        }
                        for x in 0..<width { levels.value[y * width + x] = UInt8(sums[x] / (256 * factor * factor)) }
                    }
                }
            }
        }
        (self.width, self.height, self.levels) = (width, height, levels)
    }

    func level(_ x: Int, _ y: Int) -> Double { Double(levels[y * width + x]) }

    /// The luminance at a point between pixel centres, bilinear; nil outside the image.
    func sample(_ point: SIMD2<Double>) -> Double? {
        guard point.x >= 0, point.y >= 0, point.x <= Double(width - 1), point.y <= Double(height - 1) else { return nil }
        let x0 = min(width - 2, Int(point.x)), y0 = min(height - 2, Int(point.y))
        let fx = point.x - Double(x0), fy = point.y - Double(y0)
        let top = level(x0, y0) * (1 - fx) + level(x0 + 1, y0) * fx
        let bottom = level(x0, y0 + 1) * (1 - fx) + level(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The sheet's corners, top left first and clockwise, in this copy's pixels; nil when
    /// there is no sheet on a darker ground.
    func sheet(leastContrast: Double) -> [SIMD2<Double>]? {
        var histogram = [Int](repeating: 0, count: 256)
        for level in levels { histogram[Int(level)] += 1 }
        let split = OtsuThreshold.level(ofHistogram: histogram)
        let region = filledLargestRegion { Int($0) > split }
        let area = region.reduce(0) { $0 + Int($1) }
        guard SheetPerspective.coverage.contains(Double(area) / Double(levels.count)) else { return nil }
        let paper = median(of: 1, in: region), ground = median(of: 0, in: region)
        guard paper - ground >= leastContrast else { return nil }
        let middle = (paper + ground) / 2

        var rough = [SIMD2<Double>](repeating: .zero, count: 4)
        var extremes = [Int.max, Int.min, Int.min, Int.max]  // x + y least, x − y most, x + y most, x − y least
        for y in 0..<height {
            for x in 0..<width where region[y * width + x] == 1 {
                let point = SIMD2(Double(x), Double(y))
                if x + y < extremes[0] { (extremes[0], rough[0]) = (x + y, point) }
                if x - y > extremes[1] { (extremes[1], rough[1]) = (x - y, point) }
                if x + y > extremes[2] { (extremes[2], rough[2]) = (x + y, point) }
                if x - y < extremes[3] { (extremes[3], rough[3]) = (x - y, point) }
            }
        }
        let sides = (0..<4).map { edgeLine(from: rough[$0], to: rough[($0 + 1) % 4], middle: middle) }
        let corners = (0..<4).map { index in
            guard let before = sides[(index + 3) % 4], let after = sides[index],
                  let meeting = intersection(before, after), length(meeting - rough[index]) < 8 else { return rough[index] }
            return meeting
        }
        guard isConvex(corners) else { return nil }
        let quadrilateral = abs((0..<4).reduce(0.0) { sum, index in
            let (a, b) = (corners[index], corners[(index + 1) % 4])
            return sum + a.x * b.y - b.x * a.y
        }) / 2
        guard quadrilateral > 0, Double(area) >= SheetPerspective.leastFill * quadrilateral else { return nil }
        let bounded = (0..<4).filter { hasGroundBeyond(from: corners[$0], to: corners[($0 + 1) % 4], middle: middle) }
        guard bounded.count >= 2 else { return nil }
        return corners
    }

    /// 1 on the largest 4-connected region of pixels `isPaper` accepts and on the holes in it
    /// (the parts of the rest that do not reach the image's edge), 0 elsewhere.
    private func filledLargestRegion(_ isPaper: (UInt8) -> Bool) -> [UInt8] {
        let paper = levels.map(isPaper)
        var label = [Int32](repeating: -1, count: levels.count)
        var stack: [Int] = []
        var best = (label: Int32(-1), size: 0)
        var next: Int32 = 0
        for start in levels.indices where label[start] < 0 && paper[start] {
            var size = 0
            label[start] = next
            stack.append(start)
            while let pixel = stack.popLast() {
                size += 1
                forEachNeighbour(of: pixel) { neighbour in
                    if label[neighbour] < 0 && paper[neighbour] {
                        label[neighbour] = next
                        stack.append(neighbour)
                    }
                }
            }
            if size > best.size { best = (next, size) }
            next += 1
        }
        // The outside: everything not in the region that the image's edge reaches.
        var outside = [Bool](repeating: false, count: levels.count)
        let bottom = (height - 1) * width
        let edge: [Int] = Array(0..<width) + Array(bottom..<(bottom + width))
            + Array(stride(from: 0, to: levels.count, by: width)) + Array(stride(from: width - 1, to: levels.count, by: width))
        for pixel in edge where label[pixel] != best.label && !outside[pixel] {
            outside[pixel] = true
            stack.append(pixel)
        }
        while let pixel = stack.popLast() {
            forEachNeighbour(of: pixel) { neighbour in
                if !outside[neighbour] && label[neighbour] != best.label {
                    outside[neighbour] = true
                    stack.append(neighbour)
                }
            }
        }
        return outside.map { $0 ? 0 : 1 }
    }

    @inline(__always)
    private func forEachNeighbour(of pixel: Int, _ body: (Int) -> Void) {
        let x = pixel % width
        if x > 0 { body(pixel - 1) }
        if x < width - 1 { body(pixel + 1) }
        if pixel >= width { body(pixel - width) }
        if pixel + width < levels.count { body(pixel + width) }
    }

    /// The median level of the pixels where `region` is `value`.
    private func median(of value: UInt8, in region: [UInt8]) -> Double {
        var histogram = [Int](repeating: 0, count: 256)
        for (level, inside) in zip(levels, region) where inside == value { histogram[Int(level)] += 1 }
        let half = histogram.reduce(0, +) / 2
        var seen = 0
        for level in 0..<256 {
            seen += histogram[level]
            if seen > half { return Double(level) }
        }
        return 0
    }

    /// The line through the points where the luminance crosses `middle` across the side from
    /// `a` to `b` (clockwise, so the ground lies to its left), as a point and a unit direction;
    /// nil when too few crossings are found.
    private func edgeLine(from a: SIMD2<Double>, to b: SIMD2<Double>, middle: Double) -> (SIMD2<Double>, SIMD2<Double>)? {
        let span = length(b - a)
        guard span > 8 else { return nil }
        let direction = (b - a) / span, outward = SIMD2(direction.y, -direction.x)
        var points: [SIMD2<Double>] = []
        for step in 0...32 {
            let base = a + (b - a) * (0.1 + 0.8 * Double(step) / 32)
            // The crossing nearest the rough side, paper inside and ground outside.
            var found: SIMD2<Double>?
            var nearest = Double.infinity
            var previous: (Double, Double)?
            for offset in stride(from: -6.0, through: 6.0, by: 0.25) {
                guard let value = sample(base + outward * offset) else { previous = nil; continue }
                if let (lastOffset, lastValue) = previous, lastValue >= middle, value < middle {
                    let crossing = lastOffset + 0.25 * (lastValue - middle) / (lastValue - value)
                    if abs(crossing) < nearest { (nearest, found) = (abs(crossing), base + outward * crossing) }
                }
                previous = (offset, value)
            }
            if let found { points.append(found) }
        }
        guard points.count >= 8 else { return nil }
        let centre = points.reduce(.zero, +) / Double(points.count)
        var (xx, xy, yy) = (0.0, 0.0, 0.0)
        for point in points {
            let d = point - centre
            (xx, xy, yy) = (xx + d.x * d.x, xy + d.x * d.y, yy + d.y * d.y)
        }
        // The principal axis of the points' scatter.
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        var axis = SIMD2(cos(angle), sin(angle))
        if (axis * direction).sum() < 0 { axis = -axis }
        return (centre, axis)
    }

    /// Whether most points just beyond the side from `a` to `b` lie in the image and are darker
    /// than `middle`: the sheet ends there on the ground, not at the image's edge.
    private func hasGroundBeyond(from a: SIMD2<Double>, to b: SIMD2<Double>, middle: Double) -> Bool {
        let span = length(b - a)
        guard span > 0 else { return false }
        let direction = (b - a) / span, outward = SIMD2(direction.y, -direction.x)
        let samples = 17
        let dark = (0..<samples).filter { step in
            let point = a + (b - a) * (0.1 + 0.8 * Double(step) / Double(samples - 1)) + outward * 3
            guard let value = sample(point) else { return false }
            return value < middle
        }.count
        return dark * 10 >= samples * 6
    }
}

private func length(_ vector: SIMD2<Double>) -> Double { (vector * vector).sum().squareRoot() }

/// Where two lines (a point and a direction each) meet; nil when they are nearly parallel.
private func intersection(_ first: (SIMD2<Double>, SIMD2<Double>), _ second: (SIMD2<Double>, SIMD2<Double>)) -> SIMD2<Double>? {
    let (p, u) = first, (q, v) = second
    let denominator = u.x * v.y - u.y * v.x
    guard abs(denominator) > 0.1 else { return nil }
    let t = ((q.x - p.x) * v.y - (q.y - p.y) * v.x) / denominator
    return p + u * t
}

/// Whether the four corners, in order, turn the same way at each.
private func isConvex(_ corners: [SIMD2<Double>]) -> Bool {
    let turns = (0..<4).map { index -> Double in
        let (a, b, c) = (corners[index], corners[(index + 1) % 4], corners[(index + 2) % 4])
        return (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
    }
    return turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
}

extension FilterKind {
    /// The least contrast falls as the intensity rises: 48 levels at 25%, 16 from 50%; 0%
    /// never acts.
    public static let sheet = FilterKind(
        "sheet", reproduces: "Leptonica's pixProjectivePta",
        summary: "find the sheet on a darker ground and map its corners to an upright page, when 48 levels brighter at 25%",
        parameter: .init(name: "contrast", symbol: "contrast ≥ ", title: "least contrast of the sheet with the ground (levels)") {
            $0 <= 0 ? 1000 : max(16, 80 - 128 * $0)
        },
        nanosecondsPerPixel: 20,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 3) },
        redraws: { value, image, page, _ in SheetPerspective(leastContrast: value).apply(to: image, alongside: page) },
        apply: { value, image, _ in SheetPerspective(leastContrast: value).apply(to: image) })
}
