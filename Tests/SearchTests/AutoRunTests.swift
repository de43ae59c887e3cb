import Core
import CoreTestSupport
import Foundation
import ImageCodec
import Imaging
import Recognition
import Search
import TestSupport
import Testing

/// Reads the same words on every image: every rendering scores alike, so none reads clearly
/// better and the reference is kept.
private final class SameReadingRecognizer: Recognizer, Sendable {
    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        let words = ["Harbor", "Road", "whole", "milk"]
        let box = BoundingBox(x: 0, y: 0, width: 8, height: 8)
        return RecognizedText(text: words.joined(separator: " "), meanConfidence: 80, words: words.map {
            RecognizedWord(text: $0, confidence: 80, box: box, inDictionary: true)
        })
    }
}

/// Each phase of one `--auto` search (`AutoRun`), run in order with a fake recogniser.
@Suite("The phases of an automatic choice")
struct AutoRunTests {
    /// Dark grey bars of text on light grey paper: it reads well only once thresholded.
    private static var greyPage: RGBImage {
        var image = RGBImage(width: 240, height: 160, fill: RGBPixel(grey: 190))
        for line in 0..<6 {
            for x in 20..<220 where x % 12 < 5 {
                for y in (20 + line * 22)..<(32 + line * 22) { image[x, y] = RGBPixel(grey: 60) }
            }
        }
        return image
    }

    /// A search of `image` ready for its phases, reading with two engines of `recognizer`.
    private func start(_ image: RGBImage, _ recognizer: any Recognizer & Sendable,
                       sampling: AutoSearch.Sampling? = nil) throws -> AutoRun {
        let file = try Paths.temporaryDirectory() + "/page.png"
        try Data(try PNGEncoder.encode(image, resolution: 300)).write(to: URL(fileURLWithPath: file))
        let pipeline = Pipeline.rendering(RecognitionSettings())
        let original = try pipeline.load(file)
        let pool = try Engines(count: 2, settings: RecognitionSettings(), factory: { _ in recognizer })
        return AutoRun(AutoSearch(budget: 1000, explain: true, sampling: sampling, unit: .page), original: original,
                       pipeline: pipeline, pool: pool, monitor: nil)
    }

    private static var bookPage: RGBImage {
        get throws { try ImageFile.load(Paths.images + "/book_page.png").image }
    }

    @Test("Baseline: the original is read first; on a clean page, the first round's candidates that do not depend on its reading are read beside it")
    func baseline() throws {
        let recognizer = FakeRecognizer()
        var run = try start(Self.greyPage, recognizer)
        let baseline = try run.baseline()
        #expect(baseline.candidate.filters == FilterState())
        #expect(run.outcomes.map(\.candidate.filters) == [FilterState()], "only the original is scored so far")
        #expect(run.righted.isEmpty)
        let early = run.early.map(\.filters)
        #expect(Array(early.prefix(AutoCandidates.detectedFirstStates.count)) == AutoCandidates.detectedFirstStates)
        let either = [true, false].map { AutoCandidates.firstRound(for: Self.greyPage, enlarging: $0).prefix(4) }
        let certain = early.dropFirst(AutoCandidates.detectedFirstStates.count)
        #expect(!certain.isEmpty && certain.allSatisfy { either[0].contains($0) && either[1].contains($0) }, "\(certain)")
        #expect(run.early.allSatisfy { !$0.sampled })
        #expect(recognizer.calls.load(ordering: .relaxed) > 1, "the early candidates that change the page are read beside it")
    }

    @Test("Righting: light text on dark is inverted, read beside the original, and is the base the chains search on; it must still beat the original to be the reference")
    func righting() throws {
        var run = try start(FilterOperation(.invert).apply(to: Self.greyPage), SameReadingRecognizer())
        let baseline = try run.baseline()
        #expect(run.righted.map(\.filters.description) == ["lighttext"])
        #expect(run.early.isEmpty, "a righted page's candidates wait for its base")
        let base = run.searchBase(over: baseline)
        #expect(run.outcomes.map(\.candidate.filters.description) == ["original", "lighttext"])
        #expect(base.candidate.filters.description == "lighttext", "it reads as well as the original")
        #expect(run.reference == FilterState(), "it reads no better than the original by the required gain")
    }

    @Test("Righting with samples: the righted renderings are read whatever the budget")
    func rightingWithSamples() throws {
        var run = try start(FilterOperation(.invert).apply(to: Self.greyPage), SameReadingRecognizer(), sampling: AutoSearch.Sampling())
        let probes = run.righting()
        #expect(probes == [.whole(FilterState.chain(FilterOperation(.lighttext)))])
        #expect(probes.allSatisfy(run.alwaysRead.contains))
    }

    @Test("Samples: a clean page's sample is cut beside the original's reading; a righted page's from its base")
    func samples() throws {
        var clean = try start(try Self.bookPage, SameReadingRecognizer(), sampling: AutoSearch.Sampling())
        let baseline = try clean.baseline()
        #expect(clean.sample != nil && clean.early.first == .sampled(FilterState()))
        clean.samples(of: clean.searchBase(over: baseline))
        #expect(clean.sampleOfBase == .sampled(FilterState()))

        var negative = try start(FilterOperation(.invert).apply(to: try Self.bookPage), SameReadingRecognizer(), sampling: AutoSearch.Sampling())
        let base = negative.searchBase(over: try negative.baseline())
        #expect(negative.sample == nil, "not cut before the base is known")
        negative.samples(of: base)
        #expect(negative.sample != nil)
        #expect(negative.sampleOfBase == .sampled(base.candidate.filters) && negative.alwaysRead.contains(negative.sampleOfBase))
    }

    @Test("Rounds: where no filter reads clearly better the search stops after the first round, kept in the plan's order")
    func roundsStop() throws {
        var run = try start(Self.greyPage, SameReadingRecognizer())
        let base = run.searchBase(over: try run.baseline())
        var reports = 0
        try run.rounds(on: base) { _ in reports += 1 }
        let plan = AutoCandidates.detectedFirstStates + AutoCandidates.firstRound(for: Self.greyPage, reading: base.recognized).prefix(4)
        let tried = run.outcomes.dropFirst().map(\.candidate.filters)
        #expect(!tried.isEmpty && tried.allSatisfy(plan.contains), "\(tried)")
        #expect(tried == plan.filter(tried.contains), "in the plan's order")
        #expect(reports == 1)
        #expect(try run.choice().chosen.filters == FilterState())
    }

    @Test("Rounds: where a filter reads clearly better the search goes on, and the choice is the better reading")
    func roundsGoOn() throws {
        var run = try start(Self.greyPage, ThresholdLovingRecognizer())
        let base = run.searchBase(over: try run.baseline())
        try run.rounds(on: base) { _ in }
        #expect(run.outcomes.count > 1 + AutoCandidates.detectedFirstStates.count + 4, "\(run.outcomes.map(\.candidate.filters))")
        let (chosen, outcome) = try run.choice()
        #expect(chosen.filters != FilterState() && outcome.recognized.words.count == 6)
        #expect(chosen.filters == AutoChoiceRule.choose(run.outcomes.map(\.candidate))?.filters)
    }

    @Test("Finalists: with samples, the best sampled chains by the rule are read whole, and nothing else")
    func finalists() throws {
        let sampling = AutoSearch.Sampling()
        var run = try start(try Self.bookPage, ThresholdLovingRecognizer(), sampling: sampling)
        let base = run.searchBase(over: try run.baseline())
        run.samples(of: base)
        try run.rounds(on: base) { _ in }
        let whole = run.outcomes.count
        let sampleBaseline = try #require(run.sampleBaseline)
        #expect(run.sampled.count > 2)
        let expected = AutoChoiceRule.finalists(run.sampled.map(\.candidate), over: sampleBaseline.candidate, count: sampling.finalists)
        #expect(!expected.isEmpty)
        try run.finalists { _ in }
        #expect(run.outcomes.dropFirst(whole).map(\.candidate.filters) == expected)
        #expect(run.outcomes.allSatisfy { !$0.candidate.sampled })
        #expect(run.tried.count == run.outcomes.count + 1 + run.sampled.count, "the whole readings, the base's sample and the chains' samples")
        #expect(try run.choice().outcome.recognized.words.count == 6)
    }
}
