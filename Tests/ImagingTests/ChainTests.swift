import Imaging
import Testing

@Suite("Chains of filters: then, and the brief's rules within each link")
struct ChainTests {
    private func state(_ script: String) throws -> FilterState {
        try CommandScript(script).finalState()
    }

    @Test("then adds a filter on top of the current image and selects its segment")
    func then() throws {
        let chain = try state("greyscale; then scale; then sauvola")
        #expect(chain.operationNames == ["greyscale 25%", "scale 25%", "sauvola 25%"])
        #expect(chain.segment == .filter(.sauvola))
        #expect(chain.base.map(\.description) == ["greyscale 25%", "scale 25%"])
    }

    @Test("25% and 75% compound on the last link; the slider starts again from where the link began")
    func stepsAndSlider() throws {
        #expect(try state("greyscale; then sauvola; 75%").operationNames == ["greyscale 25%", "sauvola 25%", "sauvola 75%"])
        #expect(try state("greyscale; then sauvola; 25%; slider 50%").operationNames == ["greyscale 25%", "sauvola 50%"])
        #expect(try state("blur; 25%; then binarize; slider 1").operationNames == ["blur 25%", "blur 25%", "binarize 100%"])
    }

    @Test("original reverts the whole chain, and choosing a filter starts a new one")
    func revert() throws {
        let reverted = try state("greyscale; then scale; 75%; then sauvola; original")
        #expect(reverted.operations.isEmpty && reverted.segment == .original)
        #expect(try state("greyscale; then sauvola; blur").operationNames == ["blur 25%"])
        #expect(try state("then median") == state("median"), "then on the original is choosing the filter")
    }

    @Test("The script a state prints leads back to the same state", arguments: [
        "original", "blur", "blur; 75%", "binarize; slider 150%", "greyscale; then sauvola",
        "greyscale; then scale; slider 50%; then sauvola; 75%", "median; 25%; then otsu; slider 30%; 25%",
        "deskew; then contrast; then sharpen; then erode; then dilate; then invert", "blur; slider 1%; then otsu",
    ])
    func roundTrip(script: String) throws {
        let original = try state(script)
        #expect(original.description == script)
        #expect(try state(original.description) == original)
    }

    @Test("then needs a known filter, and says which there are")
    func thenErrors() {
        for (script, expected) in [("then", "then needs a filter, e.g. then sauvola"), ("then emboss", "unknown filter 'emboss'"),
                                   ("blur; then blur blur", "'then' takes no 'blur'")] {
            do {
                _ = try CommandScript(script).finalState()
                Issue.record("\(script) was accepted")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
            }
        }
    }

    @Test("Every filter is a segment with the brief's rules: chosen at 25%, compounding, slider on the original")
    func everyFilterIsASegment() throws {
        for kind in FilterKind.allCases {
            let chosen = try state(kind.rawValue)
            #expect(chosen.segment.filter == kind)
            #expect(chosen.operations == [FilterOperation(kind)])
            #expect(try state("\(kind.rawValue); 75%").operations == [FilterOperation(kind), FilterOperation(kind, intensity: 0.75)])
            #expect(try state("\(kind.rawValue); 25%; slider 2").operations == [FilterOperation(kind, intensity: 2)])
        }
        #expect(Set(FilterKind.allCases.map(\.reproduces)).count == FilterKind.allCases.count)
    }

    @Test("A chain renders as its operations applied one after the other")
    func rendering() throws {
        var image = RGBImage(width: 40, height: 30, fill: RGBPixel(red: 200, green: 190, blue: 170))
        for y in 10..<20 { for x in 5..<35 { image[x, y] = RGBPixel(red: 40, green: 30, blue: 60) } }
        let chain = try state("greyscale; then sharpen; then otsu")
        let stepByStep = OtsuThreshold(bias: 1).apply(to: UnsharpMask(radius: 2.5, amount: 0.5).apply(to: Greyscale(amount: 1).apply(to: image)))
        #expect(chain.operations.apply(to: image) == stepByStep)
        #expect(stepByStep.isGreyscale)
    }
}
