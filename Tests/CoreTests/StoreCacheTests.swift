import Core
import CoreTestSupport
import Foundation
import Imaging
import Recognition
import ResultStore
import Synchronization
import TestSupport
import Testing

/// The result store as the pipeline's cache (`StoreCache`), through the pipeline that asks it
/// and a real store in a temporary file: what is kept under which key, what comes back, and
/// what is read again.
@Suite("The result store in front of the engine")
struct StoreCacheTests {
    /// A recognizer that reads with any engine settings, saying which in its text, and counts
    /// its readings.
    final class SettingsReader: Recognizer, Sendable {
        let calls = Atomic<Int>(0)

        func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
            try recognize(image, resolution: resolution, engine: EngineSettings(), monitor: nil)
        }

        func recognize(_ image: RGBImage, resolution: Int?, engine: EngineSettings,
                       monitor: RecognitionMonitor?) throws -> RecognizedText {
            calls.add(1, ordering: .relaxed)
            let text = "read \(image.width) psm \(engine.pageSegmentation.map(String.init) ?? "-")"
            return RecognizedText(text: text, meanConfidence: 80,
                                  words: [RecognizedWord(text: "read", confidence: 80,
                                                         box: BoundingBox(x: 0, y: 0, width: image.width, height: image.height))])
        }
    }

    /// What the store said through its `warn`.
    final class Warnings: Sendable {
        let lines = Mutex<[String]>([])
    }

    private let image = TestImages.image(width: 40, height: 16)

    private func newStore(warnings: Warnings? = nil) throws -> ResultStore {
        try ResultStore(path: try Paths.temporaryDirectory() + "/results.sqlite") { line in
            warnings?.lines.withLock { $0.append(line) }
        }
    }

    /// Where a recognition of `image` by an engine with `settings` is kept, as the store's
    /// schema names it: the pixels' digest, the engine's identity, the resolution.
    private func key(_ image: RGBImage, _ settings: RecognitionSettings, resolution: Int?,
                     engine: EngineSettings = EngineSettings()) -> RecognitionKey {
        RecognitionKey(page: PixelDigest.of(image), engine: EngineIdentity(settings: settings, engine: engine).digest,
                       resolution: resolution)
    }

    @Test("A kept recognition comes back to another pipeline on the same store, without its engine")
    func keptComesBack() throws {
        let store = try newStore()
        let settings = RecognitionSettings()
        let first = FakeRecognizer()
        let read = try Pipeline(settings: settings, recognizer: first, store: store).recognize(image, resolution: 300)
        #expect(!read.stored)
        #expect(first.calls.load(ordering: .relaxed) == 1)
        #expect(store.recognition(key(image, settings, resolution: 300)) != nil, "kept under the pixels, engine and resolution")

        let second = FakeRecognizer()
        let again = try Pipeline(settings: settings, recognizer: second, store: store).recognize(image, resolution: 300)
        #expect(again.stored)
        #expect(again.recognized == read.recognized)
        #expect(second.calls.load(ordering: .relaxed) == 0)
    }

    @Test("Another resolution is another key: the page is read again")
    func resolutionInKey() throws {
        let store = try newStore()
        let engine = FakeRecognizer()
        let pipeline = Pipeline(settings: RecognitionSettings(), recognizer: engine, store: store)
        _ = try pipeline.recognize(image, resolution: 300)
        #expect(try !pipeline.recognize(image, resolution: 150).stored)
        #expect(try !pipeline.recognize(image, resolution: nil).stored, "an estimated resolution is not 300")
        #expect(try pipeline.recognize(image, resolution: 150).stored)
        #expect(engine.calls.load(ordering: .relaxed) == 3)
    }

    @Test("Other pixels are another key")
    func pixelsInKey() throws {
        let store = try newStore()
        let engine = FakeRecognizer()
        let pipeline = Pipeline(settings: RecognitionSettings(), recognizer: engine, store: store)
        _ = try pipeline.recognize(image, resolution: 300)
        var changed = image
        changed.withUnsafeMutableSamples { $0[0] = 7 }
        #expect(try !pipeline.recognize(changed, resolution: 300).stored)
        #expect(engine.calls.load(ordering: .relaxed) == 2)
    }

    @Test("A reading with the engine's own settings (psm 6) is kept apart from the run's, under that engine's identity")
    func engineSettingsInKey() throws {
        let store = try newStore()
        let settings = RecognitionSettings()
        let engine = SettingsReader()
        let pipeline = Pipeline(settings: settings, recognizer: engine, store: store)
        let psm6 = EngineSettings(pageSegmentation: 6)
        let plain = try pipeline.recognize(image, resolution: 300)
        let block = try pipeline.recognize(image, resolution: 300, engine: psm6)
        #expect(!block.stored, "the run's reading does not answer for psm 6")
        #expect(block.recognized.text == "read 40 psm 6")
        #expect(try pipeline.recognize(image, resolution: 300, engine: psm6).recognized.text == "read 40 psm 6")
        #expect(try pipeline.recognize(image, resolution: 300).recognized == plain.recognized)
        #expect(engine.calls.load(ordering: .relaxed) == 2)
        #expect(store.recognition(key(image, settings, resolution: 300, engine: psm6)) != nil)

        // A run with --psm 6 reads the page as the reading with psm 6 did.
        var run6 = settings
        run6.pageSegmentation = try #require(PageSegmentation(rawValue: 6))
        let other = SettingsReader()
        let answered = try Pipeline(settings: run6, recognizer: other, store: store).recognize(image, resolution: 300)
        #expect(answered.stored)
        #expect(answered.recognized.text == "read 40 psm 6")
        #expect(other.calls.load(ordering: .relaxed) == 0)
    }

    @Test("A page read as rendered (scaled by a filter) never answers for one the text sizing reads, and answers for a run without sizing")
    func asRenderedInKey() throws {
        let store = try newStore()
        var sizing = RecognitionSettings()
        sizing.textSizing = .fit
        let engine = FakeRecognizer()
        let pipeline = Pipeline(settings: sizing, recognizer: engine, store: store)
        let scaled = [FilterOperation(.scale)]
        let asRendered = try pipeline.recognize(image, resolution: 300, rendering: scaled)
        #expect(!asRendered.stored)
        #expect(try !pipeline.recognize(image, resolution: 300).stored, "sized reading is another key")
        #expect(try pipeline.recognize(image, resolution: 300, rendering: scaled).stored)
        #expect(engine.calls.load(ordering: .relaxed) == 2)

        var plain = sizing
        plain.textSizing = .off
        let other = FakeRecognizer()
        let answered = try Pipeline(settings: plain, recognizer: other, store: store).recognize(image, resolution: 300)
        #expect(answered.stored, "reading as rendered is the identity of a run without text sizing")
        #expect(answered.recognized == asRendered.recognized)
        #expect(other.calls.load(ordering: .relaxed) == 0)
    }

    @Test("A damaged entry is a miss, said once, and replaced by the next reading", arguments: [
        Data("not a recognition".utf8),
        Data(#"{"meanConfidence": 90, "text": "cut"#.utf8),
    ])
    func damagedEntry(content: Data) throws {
        let warnings = Warnings()
        let store = try newStore(warnings: warnings)
        let settings = RecognitionSettings()
        let place = key(image, settings, resolution: 300)
        store.keep(content, for: place, engine: "crafted")
        let engine = FakeRecognizer()
        let pipeline = Pipeline(settings: settings, recognizer: engine, store: store)
        let read = try pipeline.recognize(image, resolution: 300)
        #expect(!read.stored)
        #expect(engine.calls.load(ordering: .relaxed) == 1)
        let kept = try #require(store.recognition(place))
        #expect(try JSONDecoder().decode(RecognizedText.self, from: kept) == read.recognized, "the entry is replaced")
        #expect(try pipeline.recognize(image, resolution: 300).stored)
        #expect(warnings.lines.withLock { $0.count { $0.contains("does not read as a recognition") } } == 1)
    }

    @Test("An entry with numbers no page gives is a miss and is replaced", arguments: [
        RecognizedText(text: "huge", meanConfidence: 1 << 40, words: []),
        RecognizedText(text: "wide", meanConfidence: 90,
                       words: [RecognizedWord(text: "wide", confidence: 90, box: BoundingBox(x: 0, y: 0, width: 1 << 30, height: 4))]),
        RecognizedText(text: "sure", meanConfidence: 90,
                       words: [RecognizedWord(text: "sure", confidence: 1e300, box: BoundingBox(x: 0, y: 0, width: 4, height: 4))]),
    ])
    func implausibleEntry(crafted: RecognizedText) throws {
        let store = try newStore()
        let settings = RecognitionSettings()
        let place = key(image, settings, resolution: 300)
        store.keep(try JSONEncoder().encode(crafted), for: place, engine: "crafted")
        let engine = FakeRecognizer()
        let read = try Pipeline(settings: settings, recognizer: engine, store: store).recognize(image, resolution: 300)
        #expect(!read.stored)
        #expect(read.recognized != crafted)
        #expect(engine.calls.load(ordering: .relaxed) == 1)
        let kept = try #require(store.recognition(place))
        #expect(try JSONDecoder().decode(RecognizedText.self, from: kept) == read.recognized)
    }

    @Test("A file rendered by a script is answered from the store by its bytes, without decoding or reading it")
    func renderingBySource() throws {
        let store = try newStore()
        let settings = RecognitionSettings()
        let file = try #require(try TestImages.files(widths: [48]).first)
        let blurred = try FilterState().applying(.select(.blur))
        var first = Pipeline(settings: settings, recognizer: FakeRecognizer(), store: store)
        let result = try first.run(try first.load(file), state: blurred)

        let engine = FakeRecognizer()
        let second = Pipeline(settings: settings, recognizer: engine, store: store)
        guard case .answered(let report) = try second.loadOrAnswer(file, state: blurred) else {
            Issue.record("the blurred rendering of the file was not found by its bytes")
            return
        }
        #expect(report.recognized == result.report.recognized)
        #expect(report.size == result.report.size)
        #expect(report.timings.stored == true)
        #expect(engine.calls.load(ordering: .relaxed) == 0)

        guard case .loaded = try second.loadOrAnswer(file, state: FilterState()) else {
            Issue.record("the original was answered though only the blurred rendering was kept")
            return
        }
        guard case .loaded = try second.loadOrAnswer(file, state: blurred, needsPixels: true) else {
            Issue.record("answered without pixels though they were asked for")
            return
        }
    }

    @Test("A document page written once is written again from the store, its engine not asked")
    func fragments() throws {
        let store = try newStore()
        let settings = RecognitionSettings()
        let file = Paths.images + "/price_tag.bmp"
        let folder = try Paths.temporaryDirectory()
        var first = Pipeline(settings: settings, recognizer: try TesseractEngine(), store: store)
        let original = try first.load(file)
        let result = try first.run(original, state: FilterState())
        try first.writeDocument(.hocr, of: result, original: original, file: file, to: folder + "/first.hocr")

        let engine = FakeRecognizer()
        var second = Pipeline(settings: settings, recognizer: engine, store: store)
        let again = try second.run(try second.load(file), state: FilterState())
        #expect(again.report.timings.stored == true)
        try second.writeDocument(.hocr, of: again, original: original, file: file, to: folder + "/second.hocr")
        #expect(engine.calls.load(ordering: .relaxed) == 0, "the page came from the store, not the fake engine")
        let written = try String(contentsOfFile: folder + "/second.hocr", encoding: .utf8)
        #expect(written.contains("SPECIAL"), "Tesseract's page, as the first document had it")
        #expect(!written.contains("common"), "not the fake engine's reading")
    }
}
