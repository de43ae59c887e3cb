import Core
import CoreTestSupport
import Dispatch
import Foundation
import ImageCodec
import Imaging
import Recognition
import ResultStore
import Session
import Synchronization
import TestSupport
import Testing
import Threading

/// A recognizer that holds each recognition until the test opens its gate, and does not ask
/// its monitor: Tesseract during layout analysis, which it cannot stop.
final class GatedRecognizer: Recognizer, Sendable {
    let gate = DispatchSemaphore(value: 0)
    /// Signalled when a recognition has started.
    let entered = DispatchSemaphore(value: 0)
    let finished = Atomic<Int>(0)

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        entered.signal()
        gate.wait()
        finished.add(1, ordering: .relaxed)
        return RecognizedText(text: "read \(image.width)\n", meanConfidence: 90, words: [])
    }
}

@Suite("An engine on a thread of its own")
struct EngineThreadTests {
    @Test("A cancelled caller returns at once while the engine is still busy; the next call waits for it and reads")
    func cancelWithoutWaiting() async throws {
        let gated = GatedRecognizer()
        let engine = try Engines(count: 1, settings: RecognitionSettings(), factory: { _ in gated })
        let monitor = RecognitionMonitor()
        monitor.cancel()
        // Cancelled before it starts: it never reaches the engine.
        #expect(throws: RecognitionError.cancelled) { try engine.recognize(RGBImage(width: 8, height: 8), resolution: nil, monitor: monitor) }

        let busy = RecognitionMonitor()
        let returned = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let caller = Thread {
            do { _ = try engine.recognize(RGBImage(width: 10, height: 8), resolution: nil, monitor: busy) } catch {
                returned.withLock { $0 = error }
            }
            done.signal()
        }
        caller.start()
        #expect(await gated.entered.signalled(within: 30))
        busy.cancel()
        // The gate is still closed: the caller came back without the engine finishing.
        #expect(await done.signalled(within: 30))
        #expect(returned.withLock { $0 } as? RecognitionError == .cancelled)
        #expect(gated.finished.load(ordering: .relaxed) == 0)

        gated.gate.signal()
        gated.gate.signal()
        let text = try engine.recognize(RGBImage(width: 12, height: 8), resolution: nil)
        #expect(text.text == "read 12\n")
        #expect(gated.finished.load(ordering: .relaxed) == 2, "the abandoned recognition finished first")
    }
}

@Suite("Engines started when the run needs them")
struct EngineStartTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "no language data" }
    }

    @Test("An engine started aside that cannot start says why when waited for, and to every reading")
    func asideFailure() async throws {
        let pool = try Engines(count: 1, settings: RecognitionSettings(), factory: { _ in throw Refused() }, start: .aside)
        #expect { try pool.started() } throws: { "\($0)".contains("no language data") }
        #expect { try pool.recognize(RGBImage(width: 8, height: 8), resolution: nil) } throws: { "\($0)".contains("no language data") }
    }

    @Test("An engine started now that cannot start is one error from init")
    func nowFailure() async {
        #expect { try Engines(count: 2, settings: RecognitionSettings(), factory: { _ in throw Refused() }) }
            throws: { "\($0)".contains("no language data") }
    }

    @Test("A lazily started engine starts only when a page is not in the store, once for the thread's life")
    func lazily() async throws {
        let made = Atomic(0)
        let fake = FakeRecognizer()
        let factory: RecognizerFactory = { _ in
            made.add(1, ordering: .relaxed)
            return fake
        }
        let store = try ResultStore(path: try Paths.temporaryDirectory() + "/results.sqlite", warn: { _ in })
        let pipeline = try Pipeline.make(RecognitionSettings(), factory: factory, store: store, start: .lazily)
        try pipeline.engineStarted()
        #expect(made.load(ordering: .relaxed) == 0, "asking whether it started does not start a lazy engine")
        let image = TestImages.image(width: 40, height: 20)
        #expect(try pipeline.recognize(image, resolution: nil).stored == false)
        #expect(try pipeline.recognize(TestImages.image(width: 42, height: 20), resolution: nil).stored == false)
        #expect(made.load(ordering: .relaxed) == 1)
        // Another pipeline behind the same store finds the page kept, and starts no engine.
        let again = try Pipeline.make(RecognitionSettings(), factory: factory, store: store, start: .lazily)
        #expect(try again.recognize(image, resolution: nil).stored)
        #expect(made.load(ordering: .relaxed) == 1)
    }

    @Test("Work run aside gives the work's value, or nil at once when the stop is raised")
    func aside() async {
        #expect(Aside.run(unless: StopSignal()) { 6 * 7 } == 42)
        let stop = StopSignal()
        let started = Completion<Void>()
        let finish = Completion<Void>()
        let raiser = Thread {
            _ = started.wait()
            stop.raise()
        }
        raiser.start()
        let value: Int? = Aside.run(unless: stop) {
            started.fulfil(())
            _ = finish.wait()
            return 1
        }
        #expect(value == nil, "the caller stopped waiting while the work was held")
        finish.fulfil(())
    }
}

@Suite("A pool is fed by pipelines")
struct PoolFedByPipelinesTests {
    /// Records the width of every image an engine is given.
    final class WidthRecorder: Recognizer, Sendable {
        let widths = Mutex<[Int]>([])
        let fake = FakeRecognizer()

        func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
            widths.withLock { $0.append(image.width) }
            return try fake.recognize(image, resolution: resolution)
        }
    }

    /// A grey page of dark letters 44 pixels tall, which `--text-size fit` reads at a quarter.
    private func page() -> RGBImage {
        var image = RGBImage(width: 1200, height: 900, fill: RGBPixel(grey: 230))
        for row in stride(from: 44, to: 800, by: 88) {
            for column in stride(from: 30, to: 1140, by: 60) {
                for dy in 0..<44 { for dx in 0..<30 where dx < 8 || dx >= 22 { image[column + dx, row + dy] = RGBPixel(grey: 30) } }
            }
        }
        return image
    }

    @Test("A session's pipeline over a shared pool sizes the text once, and a page a scale filter sized not at all")
    func sizedOnce() async throws {
        let recorder = WidthRecorder()
        let settings = RecognitionSettings(textSizing: .fit)
        let pool = try Engines(count: 2, settings: settings, factory: { _ in recorder })
        var pipeline = Pipeline(settings: settings, recognizer: pool)
        let original = try pipeline.loader.load(bytes: try PNGEncoder.encode(page()), name: "page.png")
        _ = try pipeline.run(original, state: FilterState())
        let scaled = try CommandScript("scale").finalState()
        let result = try pipeline.run(original, state: scaled)
        #expect(recorder.widths.withLock { $0 } == [600, result.image.width], "\(recorder.widths.withLock { $0 })")
    }

    @Test("Jobs of a batch read with a pipeline's reader ask its store first, and the engines keep no store of their own")
    func storeAskedByTheReader() async throws {
        let fake = FakeRecognizer()
        let store = try ResultStore(path: try Paths.temporaryDirectory() + "/results.sqlite", warn: { _ in })
        let pool = try Engines(count: 2, settings: RecognitionSettings(), factory: fake.factory)
        let withStore = Pipeline(settings: RecognitionSettings(), recognizer: pool, store: store)
        let image = TestImages.image(width: 40, height: 20)
        let batch = pool.batch(of: PageReader.Timed.self)
        let reader = withStore.reader
        batch.submit(1) { reader.timed(image, resolution: nil, rendering: [], engine: EngineSettings(), monitor: nil, with: $0) }
        #expect(batch.next()?.output.stored == false)
        batch.submit(2) { reader.timed(image, resolution: nil, rendering: [], engine: EngineSettings(), monitor: nil, with: $0) }
        let second = try #require(batch.next())
        #expect(second.output.stored && second.tag == 2)
        #expect(fake.calls.load(ordering: .relaxed) == 1)
        // Read through the pool directly, nothing is stored: the store is the pipeline's.
        _ = try pool.recognize(image, resolution: nil)
        #expect(fake.calls.load(ordering: .relaxed) == 2)
    }
}
