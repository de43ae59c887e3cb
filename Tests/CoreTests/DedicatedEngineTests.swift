import Core
import Dispatch
import Foundation
import Imaging
import Recognition
import Synchronization
import Testing

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

@Suite("A recognizer on a thread of its own")
struct DedicatedEngineTests {
    @Test("A cancelled caller returns at once while the engine is still busy; the next call waits for it and reads")
    func cancelWithoutWaiting() throws {
        let gated = GatedRecognizer()
        let engine = DedicatedEngine(gated)
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
        #expect(gated.entered.wait(timeout: .now() + 30) == .success)
        busy.cancel()
        // The gate is still closed: the caller came back without the engine finishing.
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(returned.withLock { $0 } as? RecognitionError == .cancelled)
        #expect(gated.finished.load(ordering: .relaxed) == 0)

        gated.gate.signal()
        gated.gate.signal()
        let text = try engine.recognize(RGBImage(width: 12, height: 8), resolution: nil)
        #expect(text.text == "read 12\n")
        #expect(gated.finished.load(ordering: .relaxed) == 2, "the abandoned recognition finished first")
    }
}
