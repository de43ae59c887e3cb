import ImageCodec
import Imaging
import Recognition
import Synchronization
import TestSupport
import Testing

@Suite("Watching a recognition: progress and cancel")
struct RecognitionMonitorTests {
    private let page = Paths.corpus + "/phototest.tif"

    @Test("Progress rises as Tesseract reads the words, and the text is what an unwatched recognition reads")
    func progress() throws {
        let decoded = try ImageFile.load(page)
        let engine = try TesseractEngine()
        let seen = Mutex<[Int]>([])
        let monitor = RecognitionMonitor { progress in seen.withLock { $0.append(progress) } }
        let watched = try engine.recognize(decoded.image, resolution: decoded.resolution, monitor: monitor)
        let unwatched = try engine.recognize(decoded.image, resolution: decoded.resolution)
        #expect(watched == unwatched)
        let steps = seen.withLock { $0 }
        #expect(steps.count > 3, "\(steps)")
        #expect(steps == steps.sorted())
        // Tesseract reports its word passes (on this page 8% to 61%), not its last steps.
        #expect(monitor.progress == steps.last && steps.last! >= 50, "\(steps)")
    }

    @Test("A cancel stops the recognition part way, and the engine then reads the next image as usual")
    func cancel() throws {
        let decoded = try ImageFile.load(page)
        let engine = try TesseractEngine()
        let expected = try engine.recognize(decoded.image, resolution: decoded.resolution)
        // Cancelled the first time progress is reported: no timing involved.
        let cancelledAt = Mutex<Int?>(nil)
        let box = Mutex<RecognitionMonitor?>(nil)
        let monitor = RecognitionMonitor { progress in
            guard let monitor = box.withLock({ $0 }), !monitor.isCancelled else { return }
            cancelledAt.withLock { $0 = progress }
            monitor.cancel()
        }
        box.withLock { $0 = monitor }
        #expect(throws: RecognitionError.cancelled) {
            _ = try engine.recognize(decoded.image, resolution: decoded.resolution, monitor: monitor)
        }
        #expect((cancelledAt.withLock { $0 } ?? 100) < 90)
        #expect(monitor.progress < 90)
        #expect(try engine.recognize(decoded.image, resolution: decoded.resolution) == expected)
    }
}
