import Foundation
import Imaging
import Recognition
import ResultStore

/// The result store as the pipeline's cache in front of its engine: recognitions kept under
/// the digest of the pixels, the engine's identity and the resolution; renderings of files
/// under what made them; document pages under their format and place.
///
/// The engine never sees the store: the pipeline asks here first and recognises only what is
/// not kept, as OCRmyPDF keeps its cache out of its OCR engine.
public struct StoreCache: Sendable {
    private let store: ResultStore
    /// The engine as the settings make it, sizing the text as they say.
    private let identity: EngineIdentity
    /// The same engine reading every page as rendered: a rendering scaled by a filter is read
    /// so, and a recognition read so never answers for one the settings would have scaled.
    private let readingAsRendered: EngineIdentity
    private let settings: RecognitionSettings

    public init(store: ResultStore, settings: RecognitionSettings) {
        self.store = store
        self.settings = settings
        identity = EngineIdentity(settings: settings)
        var asRendered = settings
        asRendered.textSizing = .off
        readingAsRendered = EngineIdentity(settings: asRendered)
    }

    /// Where the recognition of `image` at `resolution` is kept; `asRendered` for a reading
    /// with no text sizing whatever the settings say.
    /// `engine`: the engine's own settings for the reading.
    func key(of image: RGBImage, resolution: Int?, asRendered: Bool = false, engine: EngineSettings = EngineSettings()) -> RecognitionKey {
        RecognitionKey(page: PixelDigest.of(image), engine: identity(asRendered: asRendered, engine: engine).digest,
                       resolution: resolution)
    }

    /// The engine that reads a page, as the settings make it or reading it as rendered, with
    /// `engine`'s settings for the reading.
    private func identity(asRendered: Bool, engine: EngineSettings) -> EngineIdentity {
        guard !engine.isDefault else { return asRendered ? readingAsRendered : identity }
        var settings = settings
        if asRendered { settings.textSizing = .off }
        return EngineIdentity(settings: settings, engine: engine)
    }

    /// The recognition kept under `key`, when it reads as one a page could have given; one
    /// that does not (damaged or crafted) is a miss, said once: the page is recognised again
    /// and its entry replaced.
    func recognition(_ key: RecognitionKey) -> RecognizedText? {
        guard let content = store.recognition(key) else { return nil }
        guard let recognized = try? JSONDecoder().decode(RecognizedText.self, from: content), recognized.isPlausible else {
            store.unreadableEntryFound()
            return nil
        }
        return recognized
    }

    func keep(_ recognized: RecognizedText, for key: RecognitionKey, engine settings: EngineSettings = EngineSettings()) {
        let engine = [false, true].map { identity(asRendered: $0, engine: settings) }.first { $0.digest == key.engine } ?? identity
        if let content = try? Self.encoder.encode(recognized) { store.keep(content, for: key, engine: engine.description) }
    }

    /// The recognition of the rendering kept under `source`, found without its pixels, and
    /// what the rendering was; nil when it is not kept.
    /// - Parameter resolution: the resolution asked for; nil for the file's own.
    func recognition(ofRendering source: RenderingKey, resolution: Int?) -> (RecognizedText, StoredRendering)? {
        guard let rendering = store.rendering(source) else { return nil }
        let key = RecognitionKey(page: rendering.page, engine: identity.digest, resolution: resolution ?? rendering.fileResolution)
        return recognition(key).map { ($0, rendering) }
    }

    /// Keeps that `source` renders as the pixels recognised under `key`.
    func keepRendering(_ source: RenderingKey, as key: RecognitionKey, of image: RGBImage, fileResolution: Int?) {
        store.keep(StoredRendering(page: key.page, width: image.width, height: image.height, fileResolution: fileResolution),
                   for: source)
    }

    /// The bytes a text format wrote for the page recognised under `key`, at this place in a document.
    func fragment(_ place: FragmentKey) -> [UInt8]? { store.fragment(place) }

    func keep(fragment: [UInt8], for place: FragmentKey) { store.keep(fragment: fragment, for: place) }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}

private extension RecognizedText {
    /// Numbers no page gives (a box millions of pixels wide, a confidence of 1e300) would
    /// overflow what is computed from them.
    var isPlausible: Bool {
        let bound = 1 << 24
        return abs(meanConfidence) <= bound && words.allSatisfy { word in
            word.confidence.isFinite && abs(word.confidence) <= Double(bound)
                && [word.box.x, word.box.y, word.box.width, word.box.height].allSatisfy { abs($0) <= bound }
        }
    }
}
