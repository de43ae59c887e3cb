import Foundation
import LineEditing
import Testing

@Suite("Line editing through libedit")
struct LineEditorTests {
    @Test("History is read from its file when the editor starts and written back when it goes")
    func historyPersists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineeditor-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("history").path
        do {
            let editor = LineEditor(name: "filterocr-test", completions: ["blur", "binarize"], historyFile: history)
            editor.addToHistory("blur 50")
            editor.addToHistory("binarize")
        }
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        // libedit writes spaces as \040.
        #expect(saved.contains("blur") && saved.contains("binarize"), "\(saved)")
        do {
            let editor = LineEditor(name: "filterocr-test", completions: [], historyFile: history)
            editor.addToHistory("next")
        }
        let again = try String(contentsOfFile: history, encoding: .utf8)
        #expect(again.contains("blur") && again.contains("next"), "the first session's lines kept: \(again)")
    }
}
