import Foundation
import TestSupport
import Testing

@Suite("filterocr filter")
struct FilterCommandTests {
    private let input = Paths.images + "/receipt.png"

    @Test("Writes the filtered image as PNG, different for different scripts")
    func writesPNG() throws {
        let folder = try Paths.temporaryDirectory()
        let blurred = folder + "/blurred.png", binarized = folder + "/binarized.png"
        #expect(try Command.filterocr(["filter", input, "--ops", "blur; 25%", "-o", blurred]).status == 0)
        #expect(try Command.filterocr(["filter", input, "--ops", "binarize; slider 1.5", "-o", binarized]).status == 0)
        let blurredBytes = try Data(contentsOf: URL(fileURLWithPath: blurred))
        let binarizedBytes = try Data(contentsOf: URL(fileURLWithPath: binarized))
        #expect(blurredBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(blurredBytes != binarizedBytes)
        // The binarized image is readable again and holds only the eight corner colours.
        let result = try Command.filterocr(["ocr", "--json", binarized])
        #expect(result.status == 0)
    }

    static let badScripts: [(script: String, expected: String)] = [
        ("blur; sharpen", "unknown command 'sharpen'"),
        ("blur; slider", "slider needs a value"),
        ("binarize; slider 4", "outside 0 to 3"),
        ("25%", "needs a filter first"),
    ]

    @Test("A bad script is one line of error, exit 2, and no file written", arguments: badScripts)
    func badScript(script: String, expected: String) throws {
        let folder = try Paths.temporaryDirectory()
        let output = folder + "/out.png"
        let result = try Command.filterocr(["filter", input, "--ops", script, "-o", output])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("An existing output file is left as it was when the command fails")
    func existingOutputKept() throws {
        let folder = try Paths.temporaryDirectory()
        let output = folder + "/keep.png"
        let original = Data("previous result".utf8)
        try original.write(to: URL(fileURLWithPath: output))
        let badScript = try Command.filterocr(["filter", input, "--ops", "blur; 2x", "-o", output])
        let badImage = try Command.filterocr(["filter", folder + "/missing.png", "--ops", "blur", "-o", output])
        #expect(badScript.status != 0 && badImage.status != 0)
        #expect(badImage.errorLines.count == 1 && badImage.standardError.contains("missing.png: no such file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == original)
    }

    @Test("An output folder that cannot be written is a one-line error")
    func unwritableOutput() throws {
        let result = try Command.filterocr(["filter", input, "--ops", "blur", "-o", "/nonexistent/dir/out.png"])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.standardError.contains("cannot write /nonexistent/dir/out.png"))
    }
}
