/// Turns light text on dark regions (banners, table headers, a whole negative page) into
/// dark text on light, leaving the rest of the page alone; Tesseract reads only the latter
/// well (tesseract#1913), and inverting the whole page would spoil the normal text.
///
/// The dark pixels are those at or below Otsu's level of the luminance, and their
/// 8-connected components are found (`InkComponents`). A dark background is one component
/// that fills most of its own box (more than `darkShare` of it) while light strokes take at
/// least 1% of that box, and whose box is at least two letter heights tall and wide (the
/// median height of the dark components under a quarter of the page, so no letter of normal text qualifies: a solid
/// letter has no light inside, and the counter of a bold O leaves its box half empty). Each
/// such box is inverted, 255 − v per sample, as `invert` does.
public struct LightTextInversion: Sendable {
    /// The share (0-1) of its box a dark component must fill to be a background; 1 or
    /// more inverts nothing.
    public let darkShare: Double

    public init(darkShare: Double) {
        precondition(darkShare.isFinite, "the share must be a number")
        self.darkShare = darkShare
    }

    /// The image with its dark backgrounds inverted.
    public func apply(to image: RGBImage, in space: WorkingSpace = .linear) -> RGBImage {
        guard darkShare < 1 else { return image }
        let luminance = LuminanceLevels(image, in: space, histogram: true)
        let mask = luminance.darkMask(atMost: OtsuThreshold.level(ofHistogram: luminance.histogram))
        let boxes = backgrounds(mask: mask, width: image.width, height: image.height)
        guard !boxes.isEmpty else { return image }
        var output = image
        output.withUnsafeMutableSamples { samples in
            for box in boxes {
                for y in box.minY...box.maxY {
                    complement(samples.baseAddress! + (y * image.width + box.minX) * 3, count: box.width * 3)
                }
            }
        }
        return output
    }

    /// The boxes of the dark components that are backgrounds to light text.
    func backgrounds(mask: [UInt8], width: Int, height: Int) -> [InkComponents.Component] {
        let components = InkComponents(mask: mask, width: width, height: height)
        let letterHeight = max(4, components.medianHeight(below: min(width, height) / 4))
        return mask.withUnsafeBufferPointer { mask in
            components.components.filter { component in
                guard component.width >= 2 * letterHeight && component.height >= 2 * letterHeight else { return false }
                let box = Double(component.width * component.height)
                let dark = darkCount(in: component, mask: mask.baseAddress!, width: width)
                return Double(component.area) > darkShare * box && Double(component.width * component.height - dark) >= 0.01 * box
            }
        }
    }
}

/// Dark pixels in the component's box, of any component.
private func darkCount(in box: InkComponents.Component, mask: UnsafePointer<UInt8>, width: Int) -> Int {
    var count = 0
    for y in box.minY...box.maxY {
        let row = mask + y * width
        for x in box.minX...box.maxX { count += Int(row[x]) }
    }
    return count
}

/// `count` samples as 255 − v, in place.
private func complement(_ samples: UnsafeMutablePointer<UInt8>, count: Int) {
    for index in 0..<count { samples[index] = ~samples[index] }
}

extension FilterKind {
    public static let lighttext = FilterKind(
        "lighttext", reproduces: "Tesseract's tessedit_do_invert, per region",
        summary: "invert dark regions with light text that fill over 1 − intensity of their box: 75% at 25%",
        parameter: .init(name: "share", symbol: "dark > ", title: "dark share of a region's box (0-1)") { max(0.5, 1 - $0) },
        nanosecondsPerPixel: 8,
        defaultSweep: { _ in evenly(from: 0, to: 0.5, steps: 5) },
        apply: { LightTextInversion(darkShare: $0).apply(to: $1, in: $2.space) })
}
