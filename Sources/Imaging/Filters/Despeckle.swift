/// Removes specks of dust and photocopier noise: dark connected blobs no larger than
/// `largestArea` pixels that stand alone, while periods, commas and i-dots stay.
///
/// The ink is the pixels at or below Otsu's level of the luminance, and its 8-connected
/// components are found (`InkComponents`). Size alone cannot tell a speck from a period at
/// every resolution, but place can: a period sits beside a letter and an i-dot above one, a
/// speck in paper. So a component at most `largestArea` pixels is removed when no letter (a
/// component larger than that) lies within half a letter height of its box (the median height
/// of the letters), or when it is under a sixteenth of a median letter's area, smaller than
/// any punctuation. Only letters count as neighbours: on a photocopy specks lie in clusters,
/// and a speck beside another speck is still a speck. A removed speck's pixels take the mean colour of the paper around its box,
/// so the page's tone is kept whatever it is.
public struct Despeckle: Sendable {
    /// The largest speck removed, in pixels; 0 leaves the image as it is.
    public let largestArea: Int

    public init(largestArea: Int) {
        precondition(largestArea >= 0, "the area must not be negative")
        self.largestArea = largestArea
    }

    /// The image without its specks.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard largestArea > 0 else { return image }
        let luminance = LuminanceLevels(image, in: space, histogram: true)
        let mask = luminance.darkMask(atMost: OtsuThreshold.level(ofHistogram: luminance.histogram))
        let components = InkComponents(mask: mask, width: image.width, height: image.height)
        let specks = specks(of: components, width: image.width, height: image.height)
        guard !specks.isEmpty else { return image }
        return image.withSpecksPainted(Set(specks), components: components) { image.ringMean(around: components.components[$0]) }
    }

    /// The components to remove.
    private func specks(of components: InkComponents, width: Int, height: Int) -> [Int] {
        let letters = components.components.filter { $0.area > largestArea }
        let letterHeight = letters.isEmpty ? 8 : letters.map(\.height).sorted()[letters.count / 2]
        let letterArea = letters.isEmpty ? 0 : letters.map(\.area).sorted()[letters.count / 2]
        let reach = max(2, letterHeight / 2)
        let letterMask = components.mask(width: width, height: height) { $0.area > largestArea }
        var found: [Int] = []
        letterMask.withUnsafeBufferPointer { letterMask in
            for (index, component) in components.components.enumerated() where component.area <= largestArea {
                let tiny = component.area * 16 < letterArea
                if tiny || inkAround(component, reach: reach, mask: letterMask.baseAddress!, width: width, height: height) == 0 {
                    found.append(index)
                }
            }
        }
        return found
    }
}

/// Pixels of `mask` in the component's box grown by `reach` on every side.
private func inkAround(_ component: InkComponents.Component, reach: Int, mask: UnsafePointer<UInt8>,
                       width: Int, height: Int) -> Int {
    var count = 0
    for y in max(0, component.minY - reach)...min(height - 1, component.maxY + reach) {
        let row = mask + y * width
        for x in max(0, component.minX - reach)...min(width - 1, component.maxX + reach) { count += Int(row[x]) }
    }
    return count
}

extension RGBImage {
    /// `self` with each speck's pixels set to the paper colour on the ring just outside its box.
    /// `self` with each of `specks`' pixels painted in the colour `paper` gives for it.
    func withSpecksPainted(_ specks: Set<Int>, components: InkComponents, paper colour: (Int) -> RGBPixel) -> RGBImage {
        var output = self
        let paper = specks.reduce(into: [Int: RGBPixel]()) { result, id in result[id] = colour(id) }
        for run in components.runs {
            guard let colour = paper[Int(run.component)] else { continue }
            for x in Int(run.start)..<Int(run.end) { output[x, Int(run.row)] = colour }
        }
        return output
    }

    /// The mean colour of the lighter half of the pixels on the ring one pixel outside the box.
    fileprivate func ringMean(around component: InkComponents.Component) -> RGBPixel {
        var ring: [RGBPixel] = []
        let left = component.minX - 1, right = component.maxX + 1, top = component.minY - 1, bottom = component.maxY + 1
        for y in top...bottom where y >= 0 && y < height {
            for x in left...right where x >= 0 && x < width && (y == top || y == bottom || x == left || x == right) {
                ring.append(self[x, y])
            }
        }
        guard !ring.isEmpty else { return .white }
        let light = ring.sorted { Int($0.red) + Int($0.green) + Int($0.blue) > Int($1.red) + Int($1.green) + Int($1.blue) }
            .prefix(max(1, ring.count / 2))
        func mean(_ channel: (RGBPixel) -> UInt8) -> UInt8 {
            UInt8((light.reduce(0) { $0 + Int(channel($1)) } + light.count / 2) / light.count)
        }
        return RGBPixel(red: mean(\.red), green: mean(\.green), blue: mean(\.blue))
    }
}

extension FilterKind {
    public static let despeckle = FilterKind(
        "despeckle", reproduces: "Leptonica's pixSelectBySize",
        summary: "remove lone dark specks up to 64 × intensity px: 16 px at 25%",
        parameter: .init(name: "area", symbol: "area ≤ ", title: "largest speck (pixels)") { (64 * $0).rounded() },
        nanosecondsPerPixel: 8,
        defaultSweep: { _ in evenly(from: 0, to: 0.75, steps: 4) },
        apply: { Despeckle(largestArea: Int($0)).apply(to: $1, in: $2.space) })
}
