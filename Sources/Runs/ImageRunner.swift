import Core
import Documents
import FileSystem
import Foundation
import Imaging
import PageDocuments
import Recognition
import Reports
import ResultStore
import Search
import Synchronization
import Threading

/// Runs one filter state over many images, for `ocr` and `batch`: a producer reads the
/// inputs, `jobs` workers each with their own recognizer process them, and the caller's
/// thread receives every result in input order, as soon as it is next in line.
///
/// Memory stays bounded for any stream: at most `4 × jobs` images are between being read
/// and being delivered. The caller's thread is the one owner of output, progress and the
/// feed; workers never wait for it, nor for the feed's flush to disk.
public final class ImageRunner: Sendable {
    /// What became of one input.
    public enum Outcome: Sendable {
        /// Recognised; `problem` says what else went wrong (the filtered image could not be
        /// saved), without losing the recognition; `saved` is where `--save-dir` put the image.
        case recognized(RecognitionReport, problem: String? = nil, saved: String? = nil)
        case failed(String)
        /// Not processed because the run was cancelled.
        case skipped
        /// A document's page with text of its own, left as it is (see `PagesWithText`).
        case leftAsIs(PagesWithText.KeptPage)
    }

    public struct Result: Sendable {
        /// The input as the user named it, shown safely (see `PathEncoding.displayed`).
        public var input: String
        /// The document's page (from 1); nil for an image.
        public var page: Int?
        /// The document the page is of; nil for an image.
        public var document: WorkUnit.DocumentPages?
        public var outcome: Outcome
        /// The input's place in the run's whole list (from 0), before any `--shard` took its share.
        public var position: Int?
        /// The page made ready for the run's document, put in by the thread that delivers the
        /// result, in input order (`ImageRunner.placed`); nil once it is in, or for none.
        var documentPage: PageDocument.ReadyPage?

        public init(input: String, page: Int? = nil, document: WorkUnit.DocumentPages? = nil, outcome: Outcome,
                    position: Int? = nil) {
            self.input = input
            self.page = page
            self.document = document
            self.outcome = outcome
            self.position = position
        }

        /// The input with its page, as headers name it: `scan.pdf page 3`.
        public var displayName: String { page.map { "\(input) page \($0)" } ?? input }
    }

    public struct Progress: Sendable, Equatable {
        public var done = 0
        public var failed = 0
        /// How many of those done were answered from the result store.
        public var stored = 0
        /// The number of inputs, when known before they are read.
        public var total: Int?

        public init(done: Int = 0, failed: Int = 0, stored: Int = 0, total: Int? = nil) {
            (self.done, self.failed, self.stored, self.total) = (done, failed, stored, total)
        }
    }

    public struct Summary: Sendable, Equatable {
        public var succeeded = 0
        public var failed = 0
        public var cancelled = false
    }

    private struct Item: Sendable {
        var ticket: Int
        var unit: WorkUnit
        var saveName: String?
        /// The input's place in the whole list.
        var position: Int

        var result: (Outcome) -> Result {
            { [unit, position] outcome in
                Result(input: PathEncoding.displayed(unit.input), page: unit.page, document: unit.document, outcome: outcome,
                       position: position)
            }
        }

        /// The result of `processed`, with its page for the run's document.
        func result(of processed: Processed) -> Result {
            var delivered = result(processed.outcome)
            delivered.documentPage = processed.documentPage
            return delivered
        }
    }

    /// What became of a unit, and its page made ready for the run's document.
    private struct Processed: Sendable {
        var outcome: Outcome
        var documentPage: PageDocument.ReadyPage? = nil
    }

    private let settings: RecognitionSettings
    private let factory: RecognizerFactory
    /// The result store before the engines; nil for none.
    private let store: ResultStore?
    private let state: FilterState
    /// When set, the filters are chosen for each image by this search instead of `state`.
    private let auto: AutoSearch?
    private let jobs: Int
    private let saveDirectory: String?
    private let truth: TruthSource
    /// The pages of each document to read; nil for all.
    private let pageSelection: PageSelection?
    /// Which PDF pages with text of their own are left as they are rather than recognised.
    private let pagesWithText: PagesWithText

    public init(settings: RecognitionSettings, factory: @escaping RecognizerFactory = RecognitionSettings.tesseract,
                store: ResultStore? = nil, state: FilterState, auto: AutoSearch? = nil, jobs: Int, saveDirectory: String? = nil,
                truth: TruthSource = .none, pageSelection: PageSelection? = nil, pagesWithText: PagesWithText = .keepVisible) {
        precondition(jobs >= 1, "a run needs at least one worker")
        self.settings = settings
        self.factory = factory
        self.store = store
        self.state = state
        self.auto = auto
        self.jobs = jobs
        self.saveDirectory = saveDirectory
        self.truth = truth
        self.pageSelection = pageSelection
        self.pagesWithText = pagesWithText
    }

    /// Whether each image's filters are chosen by a search (`--auto`).
    public var choosesFilters: Bool { auto != nil }

    /// Processes every input (`-` is an image on standard input) and hands each result to
    /// `deliver` on this thread, in input order.
    ///
    /// - Parameters:
    ///   - total: the number of inputs, when known, for progress.
    ///   - publisher: where each recognition is published, with the words of the run so far.
    ///   - isCancelled: checked before each input; once true, no new input is started and
    ///     the ones not started are delivered as `skipped`.
    /// - Throws: when no recognizer can start (missing language data), before any input
    ///   is read.
    public func run(_ inputs: some Sequence<String> & Sendable, total: Int? = nil, shard: Shard? = nil,
                    publisher: FeedPublisher? = nil, pages: PageDocument? = nil,
                    isCancelled: @escaping @Sendable () -> Bool = { false },
                    searching: (String, AutoSearch.Progress) -> Void = { _, _ in },
                    deliver: (Result, Progress) -> Void) throws -> Summary {
        var tally = Tally(total: total, ignoredWords: settings.ignoredWords, publisher: publisher)
        func record(_ result: Result) { deliver(result, tally.record(result)) }
        if auto != nil {
            // One image at a time, its candidates on every engine.
            var pipeline = Pipeline(settings: settings, recognizer: try makeEngines(count: jobs), store: store, truth: truth)
            try runHere(inputs, shard: shard, isCancelled: isCancelled, pipeline: &pipeline, pages: pages, searching: searching,
                        deliver: record)
            tally.summary.cancelled = isCancelled()
            return tally.summary
        }
        // No more engines than images: each costs its start-up and its memory. No engine waits
        // for a page before its own to go in (the document takes its pages from this thread).
        let jobs = min(self.jobs, max(1, total ?? self.jobs))
        if jobs == 1 {
            var pipeline = try makePipeline(start: .aside)
            try runHere(inputs, shard: shard, isCancelled: isCancelled, pipeline: &pipeline, pages: pages, deliver: record)
        } else {
            try runInParallel(inputs, jobs: jobs, shard: shard, isCancelled: isCancelled, pages: pages, deliver: record)
        }
        tally.summary.cancelled = isCancelled()
        return tally.summary
    }

    /// Reads `input` (an image or a document) with `pipeline`, here: a hot folder's file, on an
    /// engine that lasts as long as the folder is watched.
    package func run(_ input: String, with pipeline: inout Pipeline, pages: PageDocument?,
                     deliver: (Result) -> Void) throws -> Summary {
        var tally = Tally(total: 1, ignoredWords: settings.ignoredWords, publisher: nil)
        try runHere(CollectionOfOne(input), shard: nil, isCancelled: { false }, pipeline: &pipeline, pages: pages) {
            _ = tally.record($0)
            deliver($0)
        }
        return tally.summary
    }

    /// Engines for this run's settings: made when they first read behind a result store, so that
    /// a run the store answers makes none.
    package func makeEngines(count: Int) throws(RunnerError) -> Engines {
        try Engines(count: count, settings: settings, factory: factory, start: store == nil ? .now : .lazily)
    }

    /// A pipeline of this run over `engine`: a worker's, reading with the engine of its thread.
    package func pipeline(over engine: Engine) -> Pipeline {
        Pipeline(settings: settings, recognizer: engine, store: store, truth: truth)
    }

    /// Every input in turn on this thread, with nothing to put in order: with the filters, on
    /// the pipeline's engine; with `--auto`, each searched on the engines it reads with (a pool,
    /// or a worker's own engine), and its document page read again and added on one of them.
    func runHere(_ inputs: some Sequence<String>, shard: Shard?, isCancelled: @escaping () -> Bool,
                 pipeline: inout Pipeline, pages: PageDocument?, searching: (String, AutoSearch.Progress) -> Void = { _, _ in },
                 deliver: (Result) -> Void) throws {
        guard let auto else {
            return try runHere(inputs, shard: shard, isCancelled: isCancelled, pipeline: &pipeline, pages: pages,
                               deliver: deliver, recognize: { [state] original, pipeline in try pipeline.run(original, state: state) })
        }
        try runHere(inputs, shard: shard, isCancelled: isCancelled, pipeline: &pipeline, pages: pages, deliver: deliver) {
            original, pipeline in
            try auto.run(original, pipeline: &pipeline) { searching(original.displayName, $0) }
        }
    }

    private func runHere(_ inputs: some Sequence<String>, shard: Shard?, isCancelled: @escaping () -> Bool,
                         pipeline: inout Pipeline, pages: PageDocument?, deliver: (Result) -> Void,
                         recognize: (LoadedImage, inout Pipeline) throws -> PipelineResult) throws {
        // The engine starts while the first image is decoded; whether it started is known
        // before any result goes out, so that one that cannot start is one error for the run.
        var ticket = 0
        for item in items(inputs, shard: shard, isCancelled: isCancelled) {
            var item = item
            item.ticket = ticket
            ticket += 1
            let processed = process(item, with: &pipeline, pages: pages, recognize: recognize)
            if ticket == 1 { try engineStarted(pipeline) }
            deliver(placed(item.result(of: processed), in: pages))
        }
        if ticket == 0 { try engineStarted(pipeline) }
    }

    private func engineStarted(_ pipeline: Pipeline) throws(RunnerError) {
        do {
            try pipeline.engineStarted()
        } catch {
            throw RunnerError(message: oneLineMessage(for: error))
        }
    }

    /// The units of work of `inputs` in order (this shard's inputs, each document's pages),
    /// made as they are needed, until cancelled; tickets are left for the caller to number.
    private func items(_ inputs: some Sequence<String>, shard: Shard?,
                       isCancelled: @escaping () -> Bool) -> some Sequence<Item> {
        var names = SaveNames()
        // Cancellation is looked at before each input (so that no other document is opened) and
        // before each of its units (so that a document's pages stop at the next page).
        return inputs.enumerated().lazy
            .filter { position, _ in shard?.includes(position) ?? true }
            .prefix { _ in !isCancelled() }
            .flatMap { [pageSelection, saveDirectory] position, input in
                WorkUnit.units(of: input, selection: pageSelection).lazy.map { unit in
                    Item(ticket: 0, unit: unit, saveName: saveDirectory.map { _ in names.name(for: unit.input, page: unit.page) },
                         position: position)
                }
            }
            .prefix { _ in !isCancelled() }
    }

    private func makePipeline(start: Engines.Start = .now) throws(RunnerError) -> Pipeline {
        do {
            return try Pipeline.make(settings, factory: factory, store: store, truth: truth, start: start)
        } catch {
            throw RunnerError(message: oneLineMessage(for: error))
        }
    }

    /// Several engines: a producer thread reads the inputs, the engines process them as the
    /// run's admission lets each start (`Engines.map`), and this thread puts the results back
    /// in input order, and each page in the document.
    private func runInParallel(_ inputs: some Sequence<String> & Sendable, jobs: Int, shard: Shard?,
                               isCancelled: @escaping @Sendable () -> Bool, pages: PageDocument?,
                               deliver: (Result) -> Void) throws {
        // Each engine is numbered, so that a document can tell whose page it is given.
        let engines = try makeEngines(count: jobs)
        // Pages start largest first, so that no large page is read alone at the end (a
        // document's 12 MP photo, last, left a core idle for seconds), and two large ones not
        // side by side while smaller ones wait (`pairedBytes`); the engines then choose among
        // more pages ahead (units, a few bytes each, and reports). A document written in input
        // order keeps each page made ready until those before it are in: its pages start as
        // they come, a few ahead.
        let costliestFirst = pages?.addsInInputOrder != true
        engines.map(window: jobs * (costliestFirst ? 16 : 4), budget: Self.recognitionBudget,
                    order: costliestFirst ? .costliestFirst(pairing: Self.pairedBytes) : .asQueued,
                    produce: { [self] emit in
            let costs = ExpectedCosts(decoder: settings.decoder)
            for item in items(inputs, shard: shard, isCancelled: isCancelled) { emit(item, costs.bytes(of: item.unit)) }
        }, transform: { [self] engine, ticket, item in
            var item = item
            item.ticket = ticket
            if isCancelled() { return item.result(.skipped) }
            var worker = pipeline(over: engine)
            return item.result(of: process(item, engine: engine.number, with: &worker, pages: pages,
                                           recognize: { [state] original, pipeline in try pipeline.run(original, state: state) }))
        }, deliver: { deliver(placed($0, in: pages)) })
    }

    /// `result` once its page is in the run's document (`PageDocument.add`), on the thread that
    /// delivers results, in input order: a page that cannot go in is the result's problem.
    private func placed(_ result: Result, in pages: PageDocument?) -> Result {
        guard let pages, let page = result.documentPage else { return result }
        var result = result
        result.documentPage = nil
        do {
            try pages.add(page)
        } catch {
            result.outcome = result.outcome.adding(problem: oneLineMessage(for: error))
        }
        return result
    }

    /// The counts, progress and feed of a run, kept by the thread that delivers results.
    private struct Tally {
        var summary = Summary()
        var progress: Progress
        var words: SessionWords
        let publisher: FeedPublisher?

        init(total: Int?, ignoredWords: Set<String>, publisher: FeedPublisher?) {
            progress = Progress(total: total)
            words = SessionWords(ignoring: ignoredWords)
            self.publisher = publisher
        }

        /// Counts `result`, publishes its recognition, and returns the progress so far.
        mutating func record(_ result: Result) -> Progress {
            switch result.outcome {
            case let .recognized(report, problem, _):
                if problem == nil { summary.succeeded += 1 } else { summary.failed += 1 }
                if report.timings.stored { progress.stored += 1 }
                words.add(report.recognized.text, rendering: nil)
                publisher?.publish(report, sessionTopWords: words.top())
            case .failed:
                summary.failed += 1
            case .leftAsIs:
                summary.succeeded += 1
            case .skipped:
                break
            }
            (progress.done, progress.failed) = (summary.succeeded + summary.failed, summary.failed)
            return progress
        }
    }

    /// The bytes of Tesseract's copies of pages that may be in work at once; a page alone
    /// always starts. Two 12-megapixel colour photos fit, so that the pages of a scanned
    /// document or a phone's photos keep both cores busy; a larger colour page goes alone. (At
    /// 40 MB a colour letter-size page went alone: the 20 scans of `bench/documents.sh` at
    /// -j 2 kept 1.45 cores busy and peaked near 290 MB.)
    static let recognitionBudget = 128 << 20

    /// The bytes of the pages a costliest-first run starts side by side while smaller pages
    /// wait: a 12 MP photo beside a letter-size page at 300 dpi (8.4 MP), not beside another
    /// photo, which would raise the run's peak by a photo's copies (two 12 MP photos of the
    /// 20 pages of `bench/documents.sh` together: 409 MiB, against 340-360 read apart).
    static let pairedBytes = 22_000_000 * ExpectedCosts.bytesPerPixel

    /// Loads, recognises, makes the page ready for the document (`PageDocument.prepare`) and
    /// saves the filtered image.
    private func process(_ item: Item, engine: Int = 0, with pipeline: inout Pipeline, pages: PageDocument?,
                         recognize: (LoadedImage, inout Pipeline) throws -> PipelineResult) -> Processed {
        let loaded: (LoadedImage, PipelineResult)
        do {
            if let failure = item.unit.failure { throw RunnerError(message: failure) }
            // The pixels are wanted in a document, saved, or searched for filters; otherwise
            // the pipeline may answer from the result store without decoding.
            let needsPixels = auto != nil || pages != nil || item.saveName != nil
            let original: LoadedImage
            switch try pipeline.loadOrAnswer(item.unit.input, page: item.unit.page, state: state, needsPixels: needsPixels) {
            case .answered(let report): return Processed(outcome: .recognized(report))
            case .loaded(let image): original = image
            }
            // A page of a PDF whose page tree names pages more than once cannot be kept as it
            // is (qpdf refuses such trees): it is read and rendered whatever text it has.
            if let page = original.page, !page.sharedTree, let survey = page.survey,
               let kept = pagesWithText.reasonToKeep(survey) {
                let ready = try pages?.prepare(item.ticket, engine: engine,
                                               from: .pdfPageAsIs(path: original.name, number: page.number)) { _ in
                    throw RunnerError(message: "a page kept as it is has nothing to write")
                }
                return Processed(outcome: .leftAsIs(kept), documentPage: ready)
            }
            // What decoding or rendering the page freed goes back before the page is read.
            trimHeap()
            loaded = (original, try recognize(original, &pipeline))
        } catch {
            return Processed(outcome: .failed(oneLineMessage(for: error)))
        }
        let (original, result) = loaded
        // The page is in its document (or needs none): what it took goes back before the next.
        defer { trimHeap() }
        var problems: [String] = []
        var ready: PageDocument.ReadyPage?
        if let pages {
            // Standard input has no file to embed; its pixels are encoded instead, as a
            // document's page's are (a PDF's page is kept as it is, under the text).
            let file = item.unit.input == ImageLoader.standardInputName || original.page != nil ? nil : item.unit.input
            do {
                let shown = pipeline.shownPage(of: result, original: original)
                ready = try pages.prepare(item.ticket, engine: engine, from: original.pageOrigin(shown: shown.geometry)) {
                    [pipeline] showingImage in
                    try pipeline.documentPage(of: result, original: original, shown: shown, file: file, showingImage: showingImage)
                }
            } catch {
                problems.append(oneLineMessage(for: error))
            }
        }
        var saved: String?
        if let saveDirectory, let name = item.saveName {
            let path = (saveDirectory.hasSuffix("/") ? saveDirectory : saveDirectory + "/") + name
            do {
                try PNGOutput.write(result.image, resolution: original.decoded.resolution, to: path)
                saved = PathEncoding.displayed(path)
            } catch {
                problems.append(oneLineMessage(for: error))
            }
        }
        return Processed(outcome: .recognized(result.report, problem: problems.isEmpty ? nil : problems.joined(separator: "; "),
                                              saved: saved),
                         documentPage: ready)
    }
}

private let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }
private func trimHeap() { _ = mallocTrim?(0) }

extension ImageRunner.Outcome {
    /// The outcome with `problem` said beside what it had: a recognition keeps its report; what
    /// had none to keep has failed.
    func adding(problem: String) -> Self {
        switch self {
        case let .recognized(report, earlier, saved):
            .recognized(report, problem: [earlier, problem].compactMap { $0 }.joined(separator: "; "), saved: saved)
        case .failed(let earlier):
            .failed(earlier + "; " + problem)
        case .skipped, .leftAsIs:
            .failed(problem)
        }
    }
}
