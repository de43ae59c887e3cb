import Foundation
import ImageCodec
import Imaging
import TestSupport
import Testing

/// Real pages the filter tests crop from, each loaded once; a page that fails to load fails
/// the tests that need it instead of stopping the runner.
enum TestPages {
    /// A colour photo of street signs (2000 x 1500).
    static let streetSign = Result { try ImageFile.load(Paths.images + "/street_sign.jpg").image }
    /// A greyscale book page with a gutter shadow (1650 x 2550).
    static let bookPage = Result { try ImageFile.load(Paths.images + "/book_page.png").image }
    /// A noisy, low-contrast colour phone photo of a page (1200 x 1600).
    static let noisyPhoto = Result { try ImageFile.load(Paths.images + "/phone_photo_noisy.jpg").image }
    /// A page scanned 4.5° counter-clockwise on a grey scanner bed (1928 x 2388).
    static let skewedPage = Result { try ImageFile.load(Paths.images + "/skewed_page.jpg").image }
    /// Tesseract's test page: a straight, clean scan (640 x 480).
    static let phototest = Result { try ImageFile.load(Paths.corpus + "/phototest.tif").image }

    /// The `width` x `height` region at (`x`, `y`) of a page, failing the test if it does not fit.
    static func crop(_ page: Result<RGBImage, some Error>, x: Int, y: Int, width: Int, height: Int) throws -> RGBImage {
        let page = try page.get()
        try #require(x >= 0 && y >= 0 && x + width <= page.width && y + height <= page.height,
                     "a \(width)x\(height) crop at (\(x), \(y)) does not fit in \(page.width)x\(page.height)")
        return page.cropped(x: x, y: y, width: width, height: height)
    }
}

/// Luminance as the black-and-white filters define it, in double precision: Rec. 709
/// weights on working-space values, as a continuous 8-bit level of the space's encoding.
enum ReferenceLuminance {
    static func exactLevel(_ pixel: RGBPixel, in space: WorkingSpace) -> Double {
        func value(_ sample: UInt8) -> Double {
            let encoded = Double(sample) / 255
            return space == .linear ? ReferenceGaussian.decode(encoded) : encoded
        }
        let y = 0.2126 * value(pixel.red) + 0.7152 * value(pixel.green) + 0.0722 * value(pixel.blue)
        let clamped = min(max(y, 0), 1)
        return 255 * (space == .linear ? ReferenceGaussian.encode(clamped) : clamped)
    }

    /// Each pixel's level, rounded, and whether it lies so near a half-level that a
    /// single-precision computation may round it the other way.
    static func levels(_ image: RGBImage, in space: WorkingSpace) -> (levels: [Int], ambiguous: [Bool]) {
        var levels: [Int] = [], ambiguous: [Bool] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let exact = exactLevel(image[x, y], in: space)
                levels.append(Int(exact.rounded()))
                ambiguous.append(abs(exact - exact.rounded(.down) - 0.5) < 0.002)
            }
        }
        return (levels, ambiguous)
    }
}

extension RGBImage {
    /// Whether every sample is 0 or 255 and every pixel grey: a black-and-white image.
    var isBlackAndWhite: Bool {
        isGreyscale && samples.allSatisfy { $0 == 0 || $0 == 255 }
    }

    /// The number of white pixels of a black-and-white image.
    var whiteCount: Int {
        stride(from: 0, to: samples.count, by: 3).filter { samples[$0] == 255 }.count
    }
}
