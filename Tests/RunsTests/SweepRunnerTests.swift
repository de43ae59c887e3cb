import Core
import CoreTestSupport
import Foundation
import Imaging
import Reports
import Runs
import Synchronization
import TestSupport
import Testing

@Suite("sweep: points rendered in order, read in parallel")
struct SweepRunnerTests {
    private let plan = SweepPlan(filter: .blur, kind: .strengths([0, 0.5, 1, 1.5, 2, 2.5, 3]))

    @Test("Rows come in strength order though the engines finish out of order, each as one pipeline reads that point")
    func rowsInOrder() throws {
        let image = try #require(TestImages.files(widths: [48]).first)
        let runner = SweepRunner(settings: RecognitionSettings(), factory: FakeRecognizer(slowOddWidths: 20).factory, jobs: 3)
        var rows: [SweepRow] = []
        var counts: [(Int, Int)] = []
        let complete = try runner.run(image: image, plan: plan) { row, done, total in
            if case .success(let row) = row { rows.append(row) }
            counts.append((done, total))
        }
        #expect(complete)
        #expect(rows.map(\.strength) == [0, 0.5, 1, 1.5, 2, 2.5, 3])
        #expect(counts.map(\.0) == Array(1...plan.states.count) && counts.allSatisfy { $0.1 == plan.states.count })
        // One pipeline reading each point on its own reads the same texts.
        var pipeline = Pipeline(settings: RecognitionSettings(), recognizer: FakeRecognizer())
        let original = try pipeline.load(image)
        let alone = try plan.states.map { try pipeline.run(original, state: $0).report.recognized.text }
        #expect(rows.map(\.text) == alone)
    }

    @Test("Cancelled, it starts no more points and says the sweep is incomplete")
    func cancelled() throws {
        let image = try #require(TestImages.files(widths: [48]).first)
        let runner = SweepRunner(settings: RecognitionSettings(), factory: FakeRecognizer().factory, jobs: 1)
        let delivered = Atomic(0)
        var rows = 0
        let complete = try runner.run(image: image, plan: plan, isCancelled: { delivered.load(ordering: .relaxed) >= 2 }) { _, _, _ in
            rows += 1
            delivered.add(1, ordering: .relaxed)
        }
        #expect(!complete)
        #expect(rows < plan.states.count)
    }
}
