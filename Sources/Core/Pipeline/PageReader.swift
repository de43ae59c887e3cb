import Foundation
import ImageCodec
import Imaging
import Recognition
import Reports
import ResultStore

/// The reading step of a `Pipeline`: the result store asked first, the text sized once, the
/// engine given the page. A pipeline reads with its own engine; a search reads a pipeline's
/// pages with this same step on whichever of its pool's engines is free (`Engines.Batch`), so
/// that no engine ever sees the store and no page is sized twice.
public struct PageReader: Sendable {
    public let settings: RecognitionSettings
    /// Asked before the engine; nil for no result store.
    let store: StoreCache?
    /// Decides the scale a page is read at, once the store has no reading of it.
    let sizing: PageSizing

    init(settings: RecognitionSettings, store: ResultStore?) {
        self.settings = settings
        self.store = store.map { StoreCache(store: $0, settings: settings) }
        sizing = PageSizing(rule: settings.textSizing, space: settings.space)
    }

    /// A page read, and what a document page made from it needs to know.
    package struct Reading: Sendable {
        package var recognized: RecognizedText
        /// Whether it came from the result store (the engine has not read it then).
        package var stored: Bool
        /// Where it is kept; nil without a store.
        var key: RecognitionKey?
        /// The scale the engine read it at (for a stored reading, the one it was read at).
        var scale: Double
    }

    /// `image` read: from the result store when it keeps it, else by `engine` (and then kept).
    /// - Parameters:
    ///   - operations: the filters that rendered `image`; one that scales it (`scale`) chose
    ///     its size, and the page is then read as rendered, whatever `settings.textSizing` says.
    ///   - reading: the engine's own settings for this reading (`psm 6`), part of the store's key.
    ///   - monitor: told the engine's progress, and able to cancel it.
    ///   - reduced: set when `image` is its file decoded at a fraction of its size, as the text
    ///     sizing would have read it (`PageSizing.reducedDecoding`): it is read as it is, and its
    ///     words are given in the file's pixels, as a page read shrunk gives them.
    package func read(_ image: RGBImage, resolution: Int?, rendering operations: [FilterOperation], engine reading: EngineSettings,
                      monitor: RecognitionMonitor?, with engine: any Recognizer, reduced: ReducedDecoding? = nil) throws -> Reading {
        let asRendered = PageSizing.readsAsRendered(operations)
        let resolution = reduced.map { $0.resolution(resolution) } ?? resolution
        let key = store?.key(of: image, resolution: resolution, asRendered: asRendered, engine: reading)
        // The store keeps the reading of the pixels read, in their own pixels, whatever file they
        // were decoded from: a reduced decoding's words are given in its file's pixels after it.
        if let key, let kept = store?.recognition(key) {
            return Reading(recognized: reduced?.inFilePixels(kept, read: image) ?? kept, stored: true, key: key,
                           scale: reduced?.scale ?? kept.readScale ?? 1)
        }
        // Sized here, once the store had no reading of these pixels.
        let scale = sizing.scale(for: image, rendering: operations, reduced: reduced)
        let recognized = try read(image, resolution: resolution, scale: scale, engine: reading, monitor: monitor, with: engine)
        if let key { store?.keep(recognized, for: key, engine: reading) }
        return Reading(recognized: reduced?.inFilePixels(recognized, read: image) ?? recognized, stored: false, key: key,
                       scale: reduced?.scale ?? scale)
    }

    /// Where the store keeps the reading of `image` (nil without a store), and the scale the
    /// engine reads it at: for a page to be read again as it is added to a document.
    func place(of image: RGBImage, resolution: Int?, rendering operations: [FilterOperation],
               engine reading: EngineSettings) -> (key: RecognitionKey?, scale: Double) {
        let key = store?.key(of: image, resolution: resolution, asRendered: PageSizing.readsAsRendered(operations), engine: reading)
        return (key, sizing.scale(for: image, rendering: operations))
    }

    /// A reading made on a pool's engine for a search, and what the search keeps of it.
    package struct Timed: Sendable {
        package var result: Result<RecognizedText, RunnerError>
        /// Wall time of the reading.
        package var seconds: Double
        /// Whether it came from the result store.
        package var stored = false
    }

    /// `read`, timed, its failure in the run's words: a search's reading of a candidate or a line.
    package func timed(_ image: RGBImage, resolution: Int?, rendering operations: [FilterOperation], engine reading: EngineSettings,
                       monitor: RecognitionMonitor?, with engine: any Recognizer) -> Timed {
        let start = ContinuousClock.now
        do {
            let read = try self.read(image, resolution: resolution, rendering: operations, engine: reading, monitor: monitor,
                                     with: engine)
            return Timed(result: .success(read.recognized), seconds: (ContinuousClock.now - start).inSeconds, stored: read.stored)
        } catch {
            return Timed(result: .failure(RunnerError(message: oneLineMessage(for: error))),
                         seconds: (ContinuousClock.now - start).inSeconds)
        }
    }

    /// `resolution` for pixels at `scale` of the page's.
    static func resolution(_ resolution: Int?, at scale: Double) -> Int? {
        resolution.map { max(1, Int((Double($0) * scale).rounded())) }
    }

    /// `recognized`, a reading of `image` (the page at `scale`), with its words in the page's
    /// `width` × `height` pixels and the scale it was read at.
    static func inPagePixels(_ recognized: RecognizedText, read image: RGBImage, at scale: Double,
                             width: Int, height: Int) -> RecognizedText {
        var mapped = recognized.mapped(by: Double(width) / Double(image.width), Double(height) / Double(image.height),
                                       within: width, height)
        mapped.readScale = scale
        return mapped
    }

    /// The engine's reading of `image` at `scale` (1: as it is), its words in `image`'s pixels.
    func read(_ image: RGBImage, resolution: Int?, scale: Double, engine reading: EngineSettings,
              monitor: RecognitionMonitor? = nil, with engine: any Recognizer) throws -> RecognizedText {
        guard scale != 1 else {
            return try engine.recognize(image, resolution: resolution, engine: reading, monitor: monitor)
        }
        // Resampled as the file's values, not as light: averaging in linear light thins and
        // lightens dark strokes, and Tesseract thresholds the values it is given (the photo of
        // images/ read at half size: CER 0.0022 resampled as light, 0.0004 as values, as whole).
        let scaled = LanczosScale(factor: scale).apply(to: image, in: .sRGB)
        let recognized = try engine.recognize(scaled, resolution: Self.resolution(resolution, at: scale), engine: reading,
                                              monitor: monitor)
        return Self.inPagePixels(recognized, read: scaled, at: scale, width: image.width, height: image.height)
    }
}
