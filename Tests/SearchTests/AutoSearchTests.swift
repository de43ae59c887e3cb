import Core
import CoreTestSupport
import Decisions
import Foundation
import ImageCodec
import Imaging
import Recognition
import Reports
import Runs
import Search
import Synchronization
import TestSupport
import Testing

@Suite("Automatic choice of filters")
struct AutoSearchTests {
    /// Dark grey text on light grey paper: it reads well only once thresholded.
    private static var greyPage: RGBImage {
        var image = RGBImage(width: 48, height: 24, fill: RGBPixel(grey: 190))
        for y in 8..<16 { for x in 8..<40 { image[x, y] = RGBPixel(grey: 60) } }
        return image
    }

    private func search(_ recognizer: any Recognizer & Sendable, budget: Double? = 1000, jobs: Int = 2,
                        timeLimit: Double? = nil, image: RGBImage = greyPage,
                        sampling: AutoSearch.Sampling? = nil, auto: AutoSearch? = nil) throws -> RecognitionReport {
        let file = try Paths.temporaryDirectory() + "/page.png"
        try Data(try PNGEncoder.encode(image, resolution: 300)).write(to: URL(fileURLWithPath: file))
        let runner = ImageRunner(settings: RecognitionSettings(), factory: { _ in recognizer }, state: FilterState(),
                                 auto: auto ?? AutoSearch(budget: budget, explain: true, timeLimit: timeLimit, sampling: sampling, unit: .page),
                                 jobs: jobs)
        var reports: [RecognitionReport] = []
        _ = try runner.run([file], total: 1) { result, _ in
            if case .recognized(let report, _, _) = result.outcome { reports.append(report) }
        }
        return try #require(reports.first)
    }

    @Test("The original is always a candidate, and is kept when nothing reads clearly better; the search then stops after the first four filters")
    func keepsOriginal() throws {
        let report = try search(FakeRecognizer())
        let choice = try #require(report.auto)
        #expect(choice.candidates.first?.filters == FilterState())
        #expect((2...5).contains(choice.candidates.count), "\(choice.candidates.map(\.filters))")
        #expect(choice.chosen.filters == FilterState(), "every rendering reads the same number of words")
        #expect(report.filters == FilterState())
    }

    @Test("By learned decisions, a page the gate expects nothing of is read once; one it expects a gain on is searched as by page",
          arguments: [(-10.0, false), (10.0, true)])
    func gate(bias: Double, searches: Bool) throws {
        // A gate whose probability is the same for every page: σ(bias).
        let model = try ModelFile(name: "page-gate", kind: .logistic, features: ["words"],
                                  logistic: LogisticModel(weights: [0], bias: bias, mean: [0], scale: [1]), thresholds: ["gate": 0.5])
        var auto = AutoSearch(budget: 1000, explain: true, unit: .learned)
        auto.gate = try #require(PageGate(model: model))
        let recognizer = ThresholdLovingRecognizer()
        let choice = try #require(try search(recognizer, auto: auto).auto)
        #expect(abs((choice.gate ?? -1) - 1 / (1 + exp(-bias))) < 1e-9)
        if searches {
            #expect(choice.candidates.count > 5 && choice.chosen.filters != FilterState(), "\(choice.candidates.map(\.filters))")
        } else {
            #expect(choice.candidates.map(\.filters) == [FilterState()], "only the page as it is: \(choice.candidates.map(\.filters))")
        }
        #expect(recognizer.calls.load(ordering: .relaxed) == choice.candidates.count)
    }

    @Test("A chain that reads more dictionary words is chosen, and the report is its recognition")
    func choosesBetterReading() throws {
        let recognizer = ThresholdLovingRecognizer()
        let report = try search(recognizer)
        let choice = try #require(report.auto)
        #expect(choice.chosen.score > choice.original.score)
        #expect(report.filters == choice.chosen.filters)
        #expect(report.operations.contains { [.sauvola, .otsu, .binarize, .levels].contains($0.kind) }, "\(report.filters)")
        #expect(report.recognized.words.count == 6)
        #expect(recognizer.calls.load(ordering: .relaxed) == choice.candidates.count)
        #expect(choice.candidates.count > 5, "a filter that reads clearly better goes on past the first four")
    }

    @Test("With samples, the chains are read on a sample of the page of text, and only the best of them whole")
    func sampledSearch() throws {
        let page = try ImageFile.load(Paths.images + "/book_page.png").image
        let recognizer = SizeRecordingRecognizer()
        let sampling = AutoSearch.Sampling()
        let report = try search(recognizer, budget: nil, image: page, sampling: sampling)
        let choice = try #require(report.auto)
        let sampled = choice.candidates.filter(\.sampled)
        let whole = choice.candidates.filter { !$0.sampled }
        #expect(sampled.count > 5, "\(sampled.count) sampled")
        #expect(whole.count <= 1 + 2 + sampling.finalists, "\(whole.map(\.filters.description))")
        #expect(whole.first?.filters == FilterState(), "the original is read whole first")
        #expect(!choice.chosen.sampled && choice.chosen.filters != FilterState(), "a threshold reads better: \(choice.chosen.filters)")
        #expect(report.recognized.words.count == 6, "the report is the chosen chain's reading of the whole page")
        let heights = recognizer.heights.withLock { $0 }
        #expect(heights.count == choice.candidates.count)
        #expect(heights.filter { $0 >= page.height / 2 }.count == whole.count)
        #expect(heights.filter { $0 < page.height / 2 }.count == sampled.count, "\(heights)")
        #expect(choice.budget == sampling.defaultBudget && choice.work <= sampling.defaultBudget + 1e-9)
    }

    @Test("Between garbled readings the original is kept: a filter that reads less garbage, and nothing right, is not chosen")
    func garbledOriginalKept() throws {
        let report = try search(GarbledRecognizer())
        let choice = try #require(report.auto)
        #expect(choice.original.score < 0, "the original reads more garbage than text")
        #expect(choice.candidates.contains { $0.score > choice.original.score && $0.wordCount > 0 },
                "some rendering scores higher by reading less")
        #expect(choice.chosen.filters == FilterState(), "chose \(choice.chosen.filters)")
        #expect(report.recognized.words.contains { $0.text == "Harbor" })
    }

    @Test("The candidates, their order and the choice do not depend on which engine finishes first, nor on how many there are",
          arguments: [false, true])
    func orderIndependent(sampled: Bool) throws {
        let image = sampled ? try ImageFile.load(Paths.images + "/book_page.png").image : Self.greyPage
        let runs = try [(1, 0), (3, 1), (3, 2)].map { jobs, seed in
            try #require(try search(JitteryRecognizer(seed: seed), budget: 8, jobs: jobs, image: image,
                                    sampling: sampled ? AutoSearch.Sampling() : nil).auto)
        }
        #expect(runs.allSatisfy { $0.candidates.contains(where: \.sampled) == sampled })
        let scripts = runs.map { $0.candidates.map { "\($0.filters)\($0.sampled ? " (sampled)" : "")" } }
        #expect(scripts.allSatisfy { $0 == scripts[0] }, "\(scripts)")
        #expect(runs.allSatisfy { $0.chosen.filters == runs[0].chosen.filters && $0.work == runs[0].work })
        #expect(runs[0].chosen.filters != FilterState(), "a threshold reads better")
    }

    @Test("The time limit is only a safety, and says when it cut the search")
    func timeLimitReported() throws {
        let cut = try #require(try search(SlowRecognizer(poorlyReading: Self.greyPage), budget: 1000, jobs: 1, timeLimit: 0.05).auto)
        #expect(cut.timeLimited)
        let whole = try #require(try search(SlowRecognizer(poorlyReading: Self.greyPage), budget: 1000, jobs: 1).auto)
        #expect(!whole.timeLimited && cut.candidates.count < whole.candidates.count)
        #expect(cut.candidates.first?.filters == FilterState(), "the original is always tried")
    }

    @Test("The budget bounds the search: a tiny one tries fewer chains than a large one")
    func budget() throws {
        let small = try #require(try search(SlowRecognizer(poorlyReading: Self.greyPage), budget: 1, jobs: 1).auto)
        let large = try #require(try search(SlowRecognizer(poorlyReading: Self.greyPage), budget: 1000, jobs: 1).auto)
        #expect(small.candidates.count < large.candidates.count)
        #expect(small.candidates.first?.filters == FilterState())
    }
}

/// Takes a fixed time per image, so that a budget in recognitions of the original means
/// something. It reads nothing on the page as given and words on every rendering, so that
/// every filter reads clearly better and the search goes on until its budget or time ends.
private final class SlowRecognizer: Recognizer, Sendable {
    let page: RGBImage

    init(poorlyReading page: RGBImage) { self.page = page }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        usleep(20_000)
        guard image != page else { return RecognizedText(text: "", meanConfidence: 0, words: []) }
        let words = Array(repeating: ["Harbor", "Road", "whole", "milk", "bread", "total"], count: 3).flatMap { $0 }
        let box = BoundingBox(x: 0, y: 0, width: 8, height: 8)
        return RecognizedText(text: words.joined(separator: " "), meanConfidence: 90, words: words.map {
            RecognizedWord(text: $0, confidence: 90, box: box, inDictionary: true)
        })
    }
}

/// Reads as `ThresholdLovingRecognizer` does, each image after a delay that varies, so that
/// engines finish in an order of their own.
private final class JitteryRecognizer: Recognizer, Sendable {
    let reader = ThresholdLovingRecognizer()
    let counter = Atomic<Int>(0)
    let seed: Int
    init(seed: Int) { self.seed = seed }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        let call = counter.add(1, ordering: .relaxed).newValue
        usleep(UInt32(((call * 7919 + seed * 104_729) % 13) * 3_000))
        return try reader.recognize(image, resolution: resolution)
    }
}

/// Reads the original page as many words of garbage around a few right ones, and any rendering
/// of it as one word of garbage: as a dithered fax page reads before and after a median.
private final class GarbledRecognizer: Recognizer, Sendable {
    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        let isOriginal = image.samples.allSatisfy { $0 == 190 || $0 == 60 }
        let garbage = RecognizedWord(text: "x#7q", confidence: 20, box: BoundingBox(x: 0, y: 0, width: 8, height: 8), inDictionary: false)
        let right = RecognizedWord(text: "Harbor", confidence: 60, box: BoundingBox(x: 0, y: 0, width: 8, height: 8), inDictionary: true)
        let words = isOriginal ? [right, right, right] + Array(repeating: garbage, count: 40) : [garbage]
        return RecognizedText(text: words.map(\.text).joined(separator: " "), meanConfidence: 20, words: words)
    }
}

/// Reads as `ThresholdLovingRecognizer` does, and keeps the height of every image it reads.
private final class SizeRecordingRecognizer: Recognizer, Sendable {
    let reader = ThresholdLovingRecognizer()
    let heights = Mutex<[Int]>([])

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        heights.withLock { $0.append(image.height) }
        return try reader.recognize(image, resolution: resolution)
    }
}
