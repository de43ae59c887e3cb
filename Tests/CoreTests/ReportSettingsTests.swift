import Core
import Foundation
import Reports
import Testing

/// `Reports` sits below the pipeline, so a report carries the settings as it says them, and the
/// pipeline's settings say themselves the same way (the REPL's status gives them).
@Suite("A report's settings")
struct ReportSettingsTests {
    @Test("The settings encode as a report says them: language, mode, resolution, text size and colour space")
    func sameJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let settings = RecognitionSettings(language: "eng+deu", pageSegmentation: .singleBlock, resolution: 300, textSizing: .fit,
                                           space: .sRGB, ignoredWords: ["the"])
        let expected = #"{"colorSpace":"\#(settings.space.rawValue)","dpi":300,"lang":"eng+deu","psm":6,"textSize":"fit"}"#
        #expect(String(decoding: try encoder.encode(settings), as: UTF8.self) == expected)
        #expect(String(decoding: try encoder.encode(RecognitionReport.Settings(settings)), as: UTF8.self) == expected)
        let plain = String(decoding: try encoder.encode(RecognitionSettings()), as: UTF8.self)
        #expect(plain.contains(#""lang":"eng""#) && plain.contains(#""textSize":"off""#) && !plain.contains("dpi\":3"))
    }
}
