import Core
import Imaging
import TextComparison

/// The search for the recipe that reads a set of pages best, as pure logic: it proposes
/// recipes one at a time, is told each one's error count on the pages, and proposes the next
/// from what it was told, so the same counts always give the same recipes in the same order.
///
/// The rounds: the original (always a candidate, so the recipe never reads the tuning pages
/// worse than doing nothing); every filter of the table alone at its starting strength; the
/// strengths of the best few refined, doubling or halving while that helps; the best few
/// followed by each of the best others (chains); and the best chain's strengths refined link by
/// link, when it beats every single filter. A recipe that is never counted (the budget passed
/// it over) is taken as no better than what it was compared with.
public struct TuneSearch: Sendable {
    /// How wide each round is.
    public struct Limits: Sendable, Equatable {
        /// The filters tried alone, in order.
        public var kinds: [FilterKind]
        /// How many of the best single filters have their strength refined.
        public var refined: Int
        /// The most doublings (or halvings) one refinement walks.
        public var steps: Int
        /// How many of the best single filters start chains, and how many follow each.
        public var heads: Int
        public var followers: Int

        public init(kinds: [FilterKind] = FilterKind.allCases, refined: Int = 3, steps: Int = 3, heads: Int = 3,
                    followers: Int = 4) {
            (self.kinds, self.refined, self.steps, self.heads, self.followers) = (kinds, refined, steps, heads, followers)
        }
    }

    /// A recipe and its error count on the search's pages.
    public struct Tried: Sendable, Equatable {
        public var recipe: TuneRecipe
        public var count: ErrorCount
    }

    /// Where a search is, for progress.
    public enum Stage: String, Sendable {
        case original, singles = "single filters", strengths, chains, chainStrengths = "chain strengths", done
    }

    /// One walk of strengths: the links of `recipe` still to refine, the first being walked.
    private struct Refinement: Sendable {
        enum Phase: Sendable {
            case start
            /// Both neighbours proposed.
            case probed(up: TuneRecipe?, down: TuneRecipe?)
            /// Walking in one direction (1 doubles, -1 halves).
            case walked(direction: Int, candidate: TuneRecipe)
        }

        var recipe: TuneRecipe
        var links: [Int]
        var phase = Phase.start
        var steps = 0
    }

    public let limits: Limits
    /// Every recipe counted, in the order proposed.
    public private(set) var tried: [Tried] = []
    public private(set) var stage = Stage.original
    private var results: [TuneRecipe: ErrorCount] = [:]
    private var proposed: Set<TuneRecipe> = []
    private var queue: [TuneRecipe] = []
    /// The walks of the current round; nil until the round has begun.
    private var refinements: [Refinement]?

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The next recipe to count, or nil when the search is over.
    public mutating func next() -> TuneRecipe? {
        while queue.isEmpty {
            guard advance() else { return nil }
        }
        return queue.removeFirst()
    }

    /// `recipe`'s error count on the search's pages.
    public mutating func record(_ recipe: TuneRecipe, _ count: ErrorCount) {
        guard results[recipe] == nil else { return }
        results[recipe] = count
        tried.append(Tried(recipe: recipe, count: count))
    }

    /// The recipe with the fewest errors; of equal ones, the first counted (the original
    /// first of all).
    public var best: Tried? { Self.best(of: tried) }

    /// The best of `list`, the first of equals.
    public static func best(of list: [Tried]) -> Tried? {
        var best = list.first
        for item in list.dropFirst() where item.count.rate < best!.count.rate { best = item }
        return best
    }

    // MARK: - Rounds

    /// Fills the queue with the next proposals; false when the search is over.
    private mutating func advance() -> Bool {
        switch stage {
        case .original:
            propose([.original])
            stage = .singles
        case .singles:
            propose(TuneVocabulary.singles(of: limits.kinds))
            stage = .strengths
        case .strengths:
            if refinements == nil {
                refinements = bestPerKind().prefix(limits.refined).map { Refinement(recipe: $0.recipe, links: [0]) }
            }
            if !walkRefinements() {
                (stage, refinements) = (.chains, nil)
            }
        case .chains:
            let ranked = bestPerKind()
            var chains: [TuneRecipe] = []
            for head in ranked.prefix(limits.heads) {
                for follower in ranked.filter({ $0.recipe.links[0].kind != head.recipe.links[0].kind }).prefix(limits.followers) {
                    chains.append(head.recipe.followed(by: follower.recipe))
                }
            }
            propose(chains)
            stage = .chainStrengths
        case .chainStrengths:
            if refinements == nil {
                let chains = tried.filter { $0.recipe.links.count >= 2 }
                let singles = tried.filter { $0.recipe.links.count < 2 }
                if let chain = Self.best(of: chains), let single = Self.best(of: singles), chain.count.rate < single.count.rate {
                    refinements = [Refinement(recipe: chain.recipe, links: Array(chain.recipe.links.indices))]
                } else {
                    refinements = []
                }
            }
            if !walkRefinements() {
                (stage, refinements) = (.done, nil)
            }
        case .done:
            return false
        }
        return true
    }

    /// Queues those of `recipes` not proposed before.
    private mutating func propose(_ recipes: [TuneRecipe]) {
        for recipe in recipes where proposed.insert(recipe).inserted { queue.append(recipe) }
    }

    /// The best single filter of each kind (any strength), best first.
    private func bestPerKind() -> [Tried] {
        var best: [FilterKind: Tried] = [:]
        var order: [FilterKind] = []
        for item in tried where item.recipe.links.count == 1 {
            let kind = item.recipe.links[0].kind
            if let current = best[kind] {
                if item.count.rate < current.count.rate { best[kind] = item }
            } else {
                best[kind] = item
                order.append(kind)
            }
        }
        // Stable: of equal rates, the kind counted first ranks first.
        return order.compactMap { best[$0] }.enumerated()
            .sorted { ($0.element.count.rate, $0.offset) < ($1.element.count.rate, $1.offset) }.map(\.element)
    }

    /// Steps the walks in order until one proposes something; false when all are over.
    private mutating func walkRefinements() -> Bool {
        guard var walks = refinements else { return false }
        defer { refinements = walks }
        while !walks.isEmpty {
            let proposals = step(&walks[0])
            if !proposals.isEmpty {
                propose(proposals)
                return true
            }
            walks.removeFirst()
        }
        return false
    }

    /// Whether `candidate` was counted and has fewer errors than `recipe`.
    private func improves(_ candidate: TuneRecipe?, on recipe: TuneRecipe) -> Bool {
        guard let candidate, let new = results[candidate] else { return false }
        guard let old = results[recipe] else { return true }
        return new.rate < old.rate
    }

    /// Moves `walk` on with what is known; returns what it needs counted next, or nothing
    /// when it is over.
    private mutating func step(_ walk: inout Refinement) -> [TuneRecipe] {
        while let link = walk.links.first {
            let strength = walk.recipe.links[link].intensity
            func neighbour(_ direction: Int) -> TuneRecipe? {
                TuneVocabulary.strength(strength, doubled: direction).map { walk.recipe.with(intensity: $0, at: link) }
            }
            switch walk.phase {
            case .start:
                let (up, down) = (neighbour(1), neighbour(-1))
                walk.phase = .probed(up: up, down: down)
                walk.steps = 1
                let fresh = [up, down].compactMap { $0 }.filter { !proposed.contains($0) }
                if !fresh.isEmpty { return fresh }
            case let .probed(up, down):
                // Of two that improve, the one with fewer errors (doubling, of equals).
                let better = [up, down].compactMap { $0 }.filter { improves($0, on: walk.recipe) }
                    .min { (results[$0]?.rate ?? 1) < (results[$1]?.rate ?? 1) }
                guard let found = better else {
                    finishLink(&walk)
                    continue
                }
                let direction = found == up ? 1 : -1
                walk.recipe = found
                if let proposal = walkOn(&walk, direction: direction) { return proposal }
            case let .walked(direction, candidate):
                guard improves(candidate, on: walk.recipe) else {
                    finishLink(&walk)
                    continue
                }
                walk.recipe = candidate
                if let proposal = walkOn(&walk, direction: direction) { return proposal }
            }
        }
        return []
    }

    /// The next step of a walk that just improved, or nil (its link finished, or the step
    /// already known, and the walk moved on) for the caller to go on.
    private mutating func walkOn(_ walk: inout Refinement, direction: Int) -> [TuneRecipe]? {
        guard walk.steps < limits.steps, let link = walk.links.first,
              let strength = TuneVocabulary.strength(walk.recipe.links[link].intensity, doubled: direction) else {
            finishLink(&walk)
            return nil
        }
        let candidate = walk.recipe.with(intensity: strength, at: link)
        walk.phase = .walked(direction: direction, candidate: candidate)
        walk.steps += 1
        return proposed.contains(candidate) ? nil : [candidate]
    }

    private func finishLink(_ walk: inout Refinement) {
        walk.links.removeFirst()
        walk.phase = .start
        walk.steps = 0
    }
}
