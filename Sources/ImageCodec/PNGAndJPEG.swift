internal import CImageFiles
import Foundation
import Imaging

/// PNG and JPEG through libpng and libjpeg with filterocr's own handlers (`CImageFiles`):
/// a damaged file's message comes back with the failure instead of going to standard error,
/// as it would through Leptonica, which sets both libraries up with their printing defaults.
enum PNGAndJPEG {
    /// The pixels of `bytes`, a PNG or JPEG whose header gave `size`, at 1/`reduction` of it
    /// for a JPEG; nil when the library refuses them.
    static func decode(_ bytes: [UInt8], format: ImageFormat, size: PixelSize, reduction: Int) -> DecodedImage? {
        precondition(format == .png || format == .jpeg, "only PNG and JPEG are decoded here")
        let width = (size.width + reduction - 1) / reduction
        let height = (size.height + reduction - 1) / reduction
        var reading = filterocr_image_reading()
        var status: Int32 = -1
        let samples = [UInt8](unsafeUninitializedCapacity: width * height * RGBImage.channels) { rgb, initialized in
            status = bytes.withUnsafeBufferPointer { data in
                switch format {
                case .png:
                    filterocr_png_decode(data.baseAddress, data.count, rgb.baseAddress, Int32(width), Int32(height), &reading)
                default:
                    filterocr_jpeg_decode(data.baseAddress, data.count, Int32(reduction), rgb.baseAddress, Int32(width),
                                          Int32(height), &reading)
                }
            }
            // Every sample is written on success; on failure the buffer is dropped unread.
            initialized = status == 0 ? rgb.count : 0
        }
        guard status == 0 else { return nil }
        let resolution = Int(reading.resolution)
        return DecodedImage(image: RGBImage(width: width, height: height, samples: samples), format: format,
                            resolution: resolution > 0 ? resolution : nil)
    }

    /// The size a JPEG's header gives, read by libjpeg; nil when it cannot be read.
    static func jpegSize(_ bytes: [UInt8]) -> PixelSize? {
        var reading = filterocr_image_reading()
        var (width, height): (Int32, Int32) = (0, 0)
        let status = bytes.withUnsafeBufferPointer { filterocr_jpeg_size($0.baseAddress, $0.count, &width, &height, &reading) }
        return status == 0 ? PixelSize(width: Int(width), height: Int(height)) : nil
    }

    /// The PNG bytes of `image` (grey when its three channels are equal), recording
    /// `resolution` when given; nil when libpng refuses.
    static func encodePNG(_ image: RGBImage, resolution: Int?) -> [UInt8]? {
        var reading = filterocr_image_reading()
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        let grey = image.isGreyscale
        let samples = grey ? stride(from: 0, to: image.samples.count, by: 3).map { image.samples[$0] } : image.samples
        let status = samples.withUnsafeBufferPointer { buffer in
            filterocr_png_encode(buffer.baseAddress, Int32(image.width), Int32(image.height), grey ? 1 : 3,
                                 Int32(resolution ?? 0), &bytes, &count, &reading)
        }
        guard status == 0, let bytes else { return nil }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}
