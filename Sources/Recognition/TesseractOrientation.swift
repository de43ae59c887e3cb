internal import CTesseract
import Imaging
import Threading

/// Tesseract's orientation and script detection (OSD, `osd.traineddata`) as the
/// `OrientationDetector` the `orient` filter asks.
///
/// One OSD engine is made on first use and serves every call in turn: a Tesseract handle
/// serves one thread at a time, and OSD takes milliseconds where loading its model takes
/// more, so calls from parallel sweeps wait for it rather than each loading a model.
public final class TesseractOrientation: Sendable {
    /// The model's file name, without `.traineddata`.
    public static let model = "osd"

    private let directory: String
    /// The engine, made on first use; nil inside when it could not start (no model).
    private let engine = Locked<OrientationEngine??>(nil)

    public init(dataDirectory: String? = nil) {
        directory = dataDirectory ?? TesseractEngine.defaultDataDirectory
    }

    /// The detector a run hands its filters (`Runtime.orientation`).
    public var detector: OrientationDetector { { [self] image in estimate(image) } }

    /// The most pixels OSD is given. OSD's work grows with the page's (3.4 s on one core for a
    /// 100-megapixel page of text, which `--max-pixels` admits), so a larger page is shrunk to
    /// this first: a letter page at 520 dpi, where letters are still far larger than OSD needs.
    public static let largestImage = 25_000_000

    /// `image` as OSD is given it: shrunk by box averaging to at most `largestImage` pixels, the
    /// same shape, or as it is when smaller.
    public static func detectionImage(_ image: RGBImage) -> RGBImage {
        guard image.pixelCount > largestImage else { return image }
        let scale = (Double(largestImage) / Double(image.pixelCount)).squareRoot()
        return image.boxResized(width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)))
    }

    /// Which way up `image` is; nil when OSD cannot tell, or without `osd.traineddata`.
    public func estimate(_ image: RGBImage) -> OrientationEstimate? {
        let image = Self.detectionImage(image)
        guard image.width >= TesseractEngine.minimumSide, image.height >= TesseractEngine.minimumSide else { return nil }
        return engine.withLock { engine in
            if engine == nil { engine = .some(OrientationEngine(directory: directory)) }
            return engine??.estimate(image)
        }
    }
}

/// One Tesseract handle initialised with the OSD model.
private final class OrientationEngine {
    private let handle: OpaquePointer

    init?(directory: String) {
        guard let handle = TessBaseAPICreate() else { return nil }
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(handle, directory, TesseractOrientation.model) == 0 else {
            TessBaseAPIDelete(handle)
            return nil
        }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(0))  // orientation and script only
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    func estimate(_ image: RGBImage) -> OrientationEstimate? {
        defer { TessBaseAPIClear(handle) }
        image.withUnsafeSamples { samples in
            TessBaseAPISetImage(handle, samples.baseAddress, Int32(image.width), Int32(image.height),
                                Int32(RGBImage.channels), Int32(image.bytesPerRow))
        }
        var degrees: Int32 = 0
        var confidence: Float = 0
        var scriptConfidence: Float = 0
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, nil, &scriptConfidence) != 0,
              confidence.isFinite else { return nil }
        // OSD names how far the page is turned clockwise from upright (a page turned once
        // clockwise reads 90), so the turn that rights it is the rest of a full turn.
        return OrientationEstimate(clockwiseTurns: 4 - Int(degrees) / 90, confidence: Double(confidence))
    }
}
