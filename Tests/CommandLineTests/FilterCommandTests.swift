import Foundation
import TestSupport
import Testing

@Suite("filterocr filter")
struct FilterCommandTests {
    private let input = Paths.images + "/receipt.png"

    @Test("Writes the filtered image as PNG, different for different scripts")
    func writesPNG() async throws {
        let folder = try Paths.temporaryDirectory()
        let blurred = folder + "/blurred.png", binarized = folder + "/binarized.png"
        #expect(try await Command.filterocr(["filter", input, "--ops", "blur; 25%", "-o", blurred]).status == 0)
        #expect(try await Command.filterocr(["filter", input, "--ops", "binarize; slider 1.5", "-o", binarized]).status == 0)
        let blurredBytes = try Data(contentsOf: URL(fileURLWithPath: blurred))
        let binarizedBytes = try Data(contentsOf: URL(fileURLWithPath: binarized))
        #expect(blurredBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(blurredBytes != binarizedBytes)
        // The binarized image is readable again and holds only the eight corner colours.
        let result = try await Command.filterocr(["ocr", "--json", binarized])
        #expect(result.status == 0)
    }

    static let badScripts: [(script: String, expected: String)] = [
        ("blur; emboss", "unknown command 'emboss'"),
        ("blur; slider", "slider needs a value"),
        ("binarize; slider 4", "outside 0 to 3"),
        ("25%", "needs a filter first"),
    ]

    @Test("A bad script is one line of error, exit 2, and no file written", arguments: badScripts)
    func badScript(script: String, expected: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let output = folder + "/out.png"
        let result = try await Command.filterocr(["filter", input, "--ops", script, "-o", output])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("An existing output file is left as it was when the command fails")
    func existingOutputKept() async throws {
        let folder = try Paths.temporaryDirectory()
        let output = folder + "/keep.png"
        let original = Data("previous result".utf8)
        try original.write(to: URL(fileURLWithPath: output))
        let badScript = try await Command.filterocr(["filter", input, "--ops", "blur; 2x", "-o", output])
        let badImage = try await Command.filterocr(["filter", folder + "/missing.png", "--ops", "blur", "-o", output])
        #expect(badScript.status != 0 && badImage.status != 0)
        #expect(badImage.errorLines.count == 1 && badImage.standardError.contains("missing.png: no such file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == original)
    }

    @Test("A missing output folder is named as missing, before any work")
    func missingOutputFolder() async throws {
        let result = try await Command.filterocr(["filter", input, "--ops", "blur", "-o", "/nonexistent/dir/out.png"])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains("cannot write /nonexistent/dir/out.png: the folder /nonexistent/dir does not exist"),
                "\(result.standardError)")
    }

    @Test("- reads the image from standard input and -o - writes the PNG to standard output")
    func pipes() async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input))
        let result = try await Command.filterocr(["filter", "-", "--ops", "binarize", "-o", "-"], input: bytes)
        #expect(result.status == 0, "\(result.standardError)")
        let folder = try Paths.temporaryDirectory()
        #expect(try await Command.filterocr(["filter", input, "--ops", "binarize", "-o", folder + "/file.png"]).status == 0)
        let file = try Data(contentsOf: URL(fileURLWithPath: folder + "/file.png"))
        #expect(result.outputData.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(result.outputData == file, "the same PNG as written to a file")
    }

    @Test("Recognition options are refused with the reason; --dpi is recorded in the PNG")
    func recognitionOptions() async throws {
        for option in [["--lang", "deu"], ["--psm", "6"]] {
            let result = try await Command.filterocr(["filter", input, "--ops", "blur", "-o", "/tmp/unused.png"] + option)
            #expect(result.status == 2)
            #expect(result.standardError.contains("without OCR"), "\(result.standardError)")
        }
        let output = try Paths.temporaryDirectory() + "/dpi.png"
        #expect(try await Command.filterocr(["filter", input, "--ops", "blur", "--dpi", "150", "-o", output]).status == 0)
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        let chunk = try #require((0..<(png.count - 12)).first { png[$0..<($0 + 4)].elementsEqual("pHYs".utf8) })
        let perMetre = png[(chunk + 4)..<(chunk + 8)].reduce(0) { $0 << 8 | Int($1) }
        #expect(Int((Double(perMetre) * 0.0254).rounded()) == 150)
    }
}
