import Core
import Foundation
import Reports
import Testing

/// `Reports` sits below the pipeline, so a report carries the settings as it says them: the
/// same JSON as the pipeline's settings, which the REPL's status gives.
@Suite("A report's settings")
struct ReportSettingsTests {
    @Test("A report says the settings as the settings say themselves", arguments: [
        RecognitionSettings(),
        RecognitionSettings(language: "eng+deu", pageSegmentation: .singleBlock, resolution: 300, textSizing: .fit,
                            space: .sRGB, ignoredWords: ["the"]),
    ])
    func sameJSON(settings: RecognitionSettings) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let reported = try encoder.encode(RecognitionReport.Settings(settings))
        #expect(String(decoding: reported, as: UTF8.self) == String(decoding: try encoder.encode(settings), as: UTF8.self))
    }
}
