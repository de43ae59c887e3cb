import Core
import CoreTestSupport
import Foundation
import Imaging
import Reports
import Runs
import Synchronization
import TestSupport
import Testing

@Suite("Image runner for ocr and batch")
struct ImageRunnerTests {
    private func run(_ inputs: [String], jobs: Int, recognizer: FakeRecognizer = FakeRecognizer(),
                     state: FilterState = FilterState(), shard: Shard? = nil,
                     isCancelled: @escaping @Sendable () -> Bool = { false }) throws
        -> (results: [ImageRunner.Result], progress: [ImageRunner.Progress], summary: ImageRunner.Summary) {
        let runner = ImageRunner(settings: RecognitionSettings(), factory: recognizer.factory, state: state, jobs: jobs)
        var results: [ImageRunner.Result] = []
        var progress: [ImageRunner.Progress] = []
        let summary = try runner.run(inputs, total: inputs.count, shard: shard, isCancelled: isCancelled) {
            results.append($0)
            progress.append($1)
        }
        return (results, progress, summary)
    }

    private func widths(_ results: [ImageRunner.Result]) -> [Int?] {
        results.map {
            guard case .recognized(let report, _, _) = $0.outcome else { return nil }
            return report.size.width
        }
    }

    @Test("Results come in input order although workers finish out of order")
    func inputOrder() throws {
        let sizes = [21, 22, 23, 24, 25, 26, 27, 28, 29, 30]
        let files = try TestImages.files(widths: sizes)
        // Odd widths take 30 ms, so the even ones after them finish first.
        let outcome = try run(files, jobs: 3, recognizer: FakeRecognizer(slowOddWidths: 30))
        #expect(outcome.results.map(\.input) == files)
        #expect(widths(outcome.results) == sizes.map { $0 })
        #expect(outcome.summary.succeeded == 10 && outcome.summary.failed == 0 && !outcome.summary.cancelled)
        #expect(outcome.progress.map(\.done) == Array(1...10))
    }

    @Test("A bad input is a failure in its place; the others are still read")
    func failureInPlace() throws {
        let files = try TestImages.files(widths: [20, 22])
        let inputs = [files[0], "/no/such/image.png", files[1]]
        let outcome = try run(inputs, jobs: 2)
        #expect(outcome.results.map(\.input) == inputs)
        guard case .failed(let message) = try #require(outcome.results.dropFirst().first).outcome else {
            Issue.record("the missing file was not a failure")
            return
        }
        #expect(message == "/no/such/image.png: no such file")
        #expect(outcome.summary.failed == 1 && outcome.summary.succeeded == 2)
        #expect(try #require(outcome.progress.last).failed == 1)
    }

    @Test("The filter state applies to every image")
    func appliesState() throws {
        let files = try TestImages.files(widths: [20])
        let state = try CommandScript("binarize; 75%").finalState()
        let outcome = try run(files, jobs: 1, state: state)
        guard case .recognized(let report, _, _) = try #require(outcome.results.first).outcome else {
            Issue.record("not recognised")
            return
        }
        #expect(report.operationNames == ["binarize 25%", "binarize 75%"])
        #expect(report.segment == .filter(.binarize))
    }

    @Test("A shard takes the inputs at its positions")
    func shard() throws {
        let files = try TestImages.files(widths: [20, 21, 22, 23, 24])
        let outcome = try run(files, jobs: 2, shard: try Shard("1/2"))
        #expect(outcome.results.map(\.input) == [files[1], files[3]])
    }

    @Test("Once cancelled, no new input is started and the run ends")
    func cancellation() throws {
        // More inputs than the engines may run ahead of the delivery (a costliest-first run's window).
        let files = try TestImages.files(widths: Array(20..<90))
        let delivered = Atomic<Int>(0)
        let runner = ImageRunner(settings: RecognitionSettings(), factory: FakeRecognizer().factory,
                                 state: FilterState(), jobs: 2)
        var recognised = 0
        let summary = try runner.run(files, isCancelled: { delivered.load(ordering: .relaxed) >= 3 }) { result, _ in
            if case .recognized = result.outcome { recognised += 1 }
            delivered.add(1, ordering: .relaxed)
        }
        #expect(summary.cancelled)
        #expect(recognised < files.count)
        #expect(summary.succeeded == recognised)
    }

    @Test("No more engines start than there are images")
    func enginesCappedByImages() throws {
        let files = try TestImages.files(widths: [20])
        let started = Atomic<Int>(0)
        let recognizer = FakeRecognizer()
        let runner = ImageRunner(settings: RecognitionSettings(), factory: { _ in
            started.add(1, ordering: .relaxed)
            return recognizer
        }, state: FilterState(), jobs: 256)
        let summary = try runner.run(files, total: files.count) { _, _ in }
        #expect(summary.succeeded == 1)
        #expect(started.load(ordering: .relaxed) == 1)
    }

    @Test("A recognizer that cannot start fails the run once, before any input")
    func startFailure() throws {
        struct NoLanguage: LocalizedError { var errorDescription: String? { "no xyz.traineddata" } }
        let runner = ImageRunner(settings: RecognitionSettings(), factory: { _ in throw NoLanguage() },
                                 state: FilterState(), jobs: 2)
        var delivered = 0
        #expect(throws: RunnerError.self) {
            _ = try runner.run(["a.png", "b.png"]) { _, _ in delivered += 1 }
        }
        #expect(delivered == 0)
    }

    @Test("The feed gets every recognition, in order, with the words of the run so far")
    func publishes() throws {
        let files = try TestImages.files(widths: [20, 21, 22])
        let feed = try Paths.temporaryDirectory() + "/topwords.json"
        let publisher = FeedPublisher(path: feed, source: "batch") { Issue.record("feed problem: \($0)") }
        let runner = ImageRunner(settings: RecognitionSettings(), factory: FakeRecognizer().factory,
                                 state: FilterState(), jobs: 2)
        _ = try runner.run(files, publisher: publisher) { _, _ in }
        publisher.finish()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed)))
            as? [String: Any])
        #expect(object["sequence"] as? Int == 3)
        #expect(object["image"] as? String == files.last)
        let session = try #require(object["sessionTopWords"] as? [[String: Any]])
        #expect(session.first?["word"] as? String == "common" && session.first?["count"] as? Int == 3)
    }
}
