import Core
import Foundation
import ImageCodec
import Imaging
import Recognition
import Search
import Synchronization
import TerminalText
import TestSupport
import Testing
import TextComparison
import Threading

/// Reads every page's truth with as many characters wrong as `errors` says for the image it
/// is given: a recogniser whose quality depends on the filters, by a rule a test states.
private final class RuleReader: Recognizer, Sendable {
    static let truth = "abcdefghij"
    let calls = Atomic<Int>(0)
    let errors: @Sendable (RGBImage) -> Int
    /// Raised once this many recognitions have been made.
    let stopAfter: (count: Int, stop: StopSignal)?

    init(stopAfter: (count: Int, stop: StopSignal)? = nil, errors: @escaping @Sendable (RGBImage) -> Int) {
        self.errors = errors
        self.stopAfter = stopAfter
    }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        let made = calls.add(1, ordering: .relaxed).newValue
        if let stopAfter, made >= stopAfter.count { stopAfter.stop.raise() }
        let wrong = min(Self.truth.count, errors(image))
        let text = String(Self.truth.dropLast(wrong)) + String(repeating: "#", count: wrong)
        return RecognizedText(text: text, meanConfidence: 80, words: [])
    }

    var factory: RecognizerFactory { { _ in self } }

    /// Whether every sample is black or white, as after a threshold.
    static func isBinary(_ image: RGBImage) -> Bool { image.samples.allSatisfy { $0 == 0 || $0 == 255 } }
}

/// Pages of dark grey text on light grey paper (which read well once thresholded), each with
/// its bar somewhere else so that no two render alike, with the reader's truth beside them.
private func writePages(_ names: [String], heights: [String: Int] = [:]) throws -> [TunePage] {
    let folder = try Paths.temporaryDirectory()
    return try names.enumerated().map { index, name in
        var image = RGBImage(width: 40, height: heights[name] ?? 20, fill: RGBPixel(grey: 190))
        for y in 6..<12 { for x in (4 + index)..<(30 + index) { image[x, y] = RGBPixel(grey: 60) } }
        let path = "\(folder)/\(name).png"
        try Data(try PNGEncoder.encode(image, resolution: 300)).write(to: URL(fileURLWithPath: path))
        return TunePage(input: path, truth: RuleReader.truth)
    }
}

@Suite("Tuning one recipe for a corpus")
struct CorpusTunerTests {
    @Test("The recipe found is the chain that reads every page without an error, and batch's script says it")
    func findsTheBestChain() throws {
        // Enlarged pages lose 3 errors, black-and-white ones 2: the best single filter is the
        // scale, and only the scale followed by a threshold reads every page right.
        let reader = RuleReader { image in (image.width >= 80 ? 0 : 3) + (RuleReader.isBinary(image) ? 0 : 2) }
        let pages = try writePages(["a", "b", "c", "d"])
        let tuner = CorpusTuner(settings: RecognitionSettings(), factory: reader.factory, jobs: 2, budget: 2000, auto: nil)
        let report = try tuner.run(pages)
        let state = try CommandScript(report.recipe).finalState()
        #expect(state.operations.first?.kind == .scale, "\(report.recipe)")
        #expect(state.operations.count == 2, "\(report.recipe)")
        #expect(report.tuned.errors == 0)
        #expect(report.original.errors == 5 * pages.count)
        #expect(report.candidates.first?.recipe == report.recipe)
        #expect(!report.budgetReached)
    }

    @Test("Each page is judged by the recipe tuned without it")
    func heldOutPagesAreNotTunedOn() throws {
        // a and b read right only black and white; c (taller) only in grey, and reads nothing
        // once thresholded. Tuned on all three, the original is best (3 + 3 + 0 errors); the
        // fold holding c out is tuned on a and b, chooses a threshold, and c then reads 10
        // errors; the folds holding a or b out keep the original (3 each).
        let reader = RuleReader { image in
            let binary = RuleReader.isBinary(image)
            return image.height % 2 == 1 ? (binary ? 10 : 0) : (binary ? 0 : 3)
        }
        let pages = try writePages(["a", "b", "c"], heights: ["c": 21])
        let tuner = CorpusTuner(settings: RecognitionSettings(), factory: reader.factory, jobs: 2, budget: 1000, folds: 3,
                                limits: .init(kinds: [.median, .binarize]), auto: nil)
        let report = try tuner.run(pages)
        #expect(report.recipe == "original")
        #expect(report.tuned.errors == 6)
        let estimate = try #require(report.estimate)
        #expect(estimate.folds.map(\.recipe) == ["original", "original", "binarize; slider 100%"])
        #expect(estimate.rate.errors == 3 + 3 + 10)
        #expect(estimate.rate.length == 30)
        #expect(report.heldOut.map(\.fold) == [1, 2, 3])
        #expect(report.heldOut.map(\.errors) == [3, 3, 10])
        #expect(estimate.interval.low <= estimate.rate.cer && estimate.rate.cer <= estimate.interval.high)
        #expect(estimate.foldRange.low == 0.3 && estimate.foldRange.high == 1.0)
    }

    @Test("A recipe that reads the pages it was not tuned on no better than as given is declined: leave them")
    func leavesThePagesAsGiven() throws {
        // a and b read 2 errors as given and none thresholded; c (taller) none as given and 3
        // thresholded. On every page the threshold wins (3 errors against 4). The fold holding
        // a out is tuned on b and c, where the original wins (2 against 3): a keeps its 2, and
        // so does b; the fold holding c out thresholds it: 3. Held out, 7 errors against 4.
        let reader = RuleReader { image in
            let binary = RuleReader.isBinary(image)
            return image.height % 2 == 1 ? (binary ? 3 : 0) : (binary ? 0 : 2)
        }
        let pages = try writePages(["a", "b", "c"], heights: ["c": 21])
        let tuner = CorpusTuner(settings: RecognitionSettings(), factory: reader.factory, jobs: 2, budget: 1000, folds: 3,
                                limits: .init(kinds: [.median, .binarize]), auto: nil)
        let report = try tuner.run(pages)
        let estimate = try #require(report.estimate)
        #expect(estimate.rate.errors == 2 + 2 + 3, "\(estimate.folds.map(\.recipe))")
        #expect(report.original.errors == 4)
        #expect(report.recipe == "original")
        #expect(report.declined?.hasPrefix("binarize") == true, "\(String(describing: report.declined))")
        #expect(report.tuned == report.original)
        let text = HumanText.tune(report, inputs: "pages/")
        #expect(text.first == "recipe: original: leave the pages as they are", "\(text.prefix(2))")
        #expect(!text.joined().contains("apply:"))
    }

    @Test("The budget bounds the recognitions, and says when it passed candidates over")
    func honoursBudget() throws {
        let reader = RuleReader { image in (image.width >= 80 ? 0 : 3) + (RuleReader.isBinary(image) ? 0 : 2) }
        let pages = try writePages(["a", "b", "c", "d", "e"])
        let budget = 30
        let report = try CorpusTuner(settings: RecognitionSettings(), factory: reader.factory, jobs: 2, budget: budget,
                                     auto: nil).run(pages)
        #expect(reader.calls.load(ordering: .relaxed) == report.recognitions)
        #expect(report.recognitions <= budget)
        #expect(report.budgetReached)
        #expect(report.estimate != nil, "the held-out check has its recognitions kept back")
        #expect(report.heldOut.count == pages.count)
    }

    @Test("The same pages give the same report, whatever the number of engines")
    func deterministic() throws {
        let rule: @Sendable (RGBImage) -> Int = { image in
            (image.width >= 80 ? 0 : 2) + (RuleReader.isBinary(image) ? 0 : 3) + image.samples.prefix(40).count(where: { $0 < 100 }) % 3
        }
        let pages = try writePages(["p1", "p2", "p3", "p4", "p5"])
        func tune(jobs: Int) throws -> TuneReport {
            try CorpusTuner(settings: RecognitionSettings(), factory: RuleReader(errors: rule).factory, jobs: jobs, budget: 120,
                            auto: nil).run(pages)
        }
        let first = try tune(jobs: 2)
        #expect(try tune(jobs: 2) == first)
        #expect(try tune(jobs: 1) == first)
        #expect(first.candidatesTried > 3)
    }

    @Test("Too few pages, or too small a budget, is refused with what to give")
    func refusesTooLittle() throws {
        let reader = RuleReader { _ in 0 }
        let pages = try writePages(["a", "b", "c"])
        let tuner = CorpusTuner(settings: RecognitionSettings(), factory: reader.factory, jobs: 1, budget: 100, auto: nil)
        #expect(throws: RunnerError.self) { try tuner.run(Array(pages.prefix(1))) }
        var small = tuner
        small.budget = 5
        let error = try #require(throws: RunnerError.self) { try small.run(pages) }
        #expect(error.message.contains("at least 6"), "\(error.message)")
        #expect(reader.calls.load(ordering: .relaxed) == 0)
    }

    @Test("A cancelled run keeps the best recipe so far, without an estimate")
    func cancelled() throws {
        let stop = StopSignal()
        let reader = RuleReader(stopAfter: (12, stop)) { image in RuleReader.isBinary(image) ? 0 : 4 }
        let pages = try writePages(["a", "b", "c"])
        // Cancelled once the first round has been read on every page: after 1 + 19 candidates.
        let report = try CorpusTuner(settings: RecognitionSettings(), factory: reader.factory, jobs: 1, budget: 1000, auto: nil)
            .run(pages, stop: stop)
        #expect(report.interrupted)
        #expect(report.estimate == nil)
        #expect(report.heldOut.isEmpty)
        #expect(report.recognitions >= 12 && report.recognitions < 40)
        #expect(report.candidatesTried >= 1)
    }

    @Test("With --auto compared, every held-out page has its choice beside the recipe")
    func comparesWithAuto() throws {
        let reader = RuleReader { image in RuleReader.isBinary(image) ? 1 : 4 }
        let pages = try writePages(["a", "b", "c"])
        let report = try CorpusTuner(settings: RecognitionSettings(), factory: reader.factory, jobs: 2, budget: 200,
                                     limits: .init(kinds: [.otsu, .median]), auto: AutoSearch(budget: 3)).run(pages)
        let auto = try #require(report.auto)
        #expect(auto.complete)
        #expect(auto.pages == pages.count)
        #expect(report.heldOut.allSatisfy { $0.auto != nil && $0.autoCER != nil })
        #expect(auto.recipeBetter + auto.autoBetter + auto.same == pages.count)
        #expect(auto.recipeCER == 0.1, "the recipe thresholds: one error in ten on every page")
    }
}
