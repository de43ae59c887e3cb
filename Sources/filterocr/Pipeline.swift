import Foundation
import ImageCodec
import Imaging
import Recognition
import Session
import WordFrequency

/// An image read for processing, with what identifies its content.
struct LoadedImage {
    /// The path or name the user gave.
    var name: String
    var decoded: DecodedImage
    /// Identifies the pixels (not the file name) for the render cache; computed only for
    /// callers that cache, as hashing a large image costs tens of milliseconds.
    var contentKey: Int?
    /// Milliseconds spent reading and decoding it.
    var decodeTime: Double

    var image: RGBImage { decoded.image }
}

/// The one path every command takes from an image to a `RecognitionReport`: load, render
/// the operations, recognise, count words, time each stage. `ocr`, `filter`, `repl` and
/// `batch` differ only in where images come from and where reports go.
struct Pipeline {
    let decoder: ImageDecoder
    let engine: TesseractEngine
    var space: WorkingSpace = .linear
    /// Overrides the resolution the image files record.
    var resolution: Int?
    /// Words left out of the top words.
    var ignoredWords: Set<String> = []

    /// Reads and decodes the image at `path`; errors name the file.
    ///
    /// - Parameter identified: compute the content key the render cache needs.
    func load(_ path: String, identified: Bool = false) throws -> LoadedImage {
        var stopwatch = Stopwatch()
        var loaded = try load(bytes: try ImageFile.readBytes(path), name: path)
        if identified { loaded.contentKey = Self.contentKey(loaded.image) }
        loaded.decodeTime = stopwatch.lap()
        return loaded
    }

    /// Decodes image bytes that did not come from a file, named `name` in errors.
    func load(bytes: [UInt8], name: String) throws -> LoadedImage {
        var stopwatch = Stopwatch()
        let decoded = try LibraryDiagnostics.silenced { try decoder.decode(bytes, source: name) }
        return LoadedImage(name: name, decoded: decoded, contentKey: nil, decodeTime: stopwatch.lap())
    }

    /// `original` rendered with `state`'s operations and recognised.
    func run(_ original: LoadedImage, state: FilterState) throws -> (report: RecognitionReport, image: RGBImage) {
        var noCache: RenderCache<RecognizedText>?
        return try run(original, state: state, cache: &noCache)
    }

    /// `original` rendered with `state`'s operations and recognised. With a cache, a state
    /// seen before is answered from it, and only operations not yet rendered are applied.
    func run(_ original: LoadedImage, state: FilterState, cache: inout RenderCache<RecognizedText>?,
             includeDecodeTime: Bool = true) throws -> (report: RecognitionReport, image: RGBImage) {
        var stopwatch = Stopwatch()
        precondition(cache == nil || original.contentKey != nil, "load with identified: true to use a cache")
        let key = RenderCache<RecognizedText>.Key(original: original.contentKey ?? 0, operations: state.operations, space: space)
        let decodeTime = includeDecodeTime ? original.decodeTime : 0
        if let entry = cache?.entry(for: key), let recognized = entry.recognition {
            let report = makeReport(original, state: state, recognized: recognized, cached: true,
                                    timings: .init(decode: decodeTime, filter: 0, ocr: 0, lookup: stopwatch.lap()))
            return (report, entry.image)
        }
        let rendered = render(original, operations: state.operations, cache: &cache)
        let filterTime = stopwatch.lap()
        let recognized: RecognizedText
        do {
            recognized = try LibraryDiagnostics.silenced {
                try engine.recognize(rendered, resolution: resolution ?? original.decoded.resolution)
            }
        } catch {
            throw PipelineError(source: original.name, underlying: error)
        }
        let ocrTime = stopwatch.lap()
        cache?.store(rendered, recognition: recognized, for: key)
        let report = makeReport(original, state: state, recognized: recognized, cached: false,
                                timings: .init(decode: decodeTime, filter: filterTime, ocr: ocrTime))
        return (report, rendered)
    }

    /// The image after `operations`, starting from the longest prefix already rendered.
    func render(_ original: LoadedImage, operations: [FilterOperation], cache: inout RenderCache<RecognizedText>?) -> RGBImage {
        func key(_ count: Int) -> RenderCache<RecognizedText>.Key {
            .init(original: original.contentKey ?? 0, operations: Array(operations.prefix(count)), space: space)
        }
        var done = operations.count
        while done > 0, cache?.contains(key(done)) != true { done -= 1 }
        var image = done > 0 ? cache!.entry(for: key(done))!.image : original.image
        for index in done..<operations.count {
            image = operations[index].apply(to: image, in: space)
            cache?.store(image, for: key(index + 1))
        }
        return image
    }

    private func makeReport(_ original: LoadedImage, state: FilterState, recognized: RecognizedText, cached: Bool,
                            timings: RecognitionReport.Timings) -> RecognitionReport {
        RecognitionReport(image: original.name, segment: state.segment.rawValue, operations: state.operationNames,
                          recognized: recognized,
                          topWords: WordCounts(text: recognized.text, ignoring: ignoredWords).top(3),
                          cached: cached, timings: timings)
    }

    /// A hash of the pixels: two files with the same pixels share renderings.
    static func contentKey(_ image: RGBImage) -> Int {
        var hasher = Hasher()
        hasher.combine(image.width)
        hasher.combine(image.height)
        image.withUnsafeSamples { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}

/// A failure of one stage, with the image it happened to.
struct PipelineError: LocalizedError {
    let source: String
    let underlying: any Error

    var errorDescription: String? { "\(source): \(underlying.localizedDescription)" }
}

/// Milliseconds between laps, to two decimals.
struct Stopwatch {
    private var last = ContinuousClock.now

    mutating func lap() -> Double {
        let now = ContinuousClock.now
        defer { last = now }
        return Milliseconds.rounded(now - last)
    }
}

enum Milliseconds {
    static func rounded(_ duration: Duration) -> Double {
        let parts = duration.components
        return round(Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15)
    }

    static func round(_ milliseconds: Double) -> Double { (milliseconds * 100).rounded() / 100 }
}
