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

/// `AutoPlan`'s rules on their own (costs, the budget and its reserve, the rounds and the
/// detectors' candidates), then the search following them: `AutoRun`'s rounds and the work
/// `AutoSearch` reports (`AutoChoice.work` is the plan's spending) on real renderings.
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

    // MARK: The plan itself

    /// A reading of `count` words `height` pixels tall, read with confidence.
    private static func reading(wordHeight height: Int, count: Int = 12) -> RecognizedText {
        let words = (0..<count).map { index in
            RecognizedWord(text: "word\(index)", confidence: 85,
                           box: BoundingBox(x: 20 + (index % 4) * 50, y: 20 + (index / 4) * 44, width: 40, height: height),
                           inDictionary: true)
        }
        return RecognizedText(text: words.map(\.text).joined(separator: " "), meanConfidence: 85, words: words)
    }

    /// A reading of `filters` as the plan's rounds are judged: by its score.
    private static func candidate(_ filters: FilterState, score: Double) -> AutoChoice.Candidate {
        AutoChoice.Candidate(filters: filters, score: score, wordCount: 12, meanConfidence: 85, accuracy: nil, seconds: 0)
    }

    /// A page righted before the search: the chains follow its turn.
    private static let turned = FilterState.chain(FilterOperation(.rotate))

    @Test("A candidate costs the square root of its pixels over the original's; an original of no pixels counts as one")
    func costOfPixels() {
        #expect(AutoPlan.cost(of: 120_000, original: 120_000) == 1)
        #expect(AutoPlan.cost(of: 480_000, original: 120_000) == 2, "twice the side")
        #expect(AutoPlan.cost(of: 30_000, original: 120_000) == 0.5, "half the side")
        #expect(AutoPlan.cost(of: 0, original: 120_000) == 0)
        #expect(AutoPlan.cost(of: 9, original: 0) == 3)
    }

    /// One request to a plan's budget: what it costs and keeps, whether it is admitted, and
    /// what the plan has spent after it.
    private struct Admission {
        var cost: Double
        var keeping = 0.0
        var admitted: Bool
        var spent: Double
        var why: Comment = ""
    }

    /// Asks `plan` for each of `admissions` in turn: the answers and the spending expected.
    private static func expect(_ plan: inout AutoPlan, _ admissions: [Admission], sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, admission) in admissions.enumerated() {
            let admitted = plan.admit(cost: admission.cost, keeping: admission.keeping)
            #expect(admitted == admission.admitted, "request \(index + 1): \(admission.why)", sourceLocation: sourceLocation)
            #expect(plan.spent == admission.spent, "spent after request \(index + 1)", sourceLocation: sourceLocation)
        }
    }

    @Test("Admitted while the budget lasts: one that would overrun it is refused and spends nothing, a cheaper one after it is admitted")
    func admitWithinTheBudget() {
        var plan = AutoPlan(budget: 3)
        #expect(plan.budget == 3 && plan.spent == 0)
        Self.expect(&plan, [
            Admission(cost: 1, admitted: true, spent: 1),
            Admission(cost: 1.5, admitted: true, spent: 2.5),
            Admission(cost: 1, admitted: false, spent: 2.5, why: "2.5 + 1 is over 3; a refusal spends nothing"),
            Admission(cost: 0.5, admitted: true, spent: 3, why: "the cheaper one after it fits exactly"),
            Admission(cost: 0.001, admitted: false, spent: 3),
            Admission(cost: 0, admitted: true, spent: 3, why: "what costs nothing always fits"),
        ])
    }

    @Test("A budget spent exactly by a sum of square roots is not overrun by rounding, in whatever order; beyond a hair it is")
    func admitToleratesRounding() {
        let costs = [2.0, 3, 5, 7, 11].map { $0.squareRoot() }
        let budget = costs.reduce(0, +)
        for order in [costs, costs.reversed(), [costs[2], costs[0], costs[4], costs[1], costs[3]]] {
            var plan = AutoPlan(budget: budget)
            let admitted = order.map { plan.admit(cost: $0) }
            #expect(admitted.allSatisfy { $0 }, "\(order)")
            #expect(abs(plan.spent - budget) < 1e-9)
        }
        var plan = AutoPlan(budget: 1)
        Self.expect(&plan, [Admission(cost: 1 + 1e-6, admitted: false, spent: 0)])
    }

    @Test("A reserve kept is checked but not spent: admitted only when the budget holds the cost and the reserve besides")
    func admitKeepingAReserve() {
        var plan = AutoPlan(budget: 4)
        Self.expect(&plan, [
            Admission(cost: 1, keeping: 2, admitted: true, spent: 1, why: "the reserve is not spent"),
            Admission(cost: 1, keeping: 2.5, admitted: false, spent: 1, why: "1 + 1 + 2.5 is over 4"),
            Admission(cost: 1, keeping: 2, admitted: true, spent: 2, why: "1 + 1 + 2 is 4"),
            Admission(cost: 2, keeping: 0.5, admitted: false, spent: 2),
            Admission(cost: 2, admitted: true, spent: 4, why: "the reserve is the caller's to ask for, not held back for good"),
        ])
    }

    @Test("With no budget nothing that costs anything is admitted")
    func noBudget() {
        var plan = AutoPlan(budget: 0)
        Self.expect(&plan, [
            Admission(cost: 0.1, admitted: false, spent: 0),
            Admission(cost: 0, keeping: 0.1, admitted: false, spent: 0),
            Admission(cost: 0, admitted: true, spent: 0),
        ])
    }

    @Test("The first round: the detectors' candidates, then the first four filters, on the base; the detectors' noted as read outside the budget",
          arguments: [false, true])
    func firstRound(turned: Bool) throws {
        let base = turned ? Self.turned : FilterState()
        let (image, reading) = (Self.page(), Self.reading(wordHeight: 40))
        var plan = AutoPlan(budget: 10)
        let planned = plan.nextRound(base: base, image: image, reading: reading, tried: [])
        let round = try #require(planned)
        let detected = AutoCandidates.whereDetected(for: image, reading: reading).map { base.followed(by: $0) }
        let first = AutoCandidates.firstRound(for: image, reading: reading).map { base.followed(by: $0) }
        #expect(round == detected + first.prefix(AutoPlan.probeFirst), "\(round.map(\.description))")
        #expect(plan.detected == Set(detected))
        #expect(plan.spent == 0, "planning spends nothing")
        #expect(!round.contains(base), "the base is read already")
    }

    @Test("Small words: the first round starts with the page enlarged")
    func firstRoundEnlarges() throws {
        var plan = AutoPlan(budget: 10)
        let planned = plan.nextRound(base: FilterState(), image: Self.page(), reading: Self.reading(wordHeight: 10), tried: [])
        let round = try #require(planned)
        let filters = round.filter { !plan.detected.contains($0) }
        #expect(filters.count == AutoPlan.probeFirst)
        #expect(filters.first == .chain(FilterOperation(.scale)), "\(filters.map(\.description))")
    }

    @Test("No filter of the first round reads clearly better than the page: the search ends after it")
    func endsWithoutPromise() throws {
        let (image, reading) = (Self.page(), Self.reading(wordHeight: 40))
        var plan = AutoPlan(budget: 10)
        let planned = plan.nextRound(base: FilterState(), image: image, reading: reading, tried: [])
        let opening = try #require(planned)
        // 5% better: a gain, but not the 10% a promise needs.
        let tried = [Self.candidate(FilterState(), score: 100)] + opening.map { Self.candidate($0, score: 105) }
        let next = plan.nextRound(base: FilterState(), image: image, reading: reading, tried: tried)
        #expect(next == nil, "\(next?.map(\.description) ?? [])")
    }

    @Test("A filter's promise is judged against the base the chains start from, not against the original")
    func promiseAgainstTheBase() throws {
        let (image, reading) = (Self.page(), Self.reading(wordHeight: 40))
        var plan = AutoPlan(budget: 10)
        let planned = plan.nextRound(base: Self.turned, image: image, reading: reading, tried: [])
        let opening = try #require(planned)
        // Far better than the original, 5% better than the turned page.
        let tried = [Self.candidate(FilterState(), score: 50), Self.candidate(Self.turned, score: 100)]
            + opening.map { Self.candidate($0, score: 105) }
        let next = plan.nextRound(base: Self.turned, image: image, reading: reading, tried: tried)
        #expect(next == nil, "\(next?.map(\.description) ?? [])")
    }

    @Test("Rounds after a promise: the next two filters, then the best extended (each candidate once) with the filters not yet tried, then the end")
    func roundsAfterAPromise() throws {
        let (image, reading) = (Self.page(), Self.reading(wordHeight: 40))
        let first = AutoCandidates.firstRound(for: image, reading: reading)
        let best = FilterState.chain(FilterOperation(.median))
        try #require(first.prefix(AutoPlan.probeFirst).contains(best), "\(first.map(\.description))")
        var plan = AutoPlan(budget: 10)
        let planned = plan.nextRound(base: FilterState(), image: image, reading: reading, tried: [])
        let opening = try #require(planned)
        var tried = [Self.candidate(FilterState(), score: 100)] + opening.map { Self.candidate($0, score: $0 == best ? 130 : 100) }

        let second = plan.nextRound(base: FilterState(), image: image, reading: reading, tried: tried)
        let next = try #require(second)
        #expect(next == Array(first[AutoPlan.probeFirst..<AutoPlan.extendAfter]), "\(next.map(\.description))")
        tried += next.map { Self.candidate($0, score: 100) }

        let third = plan.nextRound(base: FilterState(), image: image, reading: reading, tried: tried)
        let extended = try #require(third)
        let read = Set(tried.map(\.filters))
        let extensions = AutoCandidates.extensions(of: best)
        let later = Array(first.dropFirst(AutoPlan.extendAfter))
        #expect(extended == extensions.filter { !read.contains($0) && !later.contains($0) } + later, "\(extended.map(\.description))")
        #expect(Set(extended).count == extended.count && read.isDisjoint(with: extended), "each candidate once")
        #expect(extensions.contains { later.contains($0) }, "an extension that is also a later filter is read once, in its place")
        let fourth = plan.nextRound(base: FilterState(), image: image, reading: reading, tried: tried)
        #expect(fourth == nil, "the search is over")
    }

    @Test("The candidates certain to be in the first round, whatever the reading: the detectors' and the filters common to both openings, in their order")
    func certainInEitherFirstRound() throws {
        let image = Self.page()
        for base in [FilterState(), Self.turned] {
            let certain = AutoPlan.certainFirstRound(base: base, image: image)
            #expect(Array(certain.prefix(AutoCandidates.detectedFirst.count)) == AutoPlan.certainDetected(base: base))
            #expect(AutoPlan.certainDetected(base: base) == AutoCandidates.detectedFirstStates.map { base.followed(by: $0) })
            #expect(certain.count > AutoCandidates.detectedFirst.count, "some filters are in both")
            for height in [10, 40] {
                var plan = AutoPlan(budget: 10)
                let planned = plan.nextRound(base: base, image: image, reading: Self.reading(wordHeight: height), tried: [])
                let round = try #require(planned)
                #expect(round.filter(certain.contains) == certain, "words \(height) px tall: \(round.map(\.description))")
            }
        }
    }

    @Test("Candidates counted as a detector's are noted as read outside the budget, spending nothing")
    func detectingSpendsNothing() {
        var plan = AutoPlan(budget: 1)
        plan.detecting(AutoPlan.certainDetected(base: Self.turned))
        #expect(plan.detected == Set(AutoCandidates.detectedFirstStates.map { Self.turned.followed(by: $0) }))
        #expect(plan.spent == 0)
    }

    // MARK: The search following it

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
