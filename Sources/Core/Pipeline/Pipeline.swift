import Documents
import FileSystem
import Foundation
import ImageCodec
import Imaging
import PageDocuments
import Recognition
import Reports
import ResultStore
import Session
import TextComparison
import WordFrequency

/// The one path every front end takes from an image to a `RecognitionReport`: load, render
/// the operations (through the cache, when there is one), consult the result store, recognise
/// what it does not keep, count words, time each stage. `ocr`, `repl`, `batch`, `sweep`,
/// `--auto`, `tune` and the web differ only in where images come from and where reports go.
public struct Pipeline {
    public var settings: RecognitionSettings { reader.settings }
    public let loader: ImageLoader
    public var renderer: Renderer
    /// The store asked first, the text sized once: the step a pool's engines read this
    /// pipeline's pages with too (`reading(with:)`).
    public let reader: PageReader
    /// Recognises and adds pages, nothing else: the engine of the thread this pipeline runs
    /// on, or a pool of engines (`Engines`).
    private let engine: any Recognizer
    private var store: StoreCache? { reader.store }

    /// - Parameters:
    ///   - recognizer: the engine of the thread that reads with this pipeline (`Engine`), or a
    ///     pool of engines on threads of their own (`Engines`).
    ///   - store: the result store, consulted before `recognizer` and given what it reads.
    ///   - cacheBudget: bytes of renderings kept for revisits; nil for none.
    ///   - truth: where the text each image really contains comes from, for accuracy.
    public init(settings: RecognitionSettings, recognizer: any Recognizer, store: ResultStore? = nil,
                cacheBudget: Int? = nil, truth: TruthSource = .none) {
        engine = recognizer
        reader = PageReader(settings: settings, store: store)
        loader = ImageLoader(decoder: settings.decoder, truth: truth, pageResolution: settings.resolution)
        renderer = Renderer(context: settings.filterContext, cacheBudget: cacheBudget)
    }

    /// A pipeline that loads and renders, and reads nothing: for `filter`, and for a run that
    /// renders on one thread what engines read on others (`sweep`).
    public static func rendering(_ settings: RecognitionSettings, cacheBudget: Int? = nil, truth: TruthSource = .none) -> Pipeline {
        Pipeline(settings: settings, recognizer: NoEngine(), cacheBudget: cacheBudget, truth: truth)
    }

    /// A pipeline reading with an engine of its own, on a thread of its own (`Engines` of
    /// one), so that a caller whose recognition is cancelled stops waiting at once.
    ///
    /// - Parameter start: when the engine starts. Behind a store it starts when a page is first
    ///   not kept there (`.lazily`), so that a run the store answers starts none, whatever is
    ///   asked; `.aside` returns at once, so that the first image is decoded while it starts,
    ///   and `engineStarted()` then says whether it could.
    public static func make(_ settings: RecognitionSettings, factory: @escaping RecognizerFactory = RecognitionSettings.tesseract,
                            store: ResultStore? = nil, cacheBudget: Int? = nil, truth: TruthSource = .none,
                            start: Engines.Start = .now) throws -> Pipeline {
        let engine = try Engines(count: 1, settings: settings, factory: factory, start: store == nil ? start : .lazily)
        return Pipeline(settings: settings, recognizer: engine, store: store, cacheBudget: cacheBudget, truth: truth)
    }

    /// Waits for an engine started aside (`make(start: .aside)`); throws what stopped it.
    public func engineStarted() throws {
        try (engine as? Engines)?.started()
    }

    /// This pipeline (its settings, store, truth and renderings kept) reading with `engine`: a
    /// search's over a pool, or a worker's over the engine of the thread it runs on.
    public func reading(with engine: any Recognizer) -> Pipeline {
        template.reading(with: engine)
    }

    /// What a pipeline is besides its engine, to be handed to engines' threads, where each job
    /// reads with a pipeline over the engine of the thread it runs on (`reading(with:)`).
    public struct Template: Sendable {
        let loader: ImageLoader
        let renderer: Renderer
        let reader: PageReader

        /// A pipeline over `engine`, with nothing recognised yet.
        public func reading(with engine: any Recognizer) -> Pipeline {
            Pipeline(loader: loader, renderer: renderer, reader: reader, engine: engine)
        }
    }

    public var template: Template { Template(loader: loader, renderer: renderer, reader: reader) }

    /// The template of a pipeline for `settings` behind `store`: what a pool's jobs read with.
    public static func template(_ settings: RecognitionSettings, store: ResultStore?, truth: TruthSource = .none) -> Template {
        Pipeline(settings: settings, recognizer: NoEngine(), store: store, truth: truth).template
    }

    private init(loader: ImageLoader, renderer: Renderer, reader: PageReader, engine: any Recognizer) {
        (self.loader, self.renderer, self.reader, self.engine) = (loader, renderer, reader, engine)
    }

    /// The engines this pipeline reads with, for a search: a pool, or a worker's own engine.
    public var engines: (any EngineSet)? { engine as? any EngineSet }

    /// `image` read: from the result store when it keeps it, else by the engine (and then kept).
    /// - Parameters:
    ///   - operations: the filters that rendered `image`; one that scales it (`scale`) chose
    ///     its size, and the page is then read as rendered, whatever `settings.textSizing` says.
    ///   - monitor: told the engine's progress, and able to cancel it.
    ///   - engine: the engine's own settings for this reading (`psm 6`), part of the store's key.
    public func recognize(_ image: RGBImage, resolution: Int?, rendering operations: [FilterOperation] = [],
                          engine reading: EngineSettings = EngineSettings(),
                          monitor: RecognitionMonitor? = nil,
                          reduced: ReducedDecoding? = nil) throws -> (recognized: RecognizedText, stored: Bool) {
        let page = try reader.read(image, resolution: resolution, rendering: operations, engine: reading, monitor: monitor,
                                   with: engine, reduced: reduced)
        return (page.recognized, page.stored)
    }

    /// `result` as a document's page, written from its reading, repaired lines and all: the page
    /// is never read again to be written. With `showingImage` (a searchable PDF's), it shows
    /// `shown` (the page loaded, moved as the filters moved it, its pixels unfiltered, from
    /// `shownPage(of:original:)`), its `file` embedded as it is where the format allows, at the
    /// size that was recognised.
    public func documentPage(of result: PipelineResult, original: LoadedImage, shown: ShownPage, file: String?,
                             showingImage: Bool) throws -> TesseractDocument.Page {
        let page = try pageToWrite(result, original: original)
        guard showingImage else { return TesseractDocument.Page(page, inputName: file) }
        let image = shown.image
        let sameSize = result.image.width == image.width && result.image.height == image.height
        let showing = sameSize ? PageImage(image: image, file: shown.geometry.isIdentity ? file : nil)
            : PageImage(image: LanczosScale(factor: Double(result.image.width) / Double(image.width))
                .apply(to: image, in: settings.space), file: nil)
        return TesseractDocument.Page(page, inputName: file, showing: showing)
    }

    /// `result`'s reading with its layout, as a document's page is written from it: the one
    /// reported, or, for a reading kept by a filterocr that kept no layout, the rendering read
    /// again with the report's repaired lines put back by their places.
    private func pageToWrite(_ result: PipelineResult, original: LoadedImage) throws -> RecognizedText {
        if result.report.recognized.layout != nil { return result.report.recognized }
        let resolution = resolution(of: original)
        let settings = result.report.filters.engine
        let (_, scale) = reader.place(of: result.image, resolution: resolution, rendering: result.report.operations,
                                      engine: settings)
        let read = try engine.exclusively { engine in
            try reader.read(result.image, resolution: resolution, scale: scale, engine: settings, with: engine)
        }
        return result.revision?.applied(to: read) ?? read
    }

    /// The page a document shows under `result`'s text: `original`'s page moved as the filters
    /// moved the rendering, and where it lies on that page (what a PDF's own page is cropped
    /// and turned by).
    public func shownPage(of result: PipelineResult, original: LoadedImage) -> ShownPage {
        ShownPage.of(result.report.operations, on: original.image, in: settings.filterContext)
    }

    /// Writes `result` as a one-page document of `format` at `path`, whole or not at all, from
    /// its reading (`documentPage`).
    public func writeDocument(_ format: TesseractDocument.Format, of result: PipelineResult, original: LoadedImage,
                              file: String?, to path: String) throws {
        let document = try PageDocument(format: format, destination: path, keepsOriginalPages: original.page?.kind == .pdf,
                                        optimized: true)
        do {
            let shown = shownPage(of: result, original: original)
            let ready = try document.prepare(0, from: original.pageOrigin(shown: shown.geometry)) { showingImage in
                try documentPage(of: result, original: original, shown: shown, file: original.page == nil ? file : nil,
                                 showingImage: showingImage)
            }
            try document.add(ready)
            try document.finish()
        } catch {
            document.abandon()
            throw error
        }
    }

    /// Reads an image, or page `page` of a document; with a cache (or when `identified`),
    /// identified by its pixels.
    public func load(_ path: String, page: Int? = nil, identified: Bool = false) throws -> LoadedImage {
        try loader.load(path, page: page, identified: identified || renderer.cache != nil, digestsFile: store != nil)
    }

    /// For an image loaded to be read with `state`, whose pixels are wanted for nothing else,
    /// its file decoded at the size its reading shrinks it to, where the sizing says so
    /// (`PageSizing.reducedDecoding`): decided once the store has no reading of the file.
    private func reducedLoad(for state: FilterState, needsPixels: Bool) -> ImageLoader.ReducedLoad? {
        guard !needsPixels, state.operations.isEmpty, renderer.cache == nil else { return nil }
        let (sizing, loader) = (reader.sizing, loader)
        return { bytes, name in sizing.reducedDecoding(of: bytes, name: name, by: loader) }
    }

    /// What `loadOrAnswer` found: the report, or the image to recognise.
    public enum StoreLookup {
        case answered(RecognitionReport)
        case loaded(LoadedImage)
    }

    /// The image file at `path` rendered with `state`, answered from the result store without
    /// decoding when the store has seen this file (its bytes) rendered so; otherwise loaded, from
    /// the bytes already read. Standard input, a document's page, no store, or `needsPixels`:
    /// loaded as `load` does.
    public func loadOrAnswer(_ path: String, page: Int? = nil, state: FilterState,
                             needsPixels: Bool = false) throws -> StoreLookup {
        // A rendering's stored recognition is the run's engine's: one read with other settings is looked up by its pixels.
        let reduced = reducedLoad(for: state, needsPixels: needsPixels)
        guard !needsPixels, page == nil, let store, state.engine.isDefault, path != ImageLoader.standardInputName,
              Document.kind(of: path) == nil else {
            return .loaded(try loader.load(path, page: page, identified: renderer.cache != nil, digestsFile: store != nil,
                                           reduced: reduced))
        }
        var stopwatch = Stopwatch()
        let bytes = try ImageFile.readBytes(path, decoder: settings.decoder)
        let digest = RenderingSource.fileDigest(bytes)
        let source = RenderingSource.key(fileDigest: digest, page: nil, operations: state.operations, settings: settings)
        guard let (recognized, rendering) = store.recognition(ofRendering: source, resolution: settings.resolution) else {
            return .loaded(try loader.load(path, bytes: bytes, digest: digest, identified: renderer.cache != nil, since: stopwatch,
                                           reduced: reduced))
        }
        var timings = RecognitionReport.Timings(decode: 0, filter: 0, ocr: stopwatch.lap())
        timings.stored = true
        return .answered(report(name: path, page: nil, truth: try loader.truth.text(for: path),
                                resolution: settings.resolution ?? rendering.fileResolution, state, recognized,
                                size: .init(width: rendering.width, height: rendering.height), cached: false, timings: timings))
    }

    /// `original` rendered with `state`'s operations and recognised. A state seen before is
    /// answered from the cache.
    ///
    /// - Parameters:
    ///   - includeDecodeTime: count the image's decoding in the timings (the first
    ///     recognition after loading it).
    ///   - monitor: told the recognition's progress, and able to cancel it, the filtering too (which throws a
    ///     `PipelineError` whose `isCancellation` is true).
    public mutating func run(_ original: LoadedImage, state: FilterState, includeDecodeTime: Bool = true,
                             monitor: RecognitionMonitor? = nil) throws -> PipelineResult {
        var stopwatch = Stopwatch()
        let decodeTime = includeDecodeTime ? original.decodeTime : 0
        // The cache keeps the run's engine's readings; one with other settings is read (or found in the store).
        if state.engine.isDefault, let (image, recognized) = renderer.cached(original, state.operations) {
            let timings = RecognitionReport.Timings(decode: decodeTime, filter: 0, ocr: 0, lookup: stopwatch.lap())
            return PipelineResult(report: report(original, state, recognized, rendered: image, cached: true, timings: timings), image: image)
        }
        let rendered: RGBImage
        if let monitor {
            // Filtering a large image can take seconds: a cancel must not wait for it.
            guard let image = renderer.render(original, operations: state.operations, unless: monitor.stop) else {
                throw PipelineError(source: original.name, underlying: RecognitionError.cancelled)
            }
            rendered = image
        } else {
            rendered = renderer.render(original, operations: state.operations)
        }
        let filterTime = stopwatch.lap()
        let reading: PageReader.Reading
        let reduced = original.reduction(rendering: state.operations)
        do {
            reading = try reader.read(rendered, resolution: resolution(of: original), rendering: state.operations,
                                      engine: state.engine, monitor: monitor, with: engine, reduced: reduced)
        } catch {
            throw PipelineError(source: original.name, underlying: error)
        }
        let ocrTime = stopwatch.lap()
        if state.engine.isDefault { renderer.store(reading.recognized, image: rendered, for: original, state.operations) }
        // The file's rendering is kept at the file's size: a reduced decoding is not kept as it.
        if state.engine.isDefault, reduced == nil, let digest = original.fileDigest, let key = reading.key {
            let source = RenderingSource.key(fileDigest: digest, page: original.page?.number, operations: state.operations,
                                             settings: settings)
            store?.keepRendering(source, as: key, of: rendered, fileResolution: original.decoded.resolution)
        }
        var timings = RecognitionReport.Timings(decode: decodeTime, filter: filterTime, ocr: ocrTime)
        timings.stored = reading.stored
        return PipelineResult(report: report(original, state, reading.recognized, rendered: rendered, cached: false, timings: timings),
                              image: rendered)
    }

    /// The resolution the recognition assumes: the option's, else the file's own.
    public func resolution(of original: LoadedImage) -> Int? {
        settings.resolution(of: original)
    }

    /// The report of `original` rendered with `state` as `rendered`, which read `recognized`.
    /// Its size is the rendered image's, which the word boxes are in (`scale` changes it).
    package func report(_ original: LoadedImage, _ state: FilterState, _ recognized: RecognizedText, rendered: RGBImage,
                cached: Bool, timings: RecognitionReport.Timings) -> RecognitionReport {
        // A reduced decoding read as it is gives its words in the file's pixels (`ReducedDecoding`).
        let size = original.reduction(rendering: state.operations).map { .init(width: $0.fileWidth, height: $0.fileHeight) }
            ?? RecognitionReport.Size(width: rendered.width, height: rendered.height)
        return report(name: original.name, page: original.page, truth: original.truth, resolution: resolution(of: original),
                      state, recognized, size: size, cached: cached, timings: timings)
    }

    private func report(name: String, page: LoadedImage.Page?, truth: String?, resolution: Int?, _ state: FilterState,
                        _ recognized: RecognizedText, size: RecognitionReport.Size, cached: Bool,
                        timings: RecognitionReport.Timings) -> RecognitionReport {
        var settings = settings.reading(with: state.engine)
        settings.resolution = resolution
        var report = RecognitionReport(
            image: PathEncoding.displayed(name), filters: state, recognized: recognized,
            topWords: WordCounts(text: recognized.text, ignoring: settings.ignoredWords).top(3),
            cached: cached, timings: timings, settings: settings, size: size,
            accuracy: truth.map { Accuracy(truth: $0, recognized: recognized.text) })
        report.page = page.map { RecognitionReport.Page($0) }
        return report
    }
}

/// A recognition and the image it read.
public struct PipelineResult: Sendable {
    public var report: RecognitionReport
    public var image: RGBImage
    /// The lines whose words `--auto` replaced after the rendering was read (its documents show
    /// those words); nil when the report's reading is the engine's.
    public var revision: LineRevision?

    public init(report: RecognitionReport, image: RGBImage) {
        self.report = report
        self.image = image
    }
}

/// A failure of one stage, with the image it happened to.
public struct PipelineError: LocalizedError {
    public let source: String
    public let underlying: any Error

    public init(source: String, underlying: any Error) {
        self.source = source
        self.underlying = underlying
    }

    public var errorDescription: String? { "\(source): \(oneLineMessage(for: underlying))" }

    /// Whether the recognition was stopped through its monitor rather than failing.
    public var isCancellation: Bool { underlying as? RecognitionError == .cancelled }
}
