import Imaging
import Search
import Session
import Testing
import TextComparison

/// Drives a search to its end with `errors` as every recipe's count.
private func drive(_ limits: TuneSearch.Limits = .init(), _ errors: (TuneRecipe) -> Int) -> TuneSearch {
    var search = TuneSearch(limits: limits)
    while let recipe = search.next() { search.record(recipe, ErrorCount(errors: errors(recipe), length: 10_000)) }
    return search
}

/// The recipe of `kind` alone at `intensity`.
private func single(_ kind: FilterKind, _ intensity: Double) -> TuneRecipe {
    TuneRecipe(links: [FilterOperation(kind, intensity: intensity)])
}

@Suite("The search for a corpus's recipe")
struct TuneSearchTests {
    @Test("The original is counted first, then every filter of the table alone")
    func firstRounds() {
        let search = drive { _ in 100 }
        let recipes = search.tried.map(\.recipe)
        #expect(recipes.first == .original)
        let singles = recipes.dropFirst().prefix(FilterKind.allCases.count)
        #expect(singles.map { $0.links.map(\.kind) } == FilterKind.allCases.map { [$0] })
        #expect(Set(recipes).count == recipes.count, "no recipe is counted twice")
    }

    @Test("When every filter reads worse, the recipe is the original")
    func neverWorseThanOriginal() {
        let search = drive { $0 == .original ? 500 : 600 + $0.links.count }
        #expect(search.best?.recipe == .original)
    }

    @Test("A filter's strength is walked, doubling or halving, towards fewer errors")
    func refinesStrength() throws {
        // The median reads best at 3%; from 25% the walk halves three times: 12.5%, 6.3%, then
        // 3.1% or 3.2% (a tenth of a percent, as the script prints it).
        let search = drive { recipe in
            guard recipe.links.count == 1, recipe.links[0].kind == .median else { return recipe == .original ? 2500 : 3000 }
            return Int((abs(recipe.links[0].intensity - 0.03) * 10_000).rounded())
        }
        let best = try #require(search.best)
        #expect(best.recipe.links.map(\.kind) == [.median])
        #expect((0.031...0.032).contains(best.recipe.links.first?.intensity ?? 0), "\(best.recipe)")
        #expect(search.tried.contains { $0.recipe == single(.median, 0.125) })
        let sixPointThree = try FilterCommand.sliderIntensity("6.3%")
        #expect(search.tried.contains { $0.recipe == single(.median, sixPointThree) })
        #expect(!search.tried.contains { $0.recipe.links.first.map { $0.kind == .median && $0.intensity < 0.02 } ?? false },
                "the walk stops after three steps")
    }

    @Test("The best single filters are chained, and the chain wins when it reads best")
    func chains() throws {
        // Each filter alone removes some errors; greyscale then sauvola removes them all.
        let search = drive { recipe in
            let kinds = recipe.links.map(\.kind)
            if kinds == [.greyscale, .sauvola] { return 0 }
            if kinds == [.greyscale] { return 300 }
            if kinds == [.sauvola] { return 400 }
            return 1000 - recipe.links.count
        }
        let best = try #require(search.best)
        #expect(best.recipe.links.map(\.kind) == [.greyscale, .sauvola])
        #expect(best.count.errors == 0)
    }

    @Test("The same counts give the same recipes in the same order")
    func deterministic() {
        let errors: (TuneRecipe) -> Int = { recipe in
            recipe.links.reduce(700) { $0 - Int($1.intensity * 100) % 37 - $1.kind.rawValue.count }
        }
        let first = drive(.init(), errors), second = drive(.init(), errors)
        #expect(first.tried == second.tried)
        #expect(first.tried.count > FilterKind.allCases.count + 1, "the search went past its first round")
    }

    @Test("A recipe's script is what --ops parses back to the same chain")
    func scriptRoundTrip() throws {
        let recipe = TuneRecipe(links: [FilterOperation(.median), FilterOperation(.sauvola, intensity: 0.125),
                                        FilterOperation(.scale, intensity: 0.5)])
        #expect(recipe.description == "median; then sauvola; slider 12.5%; then scale; slider 50%")
        let parsed = try CommandScript(recipe.description).finalState()
        #expect(parsed == recipe.state)
        #expect(parsed.operations == recipe.links)
        #expect(TuneRecipe.original.description == "original")
    }

    @Test("Folds deal the pages in name order: each held out once, sizes within one, whatever the input order")
    func folds() {
        let names = ["g.png", "a.png", "e.png", "c.png", "b.png", "f.png", "d.png"]
        let folds = TuneFolds(names: names, count: 3)
        let held = (0..<3).map(folds.heldOut)
        #expect(held.flatMap { $0 }.sorted() == Array(names.indices))
        #expect(held.map(\.count).sorted() == [2, 2, 3])
        for fold in 0..<3 { #expect(Set(folds.tunedOn(fold)).isDisjoint(with: held[fold])) }
        let reversed = TuneFolds(names: names.reversed(), count: 3)
        for (index, name) in names.enumerated() {
            #expect(reversed.foldOfPage[names.count - 1 - index] == folds.foldOfPage[index], "\(name)")
        }
        #expect(TuneFolds(names: ["a", "b"], count: 5).count == 2)
    }

    @Test("The bootstrap interval holds the micro rate, is the same every time, and closes on identical pages")
    func spread() throws {
        let pages = (0..<12).map { ErrorCount(errors: $0 * 3, length: 100 + $0) }
        let interval = try #require(TuneSpread.bootstrap(pages))
        #expect(interval.contains(pages.total.rate))
        #expect(interval.lowerBound < interval.upperBound)
        #expect(TuneSpread.bootstrap(pages) == interval)
        let same = try #require(TuneSpread.bootstrap(Array(repeating: ErrorCount(errors: 5, length: 50), count: 6)))
        #expect(same == 0.1...0.1)
        #expect(TuneSpread.bootstrap([]) == nil)
    }
}
