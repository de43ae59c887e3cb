import Imaging
import Search
import Testing

@Suite("The chains the automatic choice tries")
struct AutoCandidatesTests {
    private func state(_ script: String) throws -> FilterState {
        try CommandScript(script).finalState()
    }

    @Test("A median, despeckle, background or levels at its default strength is tried at twice it first")
    func strengthened() throws {
        for (best, stronger) in [("median", "median; slider 50%"), ("scale; then despeckle", "scale; then despeckle; slider 50%"),
                                 ("levels", "levels; slider 50%")] {
            #expect(AutoCandidates.extensions(of: try state(best)).first == (try state(stronger)), "\(best)")
        }
        for best in ["blur; slider 1%", "median; slider 75%", "sauvola"] {
            let first = AutoCandidates.extensions(of: try state(best)).first
            #expect(first?.operations.count == (try state(best)).operations.count + 1, "\(best): \(first.map(\.description) ?? "none")")
        }
    }

    @Test("A faded page (ink and paper close) has its levels stretched first; a crisp one does not")
    func faded() throws {
        func page(ink: UInt8, paper: UInt8) -> RGBImage {
            var page = RGBImage(width: 200, height: 120, fill: RGBPixel(grey: paper))
            for y in stride(from: 20, to: 100, by: 20) { for x in 20..<180 where x % 9 < 4 { for dy in 0..<10 { page[x, y + dy] = RGBPixel(grey: ink) } } }
            return page
        }
        #expect(AutoCandidates.firstRound(for: page(ink: 158, paper: 206), reading: nil).first == (try state("levels")))
        #expect(!AutoCandidates.firstRound(for: page(ink: 20, paper: 240), reading: nil).contains(try state("levels")))
    }
}
