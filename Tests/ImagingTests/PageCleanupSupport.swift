import Imaging

/// Synthetic pages for the filters that clean pages as they arrive, and an independent count
/// of their dark blobs.
enum CleanupPages {
    /// A white page of `width` × `height` with rows of letter-like dark strokes (3 × 12 px,
    /// level `ink`) on paper of level `paper`, from `top` down to `bottom`.
    static func text(width: Int, height: Int, paper: UInt8 = 235, ink: UInt8 = 25,
                     top: Int = 10, bottom: Int? = nil) -> RGBImage {
        var page = RGBImage(width: width, height: height, fill: RGBPixel(grey: paper))
        var y = top
        while y + 12 <= (bottom ?? height - 10) {
            var x = 10
            while x + 3 <= width - 10 {
                fill(&page, x: x, y: y, width: 3, height: 12, grey: ink)
                x += (x / 7) % 3 == 0 ? 14 : 7
            }
            y += 24
        }
        return page
    }

    static func fill(_ image: inout RGBImage, x: Int, y: Int, width: Int, height: Int, grey: UInt8) {
        for row in y..<(y + height) {
            for column in x..<(x + width) { image[column, row] = RGBPixel(grey: grey) }
        }
    }

    /// The image's red samples, row by row (the grey level of a grey page).
    static func levels(_ image: RGBImage) -> [Int] { image.greySamples().map(Int.init) }

    /// Mean and variance of the levels at the given pixel indices.
    static func statistics(_ levels: [Int], at indices: [Int]) -> (mean: Double, variance: Double) {
        let mean = Double(indices.reduce(0) { $0 + levels[$1] }) / Double(indices.count)
        let variance = indices.reduce(0.0) { $0 + (Double(levels[$1]) - mean) * (Double(levels[$1]) - mean) } / Double(indices.count)
        return (mean, variance)
    }

    /// The areas of the 8-connected blobs of pixels below level 128, by flood fill.
    static func blobAreas(_ image: RGBImage) -> [Int] {
        let levels = levels(image), width = image.width, height = image.height
        var seen = [Bool](repeating: false, count: levels.count)
        var areas: [Int] = []
        for start in levels.indices where levels[start] < 128 && !seen[start] {
            var stack = [start], area = 0
            seen[start] = true
            while let pixel = stack.popLast() {
                area += 1
                let x = pixel % width, y = pixel / width
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let next = ny * width + nx
                        if levels[next] < 128 && !seen[next] {
                            seen[next] = true
                            stack.append(next)
                        }
                    }
                }
            }
            areas.append(area)
        }
        return areas.sorted()
    }
}
