import Core
import CoreTestSupport
import FileSystem
import Foundation
import Imaging
import Synchronization
import Runs
import TestSupport
import Testing

/// `filterocr report`'s run over a corpus: every page in input order, each with its truth, read
/// by a fake recognizer (the run, not the OCR, is under test).
@Suite("Corpus run for the report")
struct CorpusRunTests {
    private let folder: String

    init() throws {
        folder = try Paths.temporaryDirectory()
    }

    /// Writes an image named `name` into the folder, with `truth` beside it when given.
    private func image(_ name: String, truth: String? = nil) throws -> String {
        let path = "\(folder)/\(name)"
        try Data(try TestImages.png(width: 20)).write(to: URL(fileURLWithPath: path))
        if let truth {
            let sidecar = "\(folder)/" + TruthSource.sidecarName(of: name, page: nil)
            try Data(truth.utf8).write(to: URL(fileURLWithPath: sidecar))
        }
        return path
    }

    private func corpus(truth: TruthSource = .sidecar, jobs: Int = 2) -> CorpusRun {
        let runner = ImageRunner(settings: RecognitionSettings(), factory: FakeRecognizer().factory, state: FilterState(),
                                 jobs: jobs, truth: truth)
        return CorpusRun(runner: runner, truth: truth)
    }

    private func entries(_ ending: CorpusRun.Ending) throws -> [CorpusEntry] {
        guard case .read(let entries) = ending else {
            Issue.record("the run was cancelled")
            return []
        }
        return entries
    }

    @Test("Every image is an entry in input order, read, with the truth beside it")
    func entriesWithSidecars() throws {
        let paths = [try image("one.png", truth: "first truth"), try image("two.png"), try image("three.png", truth: "third")]
        let read = try entries(try corpus().run(paths) { _, _ in })
        #expect(read.map(\.image) == paths)
        #expect(read.map(\.truth) == ["first truth", nil, "third"])
        for entry in read {
            guard case .read(let text) = entry.outcome else {
                Issue.record("\(entry.image) was not read")
                continue
            }
            #expect(text.hasPrefix("common "))
        }
    }

    @Test("A name shown escaped still finds its truth: the truth is looked up by the path itself")
    func truthByPathNotShownName() throws {
        let path = try image("tab\tname.png", truth: "the tabbed page")
        let read = try entries(try corpus().run([path]) { _, _ in })
        let entry = try #require(read.first)
        #expect(entry.image == PathEncoding.displayed(path))
        #expect(entry.image != path)
        #expect(entry.truth == "the tabbed page")
    }

    @Test("An image that cannot be read is a failed entry in its place, with its truth")
    func failedEntryKeepsItsPlaceAndTruth() throws {
        let good = try image("good.png")
        let missing = "\(folder)/missing.png"
        try Data("what it says".utf8).write(to: URL(fileURLWithPath: "\(folder)/missing.txt"))
        var observed: [CorpusEntry?] = []
        let read = try entries(try corpus().run([missing, good]) { entry, _ in observed.append(entry) })
        #expect(read.map(\.image) == [missing, good])
        let failed = try #require(read.first)
        #expect(failed.outcome == .failed("\(missing): no such file"))
        #expect(failed.truth == "what it says")
        #expect(observed == read.map { Optional($0) })
    }

    @Test("A --truth file that cannot be read fails the run once it is over")
    func unreadableTruthFile() throws {
        let path = try image("page.png")
        let truthFile = "\(folder)/no-such-truth.txt"
        var observed = 0
        #expect(throws: FileError.notFound(path: truthFile)) {
            _ = try corpus(truth: .file(truthFile)).run([path]) { _, _ in observed += 1 }
        }
        #expect(observed == 1)
    }

    @Test("A run cancelled after a truth could not be read ends as cancelled, not with the truth's error")
    func cancelledBeforeLookupError() throws {
        let paths = [try image("a.png"), try image("b.png")]
        let delivered = Atomic<Int>(0)
        var observed: [CorpusEntry?] = []
        let ending = try corpus(truth: .file("\(folder)/no-such-truth.txt"), jobs: 1)
            .run(paths, isCancelled: { delivered.load(ordering: .relaxed) >= 1 }) { entry, _ in
                observed.append(entry)
                delivered.add(1, ordering: .relaxed)
            }
        #expect(ending == .cancelled)
        #expect(observed.first??.image == paths[0])
    }
}
