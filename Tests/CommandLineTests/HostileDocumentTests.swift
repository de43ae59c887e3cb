import Foundation
import TestSupport
import Testing

/// Documents made to hurt the reader: each is made on the spot by scripts/hostile_documents.py
/// (nothing large is committed) and run through the built binary, which must answer in one
/// line, without a crash, within bounded memory.
@Suite("Hostile documents")
struct HostileDocumentTests {
    /// The most memory a run of a hostile file may take (the attacks took gigabytes). Their
    /// time (minutes or hours before) is bounded by the measured run's CPU limit, a guard
    /// against a runaway rather than a timing figure.
    private static let peakLimit = 500 << 20

    /// Makes the generator's attack `name` in a new folder and returns its path.
    static func make(_ name: String, _ extensionName: String) async throws -> String {
        let folder = try Paths.temporaryDirectory()
        try await TestDocuments.tool("/usr/bin/python3", [Paths.packageRoot + "/scripts/hostile_documents.py", folder, name])
        return folder + "/\(name).\(extensionName)"
    }

    /// `ocr` of `file` (plus `extra`), measured and checked against the limits.
    private func ocr(_ file: String, _ extra: [String] = []) async throws -> MeasuredResult {
        let result = try await Command.measuredFilterocr(["ocr", "--no-feed"] + extra + [file])
        #expect(result.peakBytes < Self.peakLimit, "peak \(result.peakMegabytes) MB")
        return result
    }

    @Test("Resources or forms nested tens of thousands deep are refused in one line, not a crash",
          arguments: ["nested-resources", "nested-forms"])
    func deepNesting(name: String) async throws {
        let result = try await ocr(try Self.make(name, "pdf"))
        #expect(result.status == 1, "\(result.status): \(result.standardError)")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("page 1 cannot be read") && result.standardError.contains("nests more than"),
                "\(result.standardError)")
    }

    @Test("Forms that each draw the next twice (2^40 drawings from 7 KB) are stopped after 2,000,000 in one line")
    func formDoubling() async throws {
        let result = try await ocr(try Self.make("form-doubling", "pdf"))
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("page 1 cannot be read (it draws more than 2000000 times"), "\(result.standardError)")
    }

    @Test("A hundred nested forms end as MuPDF's own error or a page, never a crash")
    func hundredForms() async throws {
        let result = try await ocr(try Self.make("nested-forms-100", "pdf"))
        #expect(result.status == 0 || result.status == 1, "\(result.status): \(result.standardError)")
        #expect(result.errorLines.count <= 1, "\(result.standardError)")
    }

    @Test("A page tree deeper than any real one is refused when the document is opened")
    func deepPageTree() async throws {
        let result = try await ocr(try Self.make("deep-page-tree", "pdf"))
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("page tree nests more than"), "\(result.standardError)")
    }

    @Test("/Count claiming a billion pages over one: the one page is read, in bounded memory",
          arguments: [["ocr"], ["batch", "-j", "1"], ["ocr", "--auto"]])
    func hugeCount(command: [String]) async throws {
        let file = try await Self.make("huge-count", "pdf")
        let result = try await Command.measuredFilterocr(command + ["--no-feed", "--format", "jsonl", file])
        #expect(result.peakBytes < Self.peakLimit, "peak \(result.peakMegabytes) MB")
        #expect(result.status == 0, "\(result.status): \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "one page: \(lines.count) lines")
    }

    @Test("/Count -5 over one page is refused in one line that says why")
    func negativeCount() async throws {
        let result = try await ocr(try Self.make("negative-count", "pdf"))
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("its page tree claims -5 pages over 1"), "\(result.standardError)")
    }

    @Test("Image bombs inside PDFs are refused or fail within the memory bound, whatever the codec",
          arguments: ["jbig2-bomb", "ccitt-bomb", "flate-bomb", "dct-bomb", "jpx-bomb"])
    func imageBombs(name: String) async throws {
        let result = try await ocr(try Self.make(name, "pdf"))
        #expect(result.status == 0 || result.status == 1, "\(result.status): \(result.standardError)")
        #expect(result.errorLines.count <= 1, "\(result.standardError)")
        if result.status == 1 {
            #expect(result.standardError.contains("page 1"), "the page is named: \(result.standardError)")
        }
    }

    @Test("An image whose dictionary claims 65536 x 65536 is refused from its size before decoding")
    func ccittBombRefused() async throws {
        let result = try await ocr(try Self.make("ccitt-bomb", "pdf"))
        #expect(result.status == 1)
        #expect(result.standardError.contains("page 1 draws an image of 65536 x 65536 pixels"), "\(result.standardError)")
    }

    @Test("A JBIG2 page of 100000 x 100000 inside an image of 100 x 100 meets the memory budget, said, not a blank page")
    func jbig2Budget() async throws {
        let result = try await ocr(try Self.make("jbig2-bomb", "pdf"))
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("page 1 needs more than the 445 MB of memory a page may take"), "\(result.standardError)")
    }

    @Test("10,000 TIFF pages: the last ten are read (a walk quadratic in the pages would pass the CPU limit)")
    func manyTIFFPages() async throws {
        let file = try await Self.make("tiff-pages-10000", "tif")
        let result = try await ocr(file, ["--pages", "9991-", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.standardError)")
        let pages = result.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["page"] as? Int
        }
        #expect(pages == Array(9991...10000))
    }

    @Test("A PNG whose comment quotes %PDF- is read as the PNG it is, in every format",
          arguments: ["jsonl", "pdf"])
    func pngWithPDFComment(format: String) async throws {
        let file = try await Self.make("png-with-pdf-comment", "png")
        let output = try Paths.temporaryDirectory() + "/out.\(format)"
        let arguments = format == "pdf" ? ["--format", "pdf", "-o", output] : ["--format", format]
        let result = try await ocr(file, arguments)
        #expect(result.status == 0, "\(result.standardError)")
        if format == "jsonl" {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect(object["page"] == nil, "not a document's page")
            let size = try #require(object["size"] as? [String: Int])
            #expect(size == ["width": 200, "height": 60], "its own pixels, not a PDF rendering: \(size)")
        } else {
            #expect(FileManager.default.fileExists(atPath: output))
        }
    }

    @Test("Valid TIFF pages filterocr cannot read say what they are and name the page",
          arguments: [("tiff-float32", "floating-point samples"), ("tiff-12bit", "12 bits per sample"),
                      ("tiff-tiled-page2", "tiff-tiled-page2.tif page 2: is a tiled TIFF")])
    func unsupportedTIFFPages(name: String, expected: String) async throws {
        let result = try await ocr(try Self.make(name, "tif"), ["--format", "jsonl"])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(!result.standardError.contains("corrupt"), "\(result.standardError)")
    }

    @Test("Pages past 999,998 of a million-page PDF into a searchable PDF: read in bounded memory, then refused in one line rather than written as 3 pages of a million")
    func millionPages() async throws {
        let file = try await Self.make("million-pages", "pdf")
        let output = try Paths.temporaryDirectory() + "/out.pdf"
        let result = try await ocr(file, ["--pages", "999998-", "--format", "pdf", "-o", output])
        #expect(result.status == 1, "\(result.standardError)")
        let refusals = result.errorLines.filter { $0.contains("refused") }
        #expect(refusals.count == 1 && refusals[0].contains("999997 of its 1000000 pages were not read"),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("A page of 200,000 unbalanced Q keeps its text layer where readers see it")
    func unbalancedRestores() async throws {
        let file = try await Self.make("unbalanced-q", "pdf")
        let output = try Paths.temporaryDirectory() + "/out.pdf"
        // The page shows its text: by default it would be left as it is.
        let result = try await ocr(file, ["--force-ocr", "--format", "pdf", "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        let recognised = try await Command.filterocr(["ocr", "--no-feed", "--force-ocr", file]).standardOutput
        let text = try await Command.run("/usr/bin/pdftotext", [output, "-"]).standardOutput
        let word = String(try #require(recognised.split(whereSeparator: \.isWhitespace).first { $0.count > 3 }))
        // Once in the page's own visible text, once in the layer laid over it.
        #expect(text.components(separatedBy: word).count - 1 >= 2, "pdftotext finds '\(word)' twice in: \(text.prefix(200))")
        let mupdf = try await Command.run("/usr/bin/mutool", ["draw", "-F", "txt", output]).standardOutput
        #expect(mupdf.components(separatedBy: word).count - 1 >= 2, "MuPDF finds '\(word)' twice in: \(mupdf.prefix(200))")
    }
}

/// A run writes its document only when it has a page to put in it (docs/limits.md: "no page was read").
@Suite("Failed runs leave outputs alone")
struct FailedRunOutputTests {
    @Test("When every input fails, an existing output is left byte for byte and the run says so",
          arguments: ["txt", "tsv", "hocr", "alto", "pdf"], [["batch"], ["ocr"]])
    func everyInputFailed(format: String, command: [String]) async throws {
        let folder = try Paths.temporaryDirectory()
        let output = folder + "/book.\(format)"
        let previous = Data("the previous run's output\n".utf8)
        try previous.write(to: URL(fileURLWithPath: output))
        let result = try await Command.filterocr(command + ["--no-feed", "--format", format, "-o", output, folder + "/bok.pdf"])
        #expect(result.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == previous, "the output is untouched")
        #expect(result.standardError.contains("filterocr: no page was read: \(output) is left as it was"), "\(result.standardError)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(leftovers.sorted() == ["book.\(format)"], "no temporary files: \(leftovers)")
    }

    @Test("When every input fails and no output was there, the run says it was not written, and writes nothing",
          arguments: [["--pages", "8"], []], [["batch"], ["ocr"]])
    func everyInputFailedWithoutOutput(pages: [String], command: [String]) async throws {
        let folder = try Paths.temporaryDirectory()
        // A one-page scan: page 8 is out of its range; without --pages the input is a name that does not exist.
        let scan = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.images + "/price_tag.bmp"], at: scan)
        let input = pages.isEmpty ? folder + "/scna.pdf" : scan
        let output = folder + "/x.pdf"
        let result = try await Command.filterocr(command + ["--no-feed"] + pages + ["--format", "pdf", "-o", output, input])
        #expect(result.status == 1)
        #expect(result.standardError.contains("filterocr: no page was read: \(output) was not written"), "\(result.standardError)")
        #expect(!result.standardError.contains("left as it was"), "\(result.standardError)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(leftovers == ["scan.pdf"], "nothing written: \(leftovers)")
    }

    @Test("When one input of two fails, the output holds the other's page")
    func someInputsFailed() async throws {
        let folder = try Paths.temporaryDirectory()
        let output = folder + "/book.txt"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: output))
        let result = try await Command.filterocr(["batch", "--no-feed", "--format", "txt", "-o", output, folder + "/missing.png",
                                            Paths.images + "/price_tag.bmp"])
        #expect(result.status == 1)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("SPECIAL"), "\(text)")
    }
}

/// The first signal stops a document's pages at the next page, whatever `-j`.
@Suite("Signals into a long document")
struct DocumentSignalTests {
    struct Ending: Sendable, CustomTestStringConvertible {
        var command: [String]
        var signal: Int32
        var status: Int32
        var testDescription: String { "\(command.joined(separator: " ")) signal \(signal)" }
    }

    @Test("SIGINT, SIGTERM or SIGHUP into ocr or batch with one engine over 10,000 pages: whole lines, 128 + signal",
          arguments: [Ending(command: ["ocr"], signal: SIGINT, status: 130), Ending(command: ["ocr"], signal: SIGTERM, status: 143),
                      Ending(command: ["ocr"], signal: SIGHUP, status: 129),
                      Ending(command: ["batch", "-j", "1"], signal: SIGINT, status: 130)])
    func firstSignalStops(ending: Ending) async throws {
        let (command, signal, status) = (ending.command, ending.signal, ending.status)
        let file = try await HostileDocumentTests.make("tiff-pages-10000", "tif")
        let run = try await BackgroundProcess(Paths.filterocr, command + ["--no-feed", "--format", "jsonl", file])
        defer { run.terminate() }
        #expect(await run.waitForLines(1, timeout: 60).count >= 1, "the run is under way")
        kill(run.processIdentifier, signal)
        #expect(await run.waitForExit(timeout: 60), "one signal ends it")
        #expect(run.terminationStatus == status)
        let lines = run.outputLines
        #expect(lines.count < 10_000, "stopped early: \(lines.count) lines")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a whole line: \(line.prefix(60))")
        }
    }
}

/// An output that cannot be written is refused before any page is read (SPEC §22).
@Suite("Outputs checked first")
struct OutputCheckedFirstTests {
    @Test("A searchable PDF of a PDF into a folder that does not exist is refused before any page is read",
          arguments: ["pdf", "txt", "hocr"])
    func missingFolder(format: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif"], at: pdf)
        let feed = folder + "/topwords.json"
        let result = try await Command.filterocr(["ocr", "--feed", feed, "--format", format, "-o", folder + "/missing/out.\(format)", pdf])
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("missing/out.\(format)"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: feed), "no page was recognised")
    }
}
