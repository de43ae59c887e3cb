import Core
import CoreTestSupport
import Foundation
import ImageCodec
import Imaging
import Recognition
import Reports
import Search
import Synchronization
import TestSupport
import Testing

/// `AutoPlan` is internal to Search and the tests import public and package API only, so its
/// rules are checked through the search that follows it: `AutoRun`'s rounds and the work
/// `AutoSearch` reports (`AutoChoice.work` is the plan's spending).
@Suite("The plan of an automatic choice: its rounds and its budget")
struct AutoPlanTests {
    /// Dark bars of text on light paper, not faded, with words too small for Tesseract.
    private static func page(ink: UInt8 = 30, paper: UInt8 = 230) -> RGBImage {
        var image = RGBImage(width: 240, height: 160, fill: RGBPixel(grey: paper))
        for line in 0..<6 {
            for x in 20..<220 where x % 12 < 5 {
                for y in (20 + line * 22)..<(32 + line * 22) { image[x, y] = RGBPixel(grey: ink) }
            }
        }
        return image
    }

    /// `image` as a PNG, loaded as a search loads it, with the pipeline that loaded it.
    private func load(_ image: RGBImage) throws -> (LoadedImage, Pipeline) {
        let file = try Paths.temporaryDirectory() + "/page.png"
        try Data(try PNGEncoder.encode(image, resolution: 300)).write(to: URL(fileURLWithPath: file))
        let pipeline = Pipeline.rendering(RecognitionSettings())
        return (try pipeline.load(file), pipeline)
    }

    /// The whole search of `image` choosing one rendering for the page, on two engines.
    private func search(_ image: RGBImage, budget: Double, _ recognizer: any Recognizer & Sendable) throws -> AutoChoice {
        let (original, loaded) = try load(image)
        var pipeline = loaded
        let pool = try Engines(count: 2, settings: RecognitionSettings(), factory: { _ in recognizer })
        let result = try AutoSearch(budget: budget, explain: true, unit: .page).run(original, pipeline: &pipeline, engines: pool)
        return try #require(result.report.auto)
    }

    /// What reading each of `candidates` costs by the search's rule, in recognitions of the
    /// original: the square root of its rendering's pixels over the original's.
    private func costs(of candidates: [FilterState], on image: RGBImage) throws -> [FilterState: Double] {
        let (original, loaded) = try load(image)
        var pipeline = loaded
        var costs: [FilterState: Double] = [:]
        for filters in candidates {
            let pixels = pipeline.renderer.render(original, operations: filters.operations).pixelCount
            costs[filters] = (Double(pixels) / Double(original.image.pixelCount)).squareRoot()
        }
        return costs
    }

    /// Read outside the budget: the original, and what a detector asked for (a mending filter
    /// last, or the engine's own settings).
    private static func isFree(_ filters: FilterState) -> Bool {
        filters == FilterState() || !filters.engine.isDefault
            || filters.operations.last.map { AutoCandidates.detectedFirst.contains($0.kind) } == true
    }

    @Test("A candidate costs the square root of its pixels over the original's: 1 at the page's size, 2 enlarged twice; the work is their sum")
    func costIsSquareRootOfPixels() throws {
        let recognizer = SameWordsRecognizer()
        let image = Self.page()
        let choice = try search(image, budget: 1000, recognizer)
        let charged = choice.candidates.map(\.filters).filter { !Self.isFree($0) }
        let enlarged = charged.filter { $0.operations.contains { $0.kind == .scale } }
        try #require(!enlarged.isEmpty, "small words: the page enlarged is among the first filters, \(charged)")
        #expect(choice.work == Double(charged.count + enlarged.count), "\(charged.map(\.description)): each 1, and 1 more if enlarged")
        let seen = recognizer.pixels.withLock { $0 }
        #expect(seen.filter { $0 == 4 * image.pixelCount }.count == enlarged.count, "twice the side is four times the pixels")
    }

    @Test("Candidates are taken in order while the budget lasts: one that would overrun it is passed over for a cheaper one after it")
    func passedOverForCheaper() throws {
        // A page of light text on dark is righted first, so nothing is read ahead of the plan's order.
        let image = FilterOperation(.invert).apply(to: Self.page())
        let whole = try search(image, budget: 1000, SameWordsRecognizer())
        let order = whole.candidates.map(\.filters)
        try #require(order.dropFirst().allSatisfy { $0.operations.first?.kind == .lighttext }, "\(order)")
        let cost = try costs(of: order, on: image)
        let charge = { (filters: FilterState) in Self.isFree(filters) ? 0 : cost[filters] ?? 0 }
        // The first candidate dearer than one listed after it: with a budget that leaves room for
        // the cheaper one only, the search must skip the first and read the second.
        let cheaperAfter = { (index: Int) in order[(index + 1)...].first { charge($0) > 0 && charge($0) < charge(order[index]) } }
        let dear = try #require(order.indices.first { cheaperAfter($0) != nil }, "\(order)")
        let cheaper = try #require(cheaperAfter(dear))
        let budget = order[..<dear].map(charge).reduce(0, +) + (charge(order[dear]) + charge(cheaper)) / 2

        let cut = try search(image, budget: budget, SameWordsRecognizer())
        var spent = 0.0
        let expected = order.filter { filters in
            guard spent + charge(filters) <= budget + 1e-9 else { return false }
            spent += charge(filters)
            return true
        }
        #expect(cut.candidates.map(\.filters) == expected, "budget \(budget)")
        #expect(!expected.contains(order[dear]) && expected.contains(cheaper))
        #expect(abs(cut.work - spent) < 1e-9 && cut.work <= budget + 1e-9, "work \(cut.work), budget \(budget)")
    }

    @Test("Rounds: the detectors' and the first four filters; the next two once one reads clearly better; the best extended; the rest")
    func rounds() throws {
        let (original, loaded) = try load(Self.page(ink: 60, paper: 190))
        var pipeline = loaded
        let pool = try Engines(count: 2, settings: RecognitionSettings(), factory: { _ in ThresholdLovingRecognizer() })
        var run = AutoRun(AutoSearch(budget: 1000, explain: true, unit: .page), original: original, pipeline: pipeline,
                          pool: pool, monitor: nil)
        let base = run.searchBase(over: try run.baseline())
        try #require(base.candidate.filters == FilterState(), "a page that needs no righting is its own base")
        try run.rounds(on: base) { _ in }
        let tried = run.outcomes.map(\.candidate)

        var seen: Set<FilterState> = [FilterState()]
        let unseen = { (list: [FilterState]) in list.filter { seen.insert($0).inserted } }
        let detected = unseen(AutoCandidates.whereDetected(for: base.image, reading: base.recognized))
        let first = unseen(AutoCandidates.firstRound(for: base.image, reading: base.recognized))
        let opening = detected + first.prefix(4)
        let next = Array(first.prefix(6).dropFirst(4))
        let readOpening = tried.prefix { $0.filters == FilterState() || opening.contains($0.filters) }
        try #require(readOpening.contains { AutoChoiceRule.promises(tried[0], $0) }, "a threshold reads clearly better")
        let readFirst = tried.prefix { $0.filters == FilterState() || opening.contains($0.filters) || next.contains($0.filters) }
        let best = try #require(AutoChoiceRule.bestToExtend(Array(readFirst)))
        let plan = opening + next + unseen(AutoCandidates.extensions(of: best.filters)) + first.dropFirst(6)

        let triedFilters = tried.dropFirst().map(\.filters)
        #expect(tried.first?.filters == FilterState())
        #expect(triedFilters == plan.filter(triedFilters.contains), "in the plan's order, each once")
        #expect(triedFilters.allSatisfy(plan.contains), "nothing outside the plan: \(triedFilters.filter { !plan.contains($0) })")
        #expect(triedFilters.contains { AutoCandidates.extensions(of: best.filters).contains($0) }, "the best was extended")
        // With a budget that pays for everything, a candidate of the plan is not read only when it
        // left the page as it was.
        for filters in plan where !triedFilters.contains(filters) {
            #expect(pipeline.renderer.render(original, operations: filters.operations) == base.image, "\(filters) changed the page, unread")
        }
    }

    @Test("The candidates a detector asks for are read outside the budget: with none, they are all that is read beside the original")
    func detectedOutsideTheBudget() throws {
        // Red pen over the page: the marks' detector fires.
        var image = Self.page()
        for x in 30..<200 { for y in 80..<84 { image[x, y + (x / 10) % 6] = RGBPixel(red: 220, green: 30, blue: 40) } }
        let choice = try search(image, budget: 0, SameWordsRecognizer())
        let read = choice.candidates.map(\.filters)
        #expect(read.first == FilterState())
        #expect(read.dropFirst().allSatisfy(Self.isFree), "\(read.map(\.description))")
        #expect(read.contains(.chain(FilterOperation(.unmark))), "\(read.map(\.description))")
        #expect(choice.work == 0 && choice.budget == 0)
    }
}

/// Reads the same small words on every image, so that no candidate reads clearly better and
/// the search stays in its first round; keeps the pixels of every image it reads.
private final class SameWordsRecognizer: Recognizer, Sendable {
    let pixels = Mutex<[Int]>([])

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        pixels.withLock { $0.append(image.pixelCount) }
        let words = ["Harbor", "Road", "whole", "milk"]
        let box = BoundingBox(x: 0, y: 0, width: 8, height: 8)
        return RecognizedText(text: words.joined(separator: " "), meanConfidence: 80, words: words.map {
            RecognizedWord(text: $0, confidence: 80, box: box, inDictionary: true)
        })
    }
}
