import Core
import Documents
import FileSystem

/// Recognises a corpus for `filterocr report`: every page of the images, in input order, each
/// with its truth, as the entries `CorpusReport` takes in.
///
/// Results name their image as shown (`PathEncoding.displayed`), which for a name with a control
/// character or bytes that are not UTF-8 is not its path; the truth is looked up by the path
/// itself, so that such an image still finds the `NAME.txt` beside it.
public struct CorpusRun: Sendable {
    /// How a corpus run ended.
    public enum Ending: Sendable, Equatable {
        /// Every image was read or failed: the corpus's pages, in input order.
        case read([CorpusEntry])
        /// Stopped before its end (a signal): there is no report.
        case cancelled
    }

    public let runner: ImageRunner
    public let truth: TruthSource
    /// The pages of each document the runner reads (nil for all), to count the run's work.
    public let pageSelection: PageSelection?

    /// - Parameters: `truth` and `pageSelection` are the ones `runner` was made with.
    public init(runner: ImageRunner, truth: TruthSource, pageSelection: PageSelection? = nil) {
        self.runner = runner
        self.truth = truth
        self.pageSelection = pageSelection
    }

    /// Recognises the images at `paths` (folders and globs already expanded) and hands each
    /// page's entry to `observe` as it comes, with the run's progress; nil for an image the run
    /// did not reach. `starting` is told the progress before any page is read: nothing done, of
    /// the pages counted.
    ///
    /// - Throws: when no recognizer can start, before any image is read; after the run, unless
    ///   it was cancelled, the first truth that could not be read (a `--truth` file that cannot
    ///   be read: every entry without it would be a page without truth, which it is not).
    public func run(_ paths: [String], isCancelled: @escaping @Sendable () -> Bool = { false },
                    starting: (ImageRunner.Progress) -> Void = { _ in },
                    observe: (CorpusEntry?, ImageRunner.Progress) -> Void) throws -> Ending {
        let pathsByName = Dictionary(paths.map { (PathEncoding.displayed($0), $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [CorpusEntry] = []
        var lookupError: (any Error)?
        let total = WorkUnit.count(of: paths, selection: pageSelection)
        starting(ImageRunner.Progress(total: total))
        let summary = try runner.run(paths, total: total,
                                     isCancelled: isCancelled) { result, progress in
            var entry = Self.entry(for: result)
            if let read = entry {
                do {
                    let withTruth = try read.findingTruth(in: truth, path: pathsByName[result.input])
                    entries.append(withTruth)
                    entry = withTruth
                } catch {
                    lookupError = lookupError ?? error
                }
            }
            observe(entry, progress)
        }
        if summary.cancelled { return .cancelled }
        if let lookupError { throw lookupError }
        return .read(entries)
    }

    /// The page as the report takes it in, without its truth; nil for an image a cancelled run
    /// never reached.
    private static func entry(for result: ImageRunner.Result) -> CorpusEntry? {
        let outcome: CorpusEntry.Outcome
        var script: String?
        switch result.outcome {
        case .recognized(let report, _, _):
            outcome = .read(report.recognized.text)
            script = report.filters.description
        case .failed(let message):
            outcome = .failed(message)
        case .leftAsIs(let kept):
            outcome = .skipped(kept.explanation)
        case .skipped:
            return nil
        }
        return CorpusEntry(image: result.input, page: result.page, script: script, outcome: outcome)
    }
}
