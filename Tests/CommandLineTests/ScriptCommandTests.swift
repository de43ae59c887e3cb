import Foundation
import TestSupport
import Testing

/// `filterocr script`: a program that runs filterocr (the OCRmyPDF plugin) asks its parser what
/// a script does to the page instead of reading scripts itself.
@Suite("filterocr script")
struct ScriptCommandTests {
    private func lines(_ result: CommandResult) throws -> [[String: Any]] {
        try result.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("One JSON line a script, in order: whether it moves or resizes the page, and the script as filterocr writes it")
    func classifies() async throws {
        let result = try await Command.filterocr(["script", "Rotate", "THEN rotate", "median\nthen Rotate", "median; then scale",
                                            "psm 6; thresholding sauvola; otsu", "rotate; original"])
        #expect(result.status == 0, "\(result.standardError)")
        let answers = try lines(result)
        try #require(answers.count == 6)
        for turned in answers[0..<3] {
            #expect(turned["movesPage"] as? Bool == true && turned["moving"] as? [String] == ["rotate"], "\(turned)")
            #expect(turned["schemaVersion"] as? Int == 1)
        }
        #expect(answers[2]["script"] as? String == "median; then rotate")
        #expect(answers[3]["movesPage"] as? Bool == false && answers[3]["resizesPage"] as? Bool == true)
        let engine = try #require(answers[4]["engine"] as? [String: Any])
        #expect(engine["psm"] as? Int == 6 && engine["thresholding"] as? String == "sauvola")
        #expect(answers[4]["movesPage"] as? Bool == false && answers[4]["resizesPage"] as? Bool == false)
        #expect(answers[5]["movesPage"] as? Bool == false && answers[5]["script"] as? String == "original")
    }

    @Test("A script filterocr refuses is refused in one line, with the usage status, and nothing is printed")
    func refuses() async throws {
        let result = try await Command.filterocr(["script", "median", "median; blurr"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1 && result.standardError.contains("command 2 'blurr': unknown command"),
                "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let none = try await Command.filterocr(["script"])
        #expect(none.status == 2 && none.errorLines.count == 1)
    }
}
