internal import CTesseract
import FileSystem
import Glibc
import Imaging

/// The pages of a multi-page TIFF, read one at a time by Leptonica (libtiff finds a page's
/// directory without decoding the pages before it).
public enum TIFFPages {
    /// The number of pages (directories) of the TIFF at `path`; nil when it is not a TIFF
    /// libtiff can read.
    public static func count(_ path: String) -> Int? {
        LeptonicaMessages.silence()
        guard let file = PathEncoding.withFileSystemPath(path, { fopen($0, "rb") }) else { return nil }
        defer { fclose(file) }
        var count: Int32 = 0
        guard tiffGetCount(file, &count) == 0, count > 0 else { return nil }
        return Int(count)
    }

    /// Page `index` (from 0) of the TIFF at `path`, its size checked from its directory
    /// before a pixel is decoded.
    public static func page(_ path: String, index: Int, decoder: ImageDecoder) throws(ImageLoadError) -> DecodedImage {
        LeptonicaMessages.silence()
        var (width, height, bits, samples, resolution, colormap, format): (Int32, Int32, Int32, Int32, Int32, Int32, Int32)
            = (0, 0, 0, 0, 0, 0, 0)
        let header = PathEncoding.withFileSystemPath(path) {
            readHeaderTiff($0, Int32(index), &width, &height, &bits, &samples, &resolution, &colormap, &format)
        }
        guard header == 0 else { throw ImageLoadError(source: path, problem: .corrupt(.tiff)) }
        let area = Int(width).multipliedReportingOverflow(by: Int(height))
        guard !area.overflow, area.partialValue <= decoder.maxPixels else {
            throw ImageLoadError(source: path, problem: .tooLarge(width: Int(width), height: Int(height),
                                                                  limit: decoder.maxPixels))
        }
        guard width > 0, height > 0 else { throw ImageLoadError(source: path, problem: .zeroSized) }
        let image = PathEncoding.withFileSystemPath(path) { LeptonicaImage(taking: pixReadTiff($0, Int32(index))) }
        guard let image, image.width == Int(width), image.height == Int(height), let rgb = image.rgbComposited() else {
            throw ImageLoadError(source: path, problem: .corrupt(.tiff))
        }
        return DecodedImage(image: rgb.rgbImage(), format: .tiff, resolution: image.resolution > 0 ? image.resolution : nil)
    }
}
