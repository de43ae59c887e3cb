import Foundation
import TestSupport
import Testing

/// The fuzz targets, built normally, replay files: the seed inputs and every input that once
/// crashed one (Tests/FuzzRegressions/TARGET) must run through without a crash.
@Suite("Fuzz targets replay their regressions")
struct FuzzReplayTests {
    private static let targets = ["FuzzImageDecoder", "FuzzCommands", "FuzzFeedReader", "FuzzDocumentReader"]

    private func binary(_ target: String) -> String {
        URL(fileURLWithPath: Paths.filterocr).deletingLastPathComponent().appendingPathComponent(target).path
    }

    private func files(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { folder + "/" + $0 }
    }

    @Test("Regression inputs and seeds run through each target", arguments: targets)
    func replay(target: String) async throws {
        var inputs = files(in: Paths.packageRoot + "/Tests/FuzzRegressions/" + target)
        if target == "FuzzImageDecoder" {
            inputs += files(in: Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures")
        } else if target == "FuzzDocumentReader" {
            let pdf = try Paths.temporaryDirectory() + "/seed.pdf"
            try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: pdf)
            inputs.append(pdf)
        } else {
            let seed = try Paths.temporaryDirectory() + "/seed"
            let text = target == "FuzzCommands" ? "blur\n25%\nopen \"a b.png\"\nslider nan\n"
                : #"{"schema":"filterocr.topwords/1","sequence":1}"#
            try Data(text.utf8).write(to: URL(fileURLWithPath: seed))
            inputs.append(seed)
        }
        #expect(!inputs.isEmpty)
        let result = try await Command.run(binary(target), inputs)
        #expect(result.status == 0, "\(target) crashed on one of \(inputs.count) inputs: \(result.standardError.suffix(400))")
    }
}
