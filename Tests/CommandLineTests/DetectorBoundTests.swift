import Foundation
import TestSupport
import Testing

/// The detectors `--auto` runs (and the filters that hold them) do work bounded by the pixels,
/// whatever the page's shape: a strip of a page costs what its pixels cost.
@Suite("Detectors on pages of extreme shapes")
struct DetectorBoundTests {
    /// Far beyond the second or so each takes here, far under the minutes dewarp's model took
    /// on a wide strip: a guard against work that grows with a side's cube, not a timing.
    static let generousSeconds = 30.0

    private func blank(width: Int, height: Int) throws -> String {
        let path = try Paths.temporaryDirectory() + "/blank-\(width)x\(height).pgm"
        try (Data("P5\n\(width) \(height)\n255\n".utf8) + Data(repeating: 255, count: width * height)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// How long `filterocr arguments` took, and how it ended.
    private func run(_ arguments: [String]) async throws -> (seconds: Double, result: CommandResult) {
        let result = try await Command.filterocr(arguments)
        return (result.seconds, result)
    }

    @Test("dewarp on a blank strip 100000 pixels wide ends at once", arguments: [(100_000, 1), (80000, 20)])
    func dewarpStrip(width: Int, height: Int) async throws {
        let strip = try blank(width: width, height: height)
        let output = try Paths.temporaryDirectory() + "/out.png"
        let (seconds, result) = try await run(["filter", strip, "--ops", "dewarp", "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(seconds < Self.generousSeconds)
    }

    /// Tesseract itself refuses such a strip (the plain reading fails alike): what matters is
    /// that the righting and the search before it end.
    @Test("ocr --auto on a blank strip ends at once, as the plain reading does", arguments: [(80000, 20), (20, 80000)])
    func autoStrip(width: Int, height: Int) async throws {
        let strip = try blank(width: width, height: height)
        let plain = try await run(["ocr", "--no-store", "--no-feed", strip])
        let auto = try await run(["ocr", "--no-store", "--no-feed", "--auto", strip])
        #expect(auto.result.status == plain.result.status, "\(auto.result.standardError)")
        #expect(auto.seconds < Self.generousSeconds)
    }
}
