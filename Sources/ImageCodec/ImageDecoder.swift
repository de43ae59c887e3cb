internal import CTesseract
import Imaging

/// Decodes image bytes of any supported format into an `RGBImage`.
///
/// The size is checked from the header before any pixel is decoded, so a file that claims
/// billions of pixels is refused without allocating for them.
public struct ImageDecoder: Sendable {
    /// 100 megapixels: a 12-megapixel phone photo fits eight times over.
    public static let defaultMaxPixels = 100_000_000

    public var maxPixels: Int

    public init(maxPixels: Int = ImageDecoder.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    /// Decodes `bytes`; `source` names them in errors (a path, or `<stdin>`).
    public func decode(_ bytes: [UInt8], source: String) throws(ImageLoadError) -> DecodedImage {
        LeptonicaMessages.silence()
        func failure(_ problem: ImageLoadError.Problem) -> ImageLoadError {
            ImageLoadError(source: source, problem: problem)
        }
        guard !bytes.isEmpty else { throw failure(.empty) }

        let header = bytes.withUnsafeBufferPointer { Header(reading: $0) }
        guard let header, let format = ImageFormat(leptonicaFormat: header.format) else {
            // A file whose signature names a format but whose header does not parse is
            // corrupt, not foreign.
            throw failure(Self.formatFromSignature(bytes).map { .corrupt($0) } ?? .unknownFormat)
        }
        guard header.width > 0, header.height > 0 else { throw failure(.zeroSized) }
        guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= maxPixels,
              header.width <= maxPixels, header.height <= maxPixels else {
            throw failure(.tooLarge(width: header.width, height: header.height, limit: maxPixels))
        }

        let decoded = bytes.withUnsafeBufferPointer { buffer in
            LeptonicaImage(taking: pixReadMem(buffer.baseAddress, buffer.count))
        }
        guard let decoded, decoded.width == header.width, decoded.height == header.height,
              let rgb = decoded.rgbComposited() else {
            throw failure(.corrupt(format))
        }
        let resolution = decoded.resolution
        return DecodedImage(image: rgb.rgbImage(), format: format,
                            resolution: resolution > 0 ? resolution : nil)
    }

    /// What Leptonica reads from the first bytes of a file.
    private struct Header {
        var format: Int32 = 0
        var width = 0
        var height = 0

        init?(reading buffer: UnsafeBufferPointer<UInt8>) {
            var (format, width, height, bitsPerSample, samplesPerPixel, hasColormap): (Int32, Int32, Int32, Int32, Int32, Int32)
                = (0, 0, 0, 0, 0, 0)
            let status = pixReadHeaderMem(buffer.baseAddress, buffer.count, &format, &width, &height,
                                          &bitsPerSample, &samplesPerPixel, &hasColormap)
            guard status == 0 else { return nil }
            self.format = format
            self.width = Int(width)
            self.height = Int(height)
        }
    }

    private static func formatFromSignature(_ bytes: [UInt8]) -> ImageFormat? {
        var format: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { findFileFormatBuffer($0.baseAddress, &format) }
        guard status == 0, bytes.count >= 12 else { return nil }
        return ImageFormat(leptonicaFormat: format)
    }
}

/// Leptonica prints its own errors to standard error; filterocr reports them itself.
enum LeptonicaMessages {
    private static let silenced: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    static func silence() { silenced }
}
