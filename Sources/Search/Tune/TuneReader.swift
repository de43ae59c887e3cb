import Core
import Foundation
import Imaging
import Recognition
import ResultStore
import TextComparison
import Threading

/// Reads recipes on a corpus's pages with engines working in parallel, and remembers every
/// page's error count under its recipe and under its rendering's pixels: a recipe counted
/// before, or one that renders a page exactly as another did (a despeckle with no specks to
/// remove), costs no recognition. The searches of a cross-validation share one reader, so a
/// recipe read on every page for one search is free for the others.
///
/// A rendering that cannot be read (too small, or the engine failed on it) reads nothing:
/// every character of its truth counts as an error.
package final class TuneReader: Sendable {
    /// What the engines share: the pages, the counts known, the pages decoded.
    private final class Shared: Sendable {
        struct RecipeKey: Hashable { var page: Int, recipe: TuneRecipe }
        struct RenderingKey: Hashable { var page: Int, pixels: Int }
        struct Memory {
            var byRecipe: [RecipeKey: ErrorCount] = [:]
            var byRendering: [RenderingKey: ErrorCount] = [:]
        }

        let pages: [TunePage]
        let settings: RecognitionSettings
        let isCancelled: @Sendable () -> Bool
        let memory = Locked(Memory())
        /// Decoded pages kept while they fit in `decodedBudget` bytes; the others are decoded
        /// again each time (decoding costs a small part of a recognition).
        let decoded = Locked<(images: [Int: LoadedImage], bytes: Int)>(([:], 0))
        static let decodedBudget = 768 << 20

        init(pages: [TunePage], settings: RecognitionSettings, isCancelled: @escaping @Sendable () -> Bool) {
            self.pages = pages
            self.settings = settings
            self.isCancelled = isCancelled
        }

        /// Page `page` as `pipeline` loads it, or as it was loaded before.
        func original(_ page: Int, by pipeline: Pipeline) throws -> LoadedImage {
            if let image = decoded.withLock({ $0.images[page] }) { return image }
            let loaded = try pipeline.load(pages[page].input, page: pages[page].page)
            let bytes = loaded.image.pixelCount * RGBImage.channels
            decoded.withLock { cache in
                guard cache.bytes + bytes <= Self.decodedBudget else { return }
                cache.images[page] = loaded
                cache.bytes += bytes
            }
            return loaded
        }

        func read(_ job: Job, with pipeline: Pipeline) -> Reply {
            if isCancelled() { return Reply(page: job.page, count: nil, recognized: false) }
            let key = RecipeKey(page: job.page, recipe: job.recipe)
            if let known = memory.withLock({ $0.byRecipe[key] }) { return Reply(page: job.page, count: known, recognized: false) }
            let truth = pages[job.page].truth
            guard let original = try? original(job.page, by: pipeline) else {
                return remember(ErrorCount(nothingReadOf: truth), key, nil, recognized: false)
            }
            let rendered = pipeline.renderer.render(job.recipe.operations, from: original.image)
            let rendering = RenderingKey(page: job.page, pixels: LoadedImage.contentKey(rendered))
            if let known = memory.withLock({ $0.byRendering[rendering] }) {
                return remember(known, key, rendering, recognized: false)
            }
            guard rendered.width >= TesseractEngine.minimumSide, rendered.height >= TesseractEngine.minimumSide else {
                return remember(ErrorCount(nothingReadOf: truth), key, rendering, recognized: false)
            }
            let text = try? pipeline.recognize(rendered, resolution: settings.resolution(of: original),
                                                 rendering: job.recipe.operations).recognized.text
            return remember(text.map { ErrorCount(charactersOf: $0, truth: truth) } ?? ErrorCount(nothingReadOf: truth),
                            key, rendering, recognized: true)
        }

        private func remember(_ count: ErrorCount, _ key: RecipeKey, _ rendering: RenderingKey?, recognized: Bool) -> Reply {
            memory.withLock { memory in
                memory.byRecipe[key] = count
                if let rendering { memory.byRendering[rendering] = count }
            }
            return Reply(page: key.page, count: count, recognized: recognized)
        }
    }

    struct Job: Sendable {
        var page: Int
        var recipe: TuneRecipe
    }

    struct Reply: Sendable {
        var page: Int
        /// Nil when the run was cancelled before the page was read.
        var count: ErrorCount?
        /// Whether an engine recognised it (rather than a count known before).
        var recognized: Bool
    }

    private let shared: Shared
    private let engines: Engines
    /// What each engine reads with: a pipeline over the engine of the thread it runs on.
    private let pipeline: Pipeline.Template
    private let made = Locked(0)

    /// Starts `jobs` engines made by `factory`, behind `store`; throws if one cannot start.
    package init(pages: [TunePage], settings: RecognitionSettings, factory: @escaping RecognizerFactory, store: ResultStore?,
         jobs: Int, isCancelled: @escaping @Sendable () -> Bool) throws(RunnerError) {
        shared = Shared(pages: pages, settings: settings, isCancelled: isCancelled)
        engines = try Engines(count: jobs, settings: settings, factory: factory, start: store == nil ? .now : .lazily)
        pipeline = Pipeline.template(settings, store: store)
    }

    /// Recognitions made so far.
    package var recognitions: Int { made.withLock { $0 } }

    /// Decodes page `page`, to find a file that cannot be read before the search starts.
    package func check(_ page: Int) throws {
        let (shared, pipeline) = (shared, pipeline)
        let loaded = engines.perform { engine in Result { try shared.original(page, by: pipeline.reading(with: engine)) } }
        _ = try loaded!.get()
    }

    /// `recipe`'s count on `page`, if known.
    package func known(_ recipe: TuneRecipe, page: Int) -> ErrorCount? {
        shared.memory.withLock { $0.byRecipe[.init(page: page, recipe: recipe)] }
    }

    /// How many of `pages` have no count for `recipe`: the most recognitions reading it costs.
    package func unknown(_ recipe: TuneRecipe, pages: [Int]) -> Int {
        shared.memory.withLock { memory in pages.count(where: { memory.byRecipe[.init(page: $0, recipe: recipe)] == nil }) }
    }

    /// `recipe` read on each of `pages`, in parallel; nil when the run was cancelled first.
    /// `pageRead` is called on this thread as each page is done.
    package func read(_ recipe: TuneRecipe, pages: [Int], pageRead: () -> Void = {}) -> [Int: ErrorCount]? {
        let batch = engines.batch(of: Reply.self)
        for page in pages {
            let (job, shared, pipeline) = (Job(page: page, recipe: recipe), shared, pipeline)
            batch.submit(page) { engine in shared.read(job, with: pipeline.reading(with: engine)) }
        }
        var counts: [Int: ErrorCount] = [:]
        var complete = true
        // Every job is answered, cancelled or not.
        while let (_, answer) = batch.next() {
            if answer.recognized { made.withLock { $0 += 1 } }
            if let count = answer.count { counts[answer.page] = count } else { complete = false }
            pageRead()
        }
        return complete ? counts : nil
    }
}
