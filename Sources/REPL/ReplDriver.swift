import Core
import FileSystem
import Formats
import Foundation
import Imaging
import PageDocuments
import Recognition
import Reports
import ResultStore
import Search
import Session
import TextComparison
import Threading

/// The REPL session: reads a line, moves the session machine, loads, renders and recognises
/// through the pipeline, publishes to the feed, and returns what to say. It prints nothing;
/// front ends render its outputs.
public final class ReplDriver {
    private var machine: SessionMachine
    private var pipeline: Pipeline
    private let publisher: FeedPublisher?
    private var words: SessionWords
    /// The folder `~` stands for in paths.
    private let home: String?
    /// The image shown, decoded.
    private var original: LoadedImage?
    /// Set when an image has just been loaded, so its first report includes the decode time.
    private var freshlyLoaded = false
    private var last: PipelineResult?
    /// The text of the recognition before `last`, for `diff previous`.
    private var previousText: String?
    /// The text recognised in the current image's original, which changes are measured against.
    private var originalText: String?

    /// The engines `best` searches with, started the first time it is used.
    private var searchPool: Engines?
    /// While `best` shows its choice: the search's reading of the chosen rendering, and its
    /// accuracy, which the rendering's report takes in place of the rendering's own reading.
    private var adoptedReading: (RecognizedText, Accuracy?)?
    private let searchEngines: Int
    private let factory: RecognizerFactory
    private let store: ResultStore?

    /// The name an image is shown by, in reports, the feed and `status`, given its path: the
    /// web server shows an upload by the name it was sent with, not by the server's folder.
    public var displayName: (String) -> String = { $0 }

    /// Told that a `best` search starts, and then how it is going, for a progress line.
    public var onSearchStart: () -> Void = {}
    public var onSearchProgress: (AutoSearch.Progress) -> Void = { _ in }

    /// Told how far a transition's recognition is (0-100), on the thread that recognises,
    /// for a progress line.
    public var onRecognitionProgress: @Sendable (Int) -> Void = { _ in }

    /// The stop for the command under way (the terminal's Ctrl-C), asked for as each command
    /// starts: when it is raised, the recognition stops and the command is cancelled at once,
    /// leaving the session, the feed and the cache as they were.
    public var interruption: @Sendable () -> StopSignal? = { nil }

    /// Prepares likely next transitions while the user reads, when started.
    private var speculation: SessionSpeculation?
    /// Milliseconds a `next` or `open` waited for its image to be read ahead, for its report.
    private var preparedLoadWait = 0.0

    /// Commands refused or failed so far.
    public private(set) var refusals = 0
    /// Whether `quit` was given.
    public private(set) var hasQuit = false

    /// - Parameters:
    ///   - searchEngines: how many recognizers `best` runs in parallel.
    ///   - factory: makes them.
    ///   - store: the result store before them, and before speculation's engines.
    ///   - searchPool: engines that `best` shares with others (the web server's), instead of
    ///     its own `searchEngines`.
    public init(pipeline: Pipeline, images: [String], seed: UInt64, publisher: FeedPublisher?, home: String?,
                searchEngines: Int = ProcessInfo.processInfo.activeProcessorCount,
                factory: @escaping RecognizerFactory = RecognitionSettings.tesseract, store: ResultStore? = nil,
                searchPool: Engines? = nil) {
        machine = SessionMachine(images: images, seed: seed)
        self.searchPool = searchPool
        self.searchEngines = max(1, searchEngines)
        self.factory = factory
        self.store = store
        self.pipeline = pipeline
        self.publisher = publisher
        self.home = home
        words = SessionWords(ignoring: pipeline.settings.ignoredWords)
    }

    /// Starts preparing, after every command, the transitions the user is likely to type
    /// next, on `engines` engines of its own at the lowest CPU priority, holding at most
    /// `budget` bytes of renderings not yet moved into the cache. Needs the render cache.
    public func startSpeculating(engines: Int, budget: Int) {
        guard pipeline.renderer.cache != nil, engines > 0, budget > 0 else { return }
        speculation = SessionSpeculation(engines: engines, budget: budget, settings: pipeline.settings, factory: factory,
                                          store: store, truth: pipeline.loader.truth)
        prepareLikelyCommands()
    }

    /// Waits until the transitions predicted from the current state are prepared; for tests
    /// and benchmarks that stand for a user who reads long enough.
    public func waitUntilPrepared() {
        speculation?.waitUntilIdle()
    }

    /// The first recognition: `image`, or a random one of the set.
    public func start(with image: String?) -> [ReplOutput] {
        let command = image == nil ? "next" : "open"
        return perform(command, changingNothingOnRefusal: { machine.start(with: image.map(expandingHome)) })
    }

    /// The outputs for one typed line; none for a blank line or a comment.
    public func handle(_ line: String) -> [ReplOutput] {
        let command: SessionCommand
        do {
            guard let parsed = try SessionCommand.parse(line, home: home) else { return [] }
            command = parsed
        } catch {
            let word = line.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
            return [refusal(error.description, command: word)]
        }
        return perform(command)
    }

    /// The outputs for one command, already parsed.
    public func perform(_ command: SessionCommand) -> [ReplOutput] {
        if command == .quit {
            hasQuit = true
            return []
        }
        return perform(command.name, changingNothingOnRefusal: { machine.handle(command) })
    }

    /// The prompt for the current state, e.g. `receipt.png · blur; 75%> `: the filters as
    /// the command script that leads to them; a document's page as `scan.pdf p3/20 · blur> `.
    public var prompt: String {
        guard let image = machine.currentImage else { return "filterocr> " }
        let page = machine.currentPage.map { " p\($0.number)/\($0.count)" } ?? ""
        return "\(PathEncoding.displayed(AtomicFile.name(of: image)))\(page) · \(machine.filters)> "
    }

    // MARK: Carrying out the machine's actions

    /// Performs the action `event` returns. If the outcome is a refusal (a load or a
    /// recognition that failed), the session is put back as it was, filters and image included.
    private func perform(_ command: String, changingNothingOnRefusal event: () -> SessionMachine.Action) -> [ReplOutput] {
        speculation?.absorb(into: &pipeline)
        let before = (machine, original, freshlyLoaded, originalText, previousText, pipeline.renderer)
        let outputs = perform(event(), command: command)
        if outputs.contains(where: \.changedNothing) {
            (machine, original, freshlyLoaded, originalText, previousText, pipeline.renderer) = before
        }
        prepareLikelyCommands()
        return outputs
    }

    private func prepareLikelyCommands() {
        guard let speculation, let original else { return }
        speculation.prepare(from: machine, original: original, current: last, pipeline: pipeline)
    }

    private func perform(_ action: SessionMachine.Action, command: String) -> [ReplOutput] {
        switch action {
        case .load(let path):
            return load(path, page: nil, command: command)
        case .loadPage(let path, let page):
            return load(path, page: page, command: command)
        case .render:
            return [render(command: command)]
        case .chooseFilters:
            return chooseFilters(command: command)
        case .answer(let query):
            return [answer(query, command: command)]
        case .save(let path):
            return [save(to: path, command: command)]
        case .refuse(let message):
            return [refusal(message, command: command)]
        case .quit:
            hasQuit = true
            return []
        }
    }

    /// Reads the image at `path`, or page `page` of the document there, and shows it: a new
    /// image (or document) in the original segment, another page with the filters it had.
    private func load(_ path: String, page: Int?, command: String) -> [ReplOutput] {
        do {
            var waiting = Stopwatch()
            // A page keeps the filters of the page before; a new image starts at its original.
            let operations = page == nil ? [] : machine.filters.operations
            switch speculation?.claimLoad(path, page: page, operations: operations, into: &pipeline,
                                          onProgress: onRecognitionProgress, stop: interruption()) {
            case .prepared(let loaded)?:
                original = loaded
                preparedLoadWait = waiting.lap()
                // Read while the user read: the wait is not the decoding's.
                freshlyLoaded = false
            case .cancelled?:
                return [ReplOutput(command: command, content: .cancelled)]
            case .notPrepared?, nil:
                original = try pipeline.load(path, page: page)
                freshlyLoaded = true
            }
            original?.name = displayName(path)
            // What filters change is measured against this image's (this page's) original.
            (originalText, previousText) = (nil, nil)
            let position = original?.page.map { SessionMachine.Page(number: $0.number, count: $0.count) }
            if page != nil, let position { return perform(machine.pageLoaded(position), command: command) }
            let name = PathEncoding.displayed(AtomicFile.name(of: displayName(path)))
            return perform(machine.imageLoaded(path, page: position, name: name), command: command)
        } catch {
            return perform(machine.imageFailed(path, reason: oneLineMessage(for: error)), command: command)
        }
    }

    /// `best`: searches the current image with the session's cache, so the chosen rendering
    /// (and every candidate, for later commands) is answered from it, then shows the choice
    /// as a transition.
    private func chooseFilters(command: String) -> [ReplOutput] {
        guard let original else { return [refusal("no image loaded; try next or open PATH", command: command)] }
        speculation?.pause()
        do {
            let pool = try searchPool ?? Engines(count: searchEngines, settings: pipeline.settings, factory: factory)
            searchPool = pool
            // The search always says how it chose.
            let monitor = RecognitionMonitor(following: interruption())
            onSearchStart()
            let searched = try AutoSearch().run(original, pipeline: &pipeline, engines: pool, monitor: monitor, progress: onSearchProgress)
            guard let choice = searched.report.auto else { return [] }
            // The chosen rendering is shown with the search's reading of it: its unsure lines
            // read again and put back, which the rendering's own reading has not.
            adoptedReading = (searched.report.recognized, searched.report.accuracy)
            defer { adoptedReading = nil }
            return perform(machine.adopt(choice.chosen.filters), command: command).map { output in
                guard case .recognition(var report) = output.content else { return output }
                report.auto = choice
                return ReplOutput(command: output.command, content: .recognition(report))
            }
        } catch let error as PipelineError where error.isCancellation {
            return [ReplOutput(command: command, content: .cancelled)]
        } catch {
            return [refusal(oneLineMessage(for: error), command: command)]
        }
    }

    private func render(command: String) -> ReplOutput {
        guard let original else { return refusal("no image loaded; try next or open PATH", command: command) }
        let state = machine.filters
        let key = pipeline.renderer.key(original, state.operations)
        var waiting = Stopwatch()
        if let speculation, let key, pipeline.renderer.cache?.contains(key) == false,
           !speculation.claimRendering(key, into: &pipeline, onProgress: onRecognitionProgress, stop: interruption()) {
            return ReplOutput(command: command, content: .cancelled)
        }
        // Waiting for a transition being prepared is the command's time, as recognising it would be.
        let waited = waiting.lap() + preparedLoadWait
        preparedLoadWait = 0
        do {
            let monitor = RecognitionMonitor(onProgress: onRecognitionProgress, following: interruption())
            var result = try pipeline.run(original, state: state, includeDecodeTime: freshlyLoaded, monitor: monitor)
            if let (recognized, accuracy) = adoptedReading { (result.report.recognized, result.report.accuracy) = (recognized, accuracy) }
            if result.report.cached, let key, speculation?.showPrepared(key) == true {
                result.report.prepared = true
                result.report.timings.addWait(waited)
            }
            freshlyLoaded = false
            let text = result.report.recognized.text
            if state.operations.isEmpty {
                originalText = text
            } else if originalText == nil {
                // Another page, shown with the filters it had: its own original is recognised
                // too (and cached, so that `original` answers at once), as every report says
                // what the filters changed. That time is the command's.
                var recognizing = Stopwatch()
                originalText = try pipeline.run(original, state: FilterState(), includeDecodeTime: false, monitor: monitor)
                    .report.recognized.text
                result.report.timings.addWait(recognizing.lap())
            }
            if let originalText { result.report.changes = WordChanges(from: originalText, to: text) }
            previousText = last?.report.recognized.text
            last = result
            words.add(result.report.recognized.text, rendering: key)
            publisher?.publish(result.report, sessionTopWords: words.top())
            return ReplOutput(command: command, content: .recognition(result.report))
        } catch let error as PipelineError where error.isCancellation {
            return ReplOutput(command: command, content: .cancelled)
        } catch {
            return refusal(oneLineMessage(for: error), command: command)
        }
    }

    private func answer(_ query: SessionMachine.Query, command: String) -> ReplOutput {
        switch query {
        case .status:
            return ReplOutput(command: command, content: .status(status))
        case .help:
            return ReplOutput(command: command, content: .help(SessionCommand.vocabulary))
        case .sweep(let kind):
            return sweep(kind, command: command)
        case .text, .words, .top, .show, .diff:
            break
        }
        guard let last else { return refusal("nothing recognised yet; try next or open PATH", command: command) }
        let report = last.report
        let content: ReplOutput.Content = switch query {
        case .text: .text(report.recognized.text)
        case .words: .words(boxes: report.recognized.words, wordCount: report.wordCount)
        case .top: .top(image: report.topWords, session: words.top())
        case .diff(let previous): diff(report.recognized.text, previous: previous)
        default: .preview(.init(image: last.image, suggestedPath: suggestedPath(for: report)))
        }
        return ReplOutput(command: command, content: content)
    }

    /// The current recognition against the original's or the one before it; the original
    /// against itself when nothing came before.
    private func diff(_ text: String, previous: Bool) -> ReplOutput.Content {
        let reference = (previous ? previousText : originalText) ?? text
        return .diff(against: previous ? "previous" : "original", edits: WordDiff.between(reference, text),
                     changes: WordChanges(from: reference, to: text))
    }

    /// The current image at the default strengths of `kind`, through the session's engine and
    /// cache (so each swept point then answers at once from the slider), without changing
    /// the state, the feed or the session's words.
    private func sweep(_ kind: FilterKind, command: String) -> ReplOutput {
        guard let original else { return refusal("no image loaded; try next or open PATH", command: command) }
        speculation?.pause()
        var rows: [SweepRow] = []
        let plan: SweepPlan
        do {
            // A blur goes as far as this image's text needs to disappear.
            let textHeight = kind == .blur
                ? SweepPlan.textHeight(of: try pipeline.run(original, state: FilterState(), includeDecodeTime: false).report.recognized)
                : nil
            plan = SweepPlan(standardFor: kind, textHeight: textHeight)
            let monitor = RecognitionMonitor(onProgress: onRecognitionProgress, following: interruption())
            for state in plan.states {
                let report = try pipeline.run(original, state: state, includeDecodeTime: false, monitor: monitor).report
                rows.append(SweepRow(state: state, plan: plan, text: report.recognized.text,
                                     meanConfidence: report.recognized.meanConfidence, accuracy: report.accuracy))
            }
        } catch let error as PipelineError where error.isCancellation {
            return ReplOutput(command: command, content: .cancelled)
        } catch {
            return refusal(oneLineMessage(for: error), command: command)
        }
        let summary = SweepSummary(plan: plan, image: PathEncoding.displayed(original.name), rows: rows)
        return ReplOutput(command: command, content: .sweep(summary))
    }

    private var status: SessionStatus {
        let cache = pipeline.renderer.cache
        return SessionStatus(
            image: original.map {
                .init(path: PathEncoding.displayed($0.name), page: $0.page?.number, pageCount: $0.page?.count,
                      width: $0.image.width, height: $0.image.height,
                      format: $0.decoded.format?.displayName ?? $0.page?.kind.displayName ?? "", dpi: $0.decoded.resolution)
            },
            segment: machine.filters.segment.rawValue, operations: machine.filters.operationNames,
            script: machine.filters.description, wordCount: last?.report.wordCount, meanConfidence: last?.report.recognized.meanConfidence,
            cache: .init(images: cache?.count ?? 0, megabytes: (cache?.bytes ?? 0) >> 20, hits: cache?.hits ?? 0),
            imageSetCount: machine.images.count, settings: pipeline.settings,
            speculation: speculation?.status(cache: cache))
    }

    private func save(to path: String, command: String) -> ReplOutput {
        guard let last, let original else { return refusal("no image to save yet", command: command) }
        do {
            if let format = Self.documentFormat(of: path) {
                // A document recognises the page again: the cores are the command's.
                speculation?.pause()
                // A document's page has no file of its own for the PDF to embed: its pixels are encoded.
                let file = original.page == nil ? machine.currentImage : nil
                try pipeline.writeDocument(format, of: last, original: original, file: file, to: path)
            } else {
                try PNGOutput.write(last.image, resolution: pipeline.resolution(of: original), to: path)
            }
            return ReplOutput(command: command, content: .saved(path: path))
        } catch {
            return refusal(oneLineMessage(for: error), command: command)
        }
    }

    /// The Tesseract format `save` writes for `path`'s extension; nil for the image (PNG).
    static func documentFormat(of path: String) -> TesseractDocument.Format? {
        DocumentFormat(path: path)
    }

    private func refusal(_ message: String, command: String) -> ReplOutput {
        refusals += 1
        return ReplOutput(command: command, content: .refusal(message))
    }

    /// `receipt-blur25-blur75.png`: the image's name and how it was filtered.
    private func suggestedPath(for report: RecognitionReport) -> String {
        let stem = ((report.image as NSString).lastPathComponent as NSString).deletingPathExtension
        let steps = report.operations.map { $0.kind.rawValue + FilterOperation.percent($0.intensity).dropLast() }
        return ([stem.isEmpty || stem == "-" ? "image" : stem] + (steps.isEmpty ? ["original"] : steps))
            .joined(separator: "-") + ".png"
    }

    private func expandingHome(_ path: String) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }
}
