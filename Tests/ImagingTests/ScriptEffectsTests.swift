import Imaging
import Testing

@Suite("What a command script does to the page")
struct ScriptEffectsTests {
    @Test("A turn is a turn however the script writes it: in capitals, after then, on a line of its own",
          arguments: ["Rotate", "THEN rotate", "median\nrotate", "median; Then ROTATE", "median;\n  rotate  ;"])
    func turnsAsTheParserReadsThem(script: String) throws {
        let effects = try ScriptEffects(script: script)
        #expect(effects.movesPage)
        #expect(effects.moving == [.rotate])
    }

    @Test("Turning, cropping, straightening and unwarping move the page; scale resizes it; the rest keep it")
    func placementOfEachFilter() {
        let moved = FilterKind.allCases.filter { $0.placement == .moved }
        #expect(Set(moved.map(\.rawValue)) == ["rotate", "orient", "deskew", "borders", "sheet", "dewarp"])
        #expect(FilterKind.allCases.filter { $0.placement == .resized } == [.scale])
        // Every filter a searchable PDF places is one that moves the page.
        #expect(FilterKind.allCases.filter(\.movesPage).allSatisfy { $0.placement == .moved })
    }

    @Test("The state the script leads to is classified, not its words: a filter reverted moves nothing")
    func finalState() throws {
        let reverted = try ScriptEffects(script: "rotate; original; median")
        #expect(!reverted.movesPage && !reverted.resizesPage)
        #expect(reverted.state.description == "median")
        let chained = try ScriptEffects(script: "median; then scale; then deskew; then scale")
        #expect(chained.movesPage && chained.resizesPage)
        #expect(chained.moving == [.deskew] && chained.resizing == [.scale])
    }

    @Test("The engine settings a script sets are given beside its filters")
    func engineSettings() throws {
        let effects = try ScriptEffects(script: "PSM 6; median; thresholding Sauvola")
        #expect(effects.engine == EngineSettings(pageSegmentation: 6, thresholding: .sauvola))
        #expect(!effects.movesPage)
    }

    @Test("A script the parser refuses is refused here, naming the command")
    func refused() {
        #expect(throws: CommandScriptError.self) { try ScriptEffects(script: "median; blurr") }
        do {
            _ = try ScriptEffects(script: "median; blurr")
        } catch {
            #expect(error.description.hasPrefix("command 2 'blurr': unknown command 'blurr'"))
        }
    }
}
