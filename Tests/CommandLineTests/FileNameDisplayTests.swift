import Foundation
import TestSupport
import Testing

/// File names are shown as they are spelt, not as a terminal would draw them: a name can
/// hold characters that draw nothing yet reorder or hide the text around them.
@Suite("File names on the terminal")
struct FileNameDisplayTests {
    @Test("Bidirectional overrides, isolates, marks and zero-width characters in a name are shown escaped",
          arguments: ["\u{202E}", "\u{202A}", "\u{202D}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{061C}", "\u{200B}",
                      "\u{FEFF}", "\u{115F}", "\u{E0041}"])
    func invisibleCharacters(character: String) async throws {
        let folder = try Paths.temporaryDirectory()
        // Drawn raw, "photo\u{202E}gnp.exe" reads "photoexe.png".
        let path = folder + "/photo" + character + "gnp.exe"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
        let result = try await Command.filterocr(["ocr", "--no-feed", path])
        #expect(result.status != 0)
        let code = String(try #require(character.unicodeScalars.first).value, radix: 16, uppercase: true)
        #expect(result.standardError.contains("/photo\\u{\(code)}gnp.exe"), "\(result.standardError)")
        #expect(!result.standardError.contains(character), "\(result.standardError)")
    }

    @Test("Letters of every script, accents and emoji are shown as they are")
    func visibleCharacters() async throws {
        let folder = try Paths.temporaryDirectory()
        // Hebrew and Arabic letters are right to left by themselves, not by a control character;
        // a variation selector only chooses how ❤ is drawn.
        let name = "שלום-سلام-café-❤\u{FE0F}-日本"
        let path = folder + "/" + name + ".png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
        let result = try await Command.filterocr(["ocr", "--no-feed", path])
        #expect(result.standardError.contains(name), "\(result.standardError)")
        #expect(!result.standardError.contains("\\u{"), "\(result.standardError)")
    }
}
