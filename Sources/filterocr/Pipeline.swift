import Foundation
import ImageCodec
import Imaging
import Recognition
import WordFrequency

/// Loads an image, recognises it and times each stage: the one path every command takes
/// from a file to a `RecognitionReport`.
struct Pipeline {
    let decoder: ImageDecoder
    let engine: TesseractEngine
    /// Overrides the resolution the image files record.
    var resolution: Int?
    /// Words left out of the top words.
    var ignoredWords: Set<String> = []

    /// Processes the image at `path`; errors name the file.
    func process(path: String) throws -> RecognitionReport {
        var stopwatch = Stopwatch()
        let decoded = try LibraryDiagnostics.silenced { try ImageFile.load(path, decoder: decoder) }
        let decodeTime = stopwatch.lap()
        let recognized: RecognizedText
        do {
            recognized = try LibraryDiagnostics.silenced {
                try engine.recognize(decoded.image, resolution: resolution ?? decoded.resolution)
            }
        } catch {
            throw PipelineError(source: path, underlying: error)
        }
        let ocrTime = stopwatch.lap()
        return RecognitionReport(
            image: path, segment: "original", operations: [], recognized: recognized,
            topWords: WordCounts(text: recognized.text, ignoring: ignoredWords).top(3), cached: false,
            timings: .init(decode: decodeTime, filter: 0, ocr: ocrTime, total: decodeTime + ocrTime)
        )
    }
}

/// A failure of one stage, with the image it happened to.
struct PipelineError: LocalizedError {
    let source: String
    let underlying: any Error

    var errorDescription: String? { "\(source): \(underlying.localizedDescription)" }
}

/// Milliseconds between laps.
struct Stopwatch {
    private var last = ContinuousClock.now

    mutating func lap() -> Double {
        let now = ContinuousClock.now
        defer { last = now }
        let elapsed = (now - last).components
        let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        return (milliseconds * 100).rounded() / 100
    }
}
