import Foundation
import Imaging
import Recognition

/// Reads the text in a rendered image.
///
/// The application core works against this protocol, so that tests of the core can use a
/// fake that answers at once; `TesseractEngine` is the real one. A recognizer serves one
/// thread at a time: parallel work makes one per thread with `RecognitionSettings`.
public protocol Recognizer {
    /// - Parameter resolution: the DPI to assume, or nil to let the recognizer estimate it.
    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText

    /// `recognize(_:resolution:)`, telling `monitor` the progress and stopping when it is
    /// cancelled (throwing `RecognitionError.cancelled`).
    func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText

    /// `recognize(_:resolution:monitor:)` with the engine's own `engine` settings (`psm 6`) for
    /// this reading alone.
    func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings, monitor: RecognitionMonitor?) throws -> RecognizedText

    /// Each of `lines` (rectangles in `image`'s pixels) read as one line of text on its own
    /// (Tesseract's `psm 7` unless `engine` sets another), each reading's boxes in `image`'s
    /// pixels; with `symbolChoices`, each word keeps its characters and their alternatives.
    func recognizeLines(_ image: RGBImage, lines: [BoundingBox], resolution: Int?, engine: EngineSettings,
                        monitor: RecognitionMonitor?, symbolChoices: Bool) throws -> [RecognizedText]

    /// Runs `body` with an engine that reads for no one else while it runs: this one, or the
    /// next free one of a pool (`Engines`).
    func exclusively<Value>(_ body: (any Recognizer) throws -> Value) throws -> Value
}

extension Recognizer {
    /// A recognizer that cannot be watched reads the whole image, then honours a cancel.
    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        let recognized = try recognize(image, resolution: resolution)
        if monitor?.isCancelled == true { throw RecognitionError.cancelled }
        return recognized
    }

    /// A recognizer with no engine settings reads with its own, and refuses others.
    public func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings,
                          monitor: RecognitionMonitor?) throws -> RecognizedText {
        guard engine.isDefault else {
            throw RunnerError(message: "this recognizer cannot read with \(engine.commands.joined(separator: "; "))")
        }
        return try recognize(image, resolution: resolution, monitor: monitor)
    }

    public func exclusively<Value>(_ body: (any Recognizer) throws -> Value) throws -> Value { try body(self) }

    /// A recognizer that reads only whole images reads no lines.
    public func recognizeLines(_ image: RGBImage, lines: [BoundingBox], resolution: Int?, engine: EngineSettings,
                               monitor: RecognitionMonitor?, symbolChoices: Bool) throws -> [RecognizedText] {
        throw RunnerError(message: "this recognizer reads whole images only, not lines one by one")
    }
}

extension TesseractEngine: Recognizer {
    public func recognizeLines(_ image: RGBImage, lines: [BoundingBox], resolution: Int?, engine: EngineSettings,
                               monitor: RecognitionMonitor?, symbolChoices: Bool) throws -> [RecognizedText] {
        let segmentation = engine.pageSegmentation.flatMap(PageSegmentation.init(rawValue:)) ?? .singleLine
        return try recognizeLines(image, lines: lines, resolution: resolution, segmentation: segmentation, engine: engine,
                                  monitor: monitor, symbolChoices: symbolChoices)
    }
}

/// Makes a recognizer for `settings`; each worker thread calls it once.
public typealias RecognizerFactory = @Sendable (RecognitionSettings) throws -> any Recognizer

/// The engine of a pipeline that only loads and renders (`Pipeline.rendering`).
struct NoEngine: Recognizer {
    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        throw RunnerError(message: "this pipeline renders, and has no engine to read with")
    }
}
