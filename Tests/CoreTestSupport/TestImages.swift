import Foundation
import ImageCodec
import Imaging
import TestSupport

/// Images written as PNG files in a new temporary folder.
public enum TestImages {
    /// A white image `width` wide with a black square in it, as PNG bytes.
    public static func png(width: Int, height: Int = 16) throws -> [UInt8] {
        try PNGEncoder.encode(image(width: width, height: height), resolution: 300)
    }

    /// A white image with a black square in it.
    public static func image(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        image.withUnsafeMutableSamples { samples in
            for y in height / 4..<height * 3 / 4 {
                for x in width / 4..<width * 3 / 4 {
                    for channel in 0..<RGBImage.channels { samples[(y * width + x) * RGBImage.channels + channel] = 0 }
                }
            }
        }
        return image
    }

    /// Writes images of the given widths as `w<width>.png` and returns their paths.
    public static func files(widths: [Int], in folder: String? = nil) throws -> [String] {
        let folder = try folder ?? Paths.temporaryDirectory()
        return try widths.map { width in
            let path = "\(folder)/w\(width).png"
            try Data(try png(width: width)).write(to: URL(fileURLWithPath: path))
            return path
        }
    }
}
