import Imaging
import Testing

@Suite("Filter commands and command scripts")
struct FilterStateTests {
    private func state(_ script: String) throws -> FilterState {
        try CommandScript(script).finalState()
    }

    @Test("blur and binarize select a filter at the default 25%, on the original")
    func select() throws {
        #expect(try state("blur").operationNames == ["blur 25%"])
        #expect(try state("blur; binarize").operationNames == ["binarize 25%"])
        #expect(try state("binarize").segment == .filter(.binarize))
    }

    @Test("25% and 75% compound on the current image")
    func steps() throws {
        #expect(try state("blur; 25%; 75%").operationNames == ["blur 25%", "blur 25%", "blur 75%"])
    }

    @Test("The slider replaces the operations with one at its intensity")
    func slider() throws {
        #expect(try state("blur; 25%; slider 1.5").operationNames == ["blur 150%"])
        #expect(try state("binarize; slider 150%").operationNames == ["binarize 150%"])
        #expect(try state("blur; slider 2; 75%").operationNames == ["blur 200%", "blur 75%"])
    }

    @Test("original reverts everything")
    func original() throws {
        let reverted = try state("blur; 25%; original")
        #expect(reverted.operations.isEmpty && reverted.segment == .original)
    }

    @Test("Mixed sequence gives the exact operation list")
    func mixed() throws {
        let final = try state("blur; 25%; 75%; slider 2; 75%; binarize; 75%")
        #expect(final.operationNames == ["binarize 25%", "binarize 75%"])
        #expect(final.segment == .filter(.binarize))
    }

    @Test("Errors name the bad command and its position", arguments: [
        ("blur; sharpness", "command 2 'sharpness': unknown command 'sharpness'"),
        ("blur; slider", "command 2 'slider': slider needs a value"),
        ("blur; slider abc", "'abc' is not a number"),
        ("blur; slider 3.5", "slider value 3.5 is outside 0 to 3"),
        ("blur; slider -1", "slider value -1 is outside 0 to 3"),
        ("blur; slider 301%", "outside 0 to 3"),
        ("blur; slider nan", "'nan' is not a number"),
        ("25%", "command 1 '25%': '25%' needs a filter first"),
        ("slider 1", "needs a filter first"),
        ("blur 2", "'blur' takes no '2'"),
        ("150%", "unknown command '150%'"),
    ])
    func errors(script: String, expected: String) {
        do {
            _ = try state(script)
            Issue.record("\(script) was accepted")
        } catch let error as CommandScriptError {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("blur then 25% really compounds: σ 25 twice, not σ 25 once")
    func compounding() throws {
        var image = RGBImage(width: 60, height: 40, fill: .white)
        for y in 15..<25 { for x in 10..<50 { image[x, y] = .black } }
        let compounded = try state("blur; 25%").operations.apply(to: image)
        let once = GaussianBlur(sigma: 25).apply(to: image)
        let twice = GaussianBlur(sigma: 25).apply(to: once)
        #expect(compounded == twice)
        #expect(compounded != once)
    }
}
