import Foundation
import Imaging
import Recognition
import ResultStore

/// A recognizer that answers from the result store when it can, and keeps what its engine
/// reads there: the recognition under the digest of the pixels, the engine's identity and the
/// resolution, and each document page under its format and place as well.
///
/// Serves one thread at a time, as the recognizer it wraps does.
public final class StoringRecognizer: Recognizer {
    /// The engine, started when a page is first not in the store: a run answered from the
    /// store starts none.
    private var started: (any Recognizer)?
    private let start: () throws -> any Recognizer
    private let store: ResultStore
    private let identity: EngineIdentity
    /// The last image recognised, for a document page that was not kept.
    private var last: (image: RGBImage, resolution: Int?, key: RecognitionKey)?
    public private(set) var lastRecognitionWasStored = false

    public init(store: ResultStore, identity: EngineIdentity, engine start: @escaping () throws -> any Recognizer) {
        self.start = start
        self.store = store
        self.identity = identity
    }

    public func releaseLastPage() {
        started?.releaseLastPage()
    }

    private var engine: any Recognizer {
        get throws {
            if let started { return started }
            let engine = try start()
            started = engine
            return engine
        }
    }

    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    public func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        let key = RecognitionKey(page: PixelDigest.of(image), engine: identity.digest, resolution: resolution)
        last = (image, resolution, key)
        if let recognized = storedRecognition(key) {
            lastRecognitionWasStored = true
            return recognized
        }
        lastRecognitionWasStored = false
        let recognized = try engine.recognize(image, resolution: resolution, monitor: monitor)
        if let content = try? Self.encoder.encode(recognized) { store.keep(content, for: key, engine: identity.description) }
        return recognized
    }

    public var keepsRenderings: Bool { true }

    public func recognition(ofRendering source: RenderingKey, resolution: Int?) -> (RecognizedText, StoredRendering)? {
        guard let rendering = store.rendering(source) else { return nil }
        let key = RecognitionKey(page: rendering.page, engine: identity.digest, resolution: resolution ?? rendering.fileResolution)
        guard let recognized = storedRecognition(key) else { return nil }
        // No pixels to add a document page from.
        last = nil
        lastRecognitionWasStored = true
        return (recognized, rendering)
    }

    public func keepLastRendering(as source: RenderingKey, fileResolution: Int?) {
        guard let last else { return }
        store.keep(StoredRendering(page: last.key.page, width: last.image.width, height: last.image.height,
                                   fileResolution: fileResolution), for: source)
    }

    /// The recognition kept under `key`, when it reads as one a page could have given; one
    /// that does not (damaged or crafted) is a miss, said once: the page is recognised again
    /// and its entry replaced.
    private func storedRecognition(_ key: RecognitionKey) -> RecognizedText? {
        guard let content = store.recognition(key) else { return nil }
        guard let recognized = try? JSONDecoder().decode(RecognizedText.self, from: content), recognized.isPlausible else {
            store.unreadableEntryFound()
            return nil
        }
        return recognized
    }

    /// The page as kept for this place in a document of this format; otherwise the engine's,
    /// reading the image again first when the recognition came from the store.
    @discardableResult
    public func addLastPage(to document: TesseractDocument, showing shown: PageImage) throws -> [UInt8]? {
        guard let last else { throw RunnerError(message: "no page has been recognised to add") }
        let place = FragmentKey(recognition: last.key, format: document.format.rawValue,
                                pageNumber: document.nextPageNumber, inputName: shown.file)
        if lastRecognitionWasStored {
            if document.format != .pdf, let fragment = store.fragment(place) {
                try document.add(fragment: fragment)
                return fragment
            }
            _ = try engine.recognize(last.image, resolution: last.resolution)
            lastRecognitionWasStored = false
        }
        let fragment = try engine.addLastPage(to: document, showing: shown)
        if let fragment { store.keep(fragment: fragment, for: place) }
        return fragment
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}

extension RecognitionSettings {
    /// Tesseract engines for these settings behind `store`.
    public static func storing(in store: ResultStore) -> RecognizerFactory {
        { settings in
            StoringRecognizer(store: store, identity: EngineIdentity(settings: settings)) { try tesseract(settings) }
        }
    }
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
