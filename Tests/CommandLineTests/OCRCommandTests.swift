import Foundation
import TestSupport
import Testing

@Suite("filterocr ocr")
struct OCRCommandTests {
    private let phototest = Paths.corpus + "/phototest.tif"

    @Test("--json prints one object per image with the recognition fields")
    func json() throws {
        let result = try Command.filterocr(["ocr", "--json", phototest, phototest])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["image", "segment", "operations", "text", "meanConfidence", "words",
                                     "topWords", "cached", "timings"])
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
        #expect(timings["ocr"]! > 0)
    }

    @Test("Plain text of several images comes under a header per image")
    func severalImages() throws {
        let result = try Command.filterocr(["ocr", phototest, phototest])
        #expect(result.standardOutput.components(separatedBy: "==> \(phototest) <==").count == 3)
    }

    @Test("--version names filterocr and Tesseract")
    func version() throws {
        let result = try Command.filterocr(["--version"])
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
    func oneLineError(path: String, expected: String) throws {
        let result = try Command.filterocr(["ocr", path])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        let line = try #require(result.errorLines.first)
        #expect(line.contains(path) && line.contains(expected), "\(line)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("A bad image among good ones: the good ones are still read, exit status 1")
    func goodAndBad() throws {
        let result = try Command.filterocr(["ocr", "--json", Self.fixtures + "/empty.png", Paths.corpus + "/phototest.tif"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].contains("\"error\""))
        #expect(lines[1].contains("12 point text"))
    }

    @Test("Usage errors say what to type and exit with status 2")
    func usage() throws {
        for arguments in [["ocr"], ["ocr", "--psm", "99", "x.png"], ["ocr", "--max-pixels", "0", "x.png"]] {
            let result = try Command.filterocr(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.contains("Error:") || result.standardError.contains("error:"))
        }
    }
}
