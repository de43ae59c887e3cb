import Imaging
import Search
import Testing

/// Every list of `--auto`'s candidates is whole: each chain docs/auto.md names is there, in
/// its order, and reads back from its script, so none can be dropped unseen.
@Suite("The automatic choice's candidate lists are complete")
struct AutoCandidateListsTests {
    private func state(_ script: String) throws -> FilterState {
        try CommandScript(script).finalState()
    }

    /// Bars of ink `ink` on paper `paper`: faded when the two are close.
    private func page(ink: UInt8, paper: UInt8) -> RGBImage {
        var page = RGBImage(width: 200, height: 120, fill: RGBPixel(grey: paper))
        for y in stride(from: 20, to: 100, by: 20) { for x in 20..<180 where x % 9 < 4 { for dy in 0..<10 { page[x, y + dy] = RGBPixel(grey: ink) } } }
        return page
    }

    private static let usual = [
        "despeckle", "median", "greyscale; then sauvola", "background", "blur; slider 1%", "contrast", "sharpen",
        "median; then erode", "deskew", "otsu", "erode", "median; then sauvola", "dilate",
    ]

    @Test("The first round is every usual chain, with the levels first on a faded page and the enlargings where the text is small",
          arguments: [(false, false), (false, true), (true, false), (true, true)])
    func firstRound(faded: Bool, enlarging: Bool) throws {
        var expected = Self.usual
        if enlarging {
            expected.insert("scale", at: 0)
            expected.insert("scale; then median", at: 2)
        }
        if faded { expected.insert("levels", at: 0) }
        let image = faded ? page(ink: 158, paper: 206) : page(ink: 20, paper: 240)
        let round = AutoCandidates.firstRound(for: image, enlarging: enlarging)
        #expect(round.map(\.description) == expected)
        #expect(round == (try expected.map(state)))
    }

    @Test("The candidates tried where a detector fires are flatten, unmark and specks, in that order")
    func detected() throws {
        #expect(AutoCandidates.detectedFirstStates.map(\.description) == ["flatten", "unmark", "specks"])
        #expect(AutoCandidates.detectedFirstStates.count == AutoCandidates.detectedFirst.count)
    }

    @Test("Every chain reads back from its script as the same state, and no two are alike")
    func roundTrip() throws {
        let chains = AutoCandidates.usualChains + AutoCandidates.detectedFirstStates
        for chain in chains { #expect(try state(chain.description) == chain) }
        #expect(Set(chains).count == chains.count)
    }

    @Test("The extensions of the best chain are its strengthening where it helps, then every follower of its last filter",
          arguments: [
              ("median", ["median; slider 50%", "median; then erode", "median; then otsu", "median; then sauvola"]),
              ("despeckle", ["despeckle; slider 50%", "despeckle; then sauvola", "despeckle; then median", "despeckle; then otsu",
                             "despeckle; then erode"]),
              ("sauvola", ["sauvola; then median", "sauvola; then erode"]),
              ("greyscale; then sauvola", ["greyscale; then sauvola; then median", "greyscale; then sauvola; then erode"]),
              ("scale", ["scale; then median", "scale; then erode", "scale; then otsu", "scale; then sauvola"]),
              ("blur; slider 1%", ["blur; slider 1%; then sauvola", "blur; slider 1%; then median", "blur; slider 1%; then otsu",
                                   "blur; slider 1%; then erode"]),
              ("median; slider 75%", ["median; slider 75%; then erode", "median; slider 75%; then otsu",
                                      "median; slider 75%; then sauvola"]),
              ("rotate; slider 50%; then levels", ["rotate; slider 50%; then levels; slider 50%", "rotate; slider 50%; then levels; then sauvola",
                                                   "rotate; slider 50%; then levels; then median", "rotate; slider 50%; then levels; then otsu",
                                                   "rotate; slider 50%; then levels; then erode"]),
              ("psm 6", ["psm 6; sauvola", "psm 6; median", "psm 6; otsu", "psm 6; erode"]),
              ("original", []),
          ])
    func extensions(best: String, expected: [String]) throws {
        let extensions = AutoCandidates.extensions(of: try state(best))
        #expect(extensions.map(\.description) == expected)
        #expect(extensions == (try expected.map(state)))
    }

    @Test("A chain built from the filter table's values is the chain its script names")
    func chain() throws {
        #expect(FilterState.chain(FilterOperation(.blur, intensity: 0.01)) == (try state("blur; slider 1%")))
        #expect(FilterState.chain(FilterOperation(.greyscale), FilterOperation(.sauvola)) == (try state("greyscale; then sauvola")))
        #expect(FilterState.chain(FilterOperation(.median)).withLastFilter(at: 0.5) == (try state("median; slider 50%")))
        #expect(FilterState.chain() == FilterState())
    }
}
