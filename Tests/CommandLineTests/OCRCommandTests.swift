import Foundation
import TestSupport
import Testing

@Suite("filterocr ocr")
struct OCRCommandTests {
    private let phototest = Paths.corpus + "/phototest.tif"

    @Test("--json prints one object per image with the recognition fields")
    func json() async throws {
        let result = try await Command.filterocr(["ocr", "--json", phototest, phototest])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["image", "segment", "operations", "text", "meanConfidence", "words", "wordCount",
                                     "topWords", "cached", "timings", "settings", "size", "accuracy", "script"])
        #expect(object["size"] as? [String: Int] == ["width": 640, "height": 480])
        #expect(object["image"] as? String == phototest)
        #expect(object["segment"] as? String == "original")
        #expect((object["operations"] as? [Any])?.isEmpty == true)
        #expect((object["text"] as? String)?.hasPrefix("This is a lot of 12 point text") == true)
        let words = try #require(object["words"] as? [[String: Any]])
        #expect(words.first?["text"] as? String == "This")
        #expect((words.first?["box"] as? [Int])?.count == 4)
        let top = try #require(object["topWords"] as? [[String: Any]])
        #expect(top.first?["word"] as? String == "the")
        #expect(top.first?["count"] as? Int == 9)
        let timings = try #require(object["timings"] as? [String: Double])
        #expect(Set(timings.keys) == ["decode", "filter", "ocr", "total"])
        #expect(try #require(timings["ocr"]) > 0)
    }

    @Test("Plain text of several images comes under a header per image")
    func severalImages() async throws {
        let result = try await Command.filterocr(["ocr", phototest, phototest])
        #expect(result.standardOutput.components(separatedBy: "==> \(phototest) <==").count == 3)
    }

    @Test("After an error, the first header is not preceded by a blank line")
    func headerAfterError() async throws {
        let result = try await Command.filterocr(["ocr", "--no-feed", "/no/such/scan.png", phototest, phototest])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("==> \(phototest) <==\nThis is a lot"), "\(result.standardOutput.prefix(80))")
        #expect(result.standardOutput.contains("\n\n==> \(phototest) <==\n"), "images after the first are set apart")
    }

    @Test("- reads the image from standard input")
    func standardInput() async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: phototest))
        let result = try await Command.filterocr(["ocr", "--no-feed", "-"], input: bytes)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("This is a lot of 12 point text"))
    }

    @Test("More than one image on standard input is refused, not read in part")
    func severalImagesOnStandardInput() async throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: Paths.images + "/receipt.png"))
        let result = try await Command.filterocr(["ocr", "--no-feed", "-"], input: png + png)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains("more than one image"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("On a terminal a long error wraps between words; elsewhere it is one line")
    func errorWrapsOnTerminal() async throws {
        let image = Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures/huge-header.png"
        let plain = try await Command.filterocr(["ocr", "--no-feed", image])
        let message = try #require(plain.errorLines.first)
        #expect(plain.errorLines.count == 1 && message.count > 80)
        // script(1) runs the command on a terminal of 80 columns and records what it shows.
        let shown = try await Command.run("/usr/bin/script", ["-qec", "stty cols 80; exec '\(Paths.filterocr)' ocr --no-feed '\(image)'",
                                                        "/dev/null"])
        let lines = shown.standardOutput.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        #expect(lines.count > 1, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(lines.joined(separator: " ").split(separator: " ") == message.split(separator: " "), "no word is cut")
    }

    @Test("--help lists every image format")
    func helpListsFormats() async throws {
        let help = try await Command.filterocr(["ocr", "--help"]).standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("PNG, JPEG, TIFF, BMP, PNM, WebP, GIF, JPEG 2000 or PDF"), "\(help)")
    }

    @Test("--version names filterocr and Tesseract")
    func version() async throws {
        let result = try await Command.filterocr(["--version"])
        #expect(result.standardOutput.hasPrefix("filterocr "))
        #expect(result.standardOutput.contains("Tesseract 5."))
    }
}

@Suite("Bad input to filterocr ocr")
struct OCRBadInputTests {
    private static let fixtures = Paths.packageRoot + "/Tests/ImageCodecTests/Fixtures"

    static let badFiles: [(path: String, expected: String)] = [
        ("/nonexistent/scan.png", "no such file"),
        (NSTemporaryDirectory(), "is a directory"),
        (fixtures + "/text.png", "is not an image"),
        (fixtures + "/truncated.png", "corrupt or truncated PNG"),
        (fixtures + "/empty.png", "is empty"),
        (fixtures + "/one-pixel.png", "too small"),
        (fixtures + "/huge-header.png", "100000x100000"),
    ]

    @Test("One line on standard error naming the file, non-zero exit", arguments: badFiles)
    func oneLineError(path: String, expected: String) async throws {
        let result = try await Command.filterocr(["ocr", path])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        let line = try #require(result.errorLines.first)
        #expect(line.contains(path) && line.contains(expected), "\(line)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("A bad image among good ones: the good ones are still read, exit status 1")
    func goodAndBad() async throws {
        let result = try await Command.filterocr(["ocr", "--json", Self.fixtures + "/empty.png", Paths.corpus + "/phototest.tif"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(try #require(lines.first).contains("\"error\""))
        #expect(try #require(lines.at(1)).contains("12 point text"))
    }

    @Test("A language given by its name is answered with its code and Debian's package, and what is installed",
          arguments: [("japanese", ["'japanese' is not a language code", "--lang jpn", "tesseract-ocr-jpn", "installed: ", "eng"]),
                      ("chi_tra", ["no chi_tra.traineddata", "tesseract-ocr-chi-tra", "installed: ", "eng"])])
    func languageByName(language: String, expected: [String]) async throws {
        let result = try await Command.filterocr(["ocr", "--no-feed", "--lang", language, Paths.images + "/price_tag.bmp"])
        #expect(result.status == 2, "a usage error")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        for part in expected { #expect(result.standardError.contains(part), "\(part): \(result.standardError)") }
        #expect(!result.standardError.contains("tesseract-ocr-\(language)"))
    }

    static let usageErrors: [([String], String)] = [
        (["ocr"], "Missing expected argument"),
        (["ocr", "--psm", "99", "x.png"], "modes are 1 and 3 to 13"),
        (["ocr", "--max-pixels", "0", "x.png"], "--max-pixels must be a positive number"),
        (["ocr", "--max-pixels", "-5", "x.png"], "--max-pixels must be a positive number"),
        (["ocr", "--dpi", "-300", "x.png"], "--dpi must be between 1 and 10000"),
        (["ocr", "-j", "-1", "x.png"], "-j takes 1 to 256 engines"),
        (["batch", "--shard", "3/3", "x.png"], "must be 0 to 2 for 3 shares"),
        (["batch", "--shard", "1/0", "x.png"], "N must be at least 1"),
        (["batch", "-j", "-2", "x.png"], "-j takes 1 to 256 engines"),
        (["repl", "--cache-megabytes", "-1"], "--cache-megabytes takes 0 to"),
        (["repl", "--cache-megabytes", "99999999999999999999"], "--cache-megabytes takes 0 to"),
        (["ocr", "--feed", "", "x.png"], "--feed needs a file name"),
        (["repl", "--seed", "-1"], "--seed takes 0 to 18446744073709551615"),
        (["repl", "--seed=-1"], "--seed takes 0 to"),
        (["batch", "--shard", "-1/3", "x.png"], "must be 0 to 2 for 3 shares"),
        (["sweep", "x.png", "--filter", "blur", "--from", "-1", "--to", "2", "--steps", "3"], "strength"),
        (["batch", "x.png", "--format", "bogus"], "one of the following: text, jsonl, json, txt, tsv, hocr, alto, pdf"),
        (["sweep", "x.png", "--filter", "bogus"], "one of the following: blur, binarize,"),
        (["bogus"], "the commands are repl, ocr, filter, batch, sweep, tune, companion, serve"),
    ]

    @Test("Usage errors give the reason on one line and exit with status 2", arguments: usageErrors)
    func usage(arguments: [String], reason: String) async throws {
        let result = try await Command.filterocr(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("filterocr: error: "))
        #expect(result.standardError.contains(reason), "\(result.standardError)")
    }
}
