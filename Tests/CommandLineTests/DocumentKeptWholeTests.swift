import Foundation
import TestSupport
import Testing

/// A searchable PDF is the user's PDF plus text: everything it has at document level is still
/// there and still right. The PDFs are made on the spot by scripts/document_features.py, whose
/// `check` compares the input and the output feature by feature (qpdf's JSON: information, XMP,
/// outlines, page labels, destinations, links, forms, the structure tree, attachments, the
/// catalog's settings, the pages).
@Suite("Documents kept whole")
struct DocumentKeptWholeTests {
    static let script = Paths.packageRoot + "/scripts/document_features.py"
    /// A born-digital manual from Debian (libtasn1-doc, installed by the test command).
    static let manual = "/usr/share/doc/libtasn1-doc/libtasn1.pdf"

    /// The generator's document `name`, made in a new folder.
    static func make(_ name: String) async throws -> String {
        let folder = try Paths.temporaryDirectory()
        try await TestDocuments.tool("/usr/bin/python3", [script, "make", folder, name])
        return folder + "/\(name).pdf"
    }

    /// The features `output` lost of `input`'s, as the checker names them; empty when all kept.
    static func lost(_ input: String, _ output: String, turned: [Int] = []) async throws -> [String: String] {
        let arguments = [script, "check", input, output] + (turned.isEmpty ? [] : ["--turned", turned.map(String.init).joined(separator: ",")])
        let result = try await Command.run("/usr/bin/python3", arguments)
        let report = try #require(try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any],
                                  "the checker's report: \(result.standardError)")
        let features = try #require(report["features"] as? [String: [String: Any]])
        let lost = features.filter { $0.value["ok"] as? Bool != true }.mapValues { "\($0["detail"] ?? "")" }
        #expect((result.status == 0) == lost.isEmpty, "the checker's status agrees with its report")
        return lost
    }

    static func searchable(_ input: String, _ options: [String] = [], command: String = "ocr") async throws -> (path: String, result: CommandResult) {
        let output = try Paths.temporaryDirectory() + "/out.pdf"
        let result = try await Command.filterocr([command, "--no-feed", "--format", "pdf", "-o", output] + options + [input])
        #expect(result.status == 0, "\(result.standardError)")
        return (output, result)
    }

    static func pageCount(_ pdf: String) async throws -> Int {
        let info = try await Command.run("/usr/bin/pdfinfo", [pdf]).standardOutput
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") })
        return Int(line.split(separator: " ").last ?? "") ?? -1
    }

    static func text(_ pdf: String, page: Int? = nil) async throws -> String {
        let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try await Command.run("/usr/bin/pdftotext", range + [pdf, "-"]).standardOutput
    }

    @Test("Every document-level feature survives, whatever the run does to the pages",
          arguments: [["features"], ["features", "--pages", "2-3"], ["features", "--skip-text"], ["features", "--force-ocr"],
                      ["mixed"], ["mixed", "--pages", "1"], ["earlier-ocr"], ["born-digital"]])
    func featuresKept(run: [String]) async throws {
        let input = try await Self.make(run[0])
        let (output, _) = try await Self.searchable(input, Array(run.dropFirst()))
        #expect(try await Self.lost(input, output) == [:])
        #expect(try await Self.pageCount(output) == Self.pageCount(input))
        let info = try await Command.run("/usr/bin/pdfinfo", [output]).standardOutput
        #expect(info.contains("Producer:        filterocr "), "\(info)")
    }

    @Test("A page --auto turns is shown upright, and what pointed at it still does")
    func autoTurnedPage() async throws {
        let input = try await Self.make("features-turned")
        let (output, result) = try await Self.searchable(input, ["--auto"])
        #expect(result.standardError.contains("page 2: auto: chose \"rotate"), "\(result.standardError)")
        #expect(try await Self.lost(input, output, turned: [2]) == [:])
        #expect(try await Self.text(output, page: 2).contains("PAGE TWO"))
    }

    @Test("The XMP says what the information dictionary says: one producer, one time of change")
    func producerRecordedOnce() async throws {
        let input = try await Self.make("features")
        let (output, _) = try await Self.searchable(input)
        let xmp = try await Command.run("/usr/bin/pdfinfo", ["-meta", output]).standardOutput
        #expect(xmp.contains("<pdf:Producer>filterocr "), "\(xmp.prefix(600))")
        // The checker compares the two for every feature run above; here the values themselves.
        #expect(!xmp.contains("<xmp:ModifyDate>2024"), "the modification time is today's")
        #expect(xmp.contains("<xmp:CreateDate>2024"), "the creation time is the input's")
    }

    @Test("Pages with visible text are not recognised again: pdftotext gives the input's text, and one line says why",
          arguments: ["born-digital", "manual"])
    func bornDigitalTextOnce(document: String) async throws {
        let input = await document == "manual" ? Self.manual : try Self.make(document)
        let (output, result) = try await Self.searchable(input)
        #expect(try await Self.text(output) == Self.text(input))
        // One line for the document (the manual's 36 pages, the generated 2), not one per page.
        let pages = try await Self.pageCount(input)
        #expect(result.errorLines == ["\(input): \(pages) of \(pages) pages have visible text of their own; "
                                      + "left as they are (--force-ocr recognises them again)"], "\(result.standardError.prefix(400))")
        #expect(try await Self.lost(input, output) == [:])

        let json = try await Command.filterocr(["ocr", "--no-feed", "--json", "--pages", "1", input])
        let line = try #require(try JSONSerialization.jsonObject(with: json.outputData) as? [String: Any])
        #expect(line["textLayer"] as? String == "visible")
        #expect(line["skipped"] as? String == "has visible text of its own; left as it is (--force-ocr recognises it again)")
        #expect(line["text"] == nil)
    }

    @Test("--force-ocr recognises a born-digital page and says the text is then there twice")
    func forceOCR() async throws {
        let input = try await Self.make("born-digital")
        let (output, result) = try await Self.searchable(input, ["--force-ocr", "--pages", "1"])
        #expect(result.standardError.contains("page 1: has visible text of its own; recognised again (--force-ocr): a searchable PDF carries its text twice"),
                "\(result.standardError)")
        let word = "born-digital"
        #expect(try await Self.text(input, page: 1).components(separatedBy: word).count - 1 == 1)
        #expect(try await Self.text(output, page: 1).components(separatedBy: word).count - 1 == 2)
        let refused = try await Command.filterocr(["ocr", "--no-feed", "--skip-text", "--force-ocr", input])
        #expect(refused.status == 2, "a usage error")
        #expect(refused.errorLines.count == 1 && refused.standardError.contains("--skip-text and --force-ocr contradict each other"),
                "\(refused.standardError)")
    }

    @Test("--pages: the searchable PDF keeps the pages left out, as they are; the text formats hold only those read",
          arguments: ["ocr", "batch"])
    func pagesLeftOutStay(command: String) async throws {
        let input = try await Self.make("features")
        let (output, _) = try await Self.searchable(input, ["--pages", "1,3"], command: command)
        #expect(try await Self.pageCount(output) == 3)
        #expect(try await Self.text(output, page: 1).contains("PAGE ONE"))
        // Page 2 was not read: its text is only its form field's value, as in the input.
        #expect(try await Self.text(output, page: 2) == Self.text(input, page: 2))
        #expect(try await Self.text(output, page: 3).contains("PAGE THREE"))
        let lines = try await Command.filterocr([command, "--no-feed", "--no-truth", "--format", "jsonl", "--pages", "1,3", input])
            .standardOutput.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.map { $0["page"] as? Int } == [1, 3])
        let text = try await Command.filterocr([command, "--no-feed", "--no-truth", "--format", "txt", "--pages", "1,3", input]).standardOutput
        #expect(text.contains("PAGE ONE") && text.contains("PAGE THREE") && !text.contains("PAGE TWO"), "\(text)")
    }

    @Test("An output that cannot be made is refused in one line before any page is read, for every format and input kind",
          arguments: ["pdf", "txt", "tsv", "hocr", "alto"], ["pdf", "image", "tiff"])
    func outputRefusedFirst(format: String, kind: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let input: String
        switch kind {
        case "pdf": input = try await Self.make("born-digital")
        case "tiff":
            input = folder + "/pages.tif"
            try await TestDocuments.multipageTIFF(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/phototest.tif"], at: input)
        default: input = Paths.images + "/receipt.png"
        }
        _ = FileManager.default.createFile(atPath: folder + "/afile", contents: Data())
        try FileManager.default.createDirectory(atPath: folder + "/adir/out.\(format)", withIntermediateDirectories: true)
        let unwritable = [("/nonexistent-\(UUID().uuidString)/out.\(format)", "does not exist"),
                          (folder + "/afile/out.\(format)", "is a file, not a folder"),
                          (folder + "/adir/out.\(format)", "is a directory, not a file"),
                          ("/proc/out.\(format)", "cannot create a file in /proc")]
        for (path, reason) in unwritable {
            let result = try await Command.filterocr(["ocr", "--no-feed", "--format", format, "-o", path, input])
            #expect(result.status == 1, "\(path): \(result.status)")
            // One line, and no page's note or text before it: no page was read.
            #expect(result.errorLines.count == 1 && result.standardError.contains(reason), "\(path): \(result.standardError)")
            #expect(result.outputData.isEmpty)
        }
    }

    @Test("A poster whose only content is one image is read at the image's own resolution, however low")
    func posterPage() async throws {
        let folder = try Paths.temporaryDirectory()
        let poster = folder + "/poster.pdf"
        // receipt.png on a page 200 inches wide: 1,000 pixels is 5 dots per inch; at 300 dpi the
        // page would be 60,000 pixels wide.
        let width = try #require(Int(try await Command.run("/usr/bin/identify", ["-format", "%w", Paths.images + "/receipt.png"]).standardOutput))
        let dpi = Double(width) / 200
        try await TestDocuments.tool("/usr/bin/img2pdf", ["--imgsize", String(format: "%.4fdpix%.4fdpi", dpi, dpi), "-o", poster,
                                                   Paths.images + "/receipt.png"])
        let json = try await Command.filterocr(["ocr", "--no-feed", "--json", poster])
        #expect(json.status == 0, "\(json.standardError)")
        let line = try #require(try JSONSerialization.jsonObject(with: json.outputData) as? [String: Any])
        let size = try #require(line["size"] as? [String: Int])
        #expect(abs((size["width"] ?? 0) - width) <= 1, "rendered at the image's own pixels: \(size)")
        let (output, _) = try await Self.searchable(poster)
        #expect(try await Self.text(output).localizedCaseInsensitiveContains("total"))
        // --max-pixels counts the pixels rendered: the page's at 300 dpi would be refused.
        let limited = try await Command.filterocr(["ocr", "--no-feed", "--max-pixels", String(width * width * 4), poster])
        #expect(limited.status == 0, "\(limited.standardError)")
    }

    @Test("A page whose only image is a few pixels is drawn at the default resolution and read, not refused as too small")
    func tinyImagePage() async throws {
        let folder = try Paths.temporaryDirectory()
        let (image, pdf, output) = (folder + "/dot.png", folder + "/dot.pdf", folder + "/out.pdf")
        try await TestDocuments.tool("/usr/bin/convert", ["-size", "2x2", "xc:white", image])
        try await TestDocuments.tool("/usr/bin/img2pdf", ["--pagesize", "A4", "-o", pdf, image])
        let json = try await Command.filterocr(["ocr", "--no-feed", "--json", pdf])
        #expect(json.status == 0, "\(json.standardError)")
        let line = try #require(try JSONSerialization.jsonObject(with: json.outputData) as? [String: Any])
        let width = try #require((line["size"] as? [String: Int])?["width"])
        #expect(abs(width - 2480) <= 1, "A4 at 300 dpi: \(width) pixels wide")
        let result = try await Command.filterocr(["ocr", "--no-feed", "--format", "pdf", "-o", output, pdf])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try await Self.pageCount(output) == 1)
    }

    @Test("A run killed with SIGKILL leaves nothing that the next run does not remove")
    func killedRunLeavesNothing() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (temporary, outputs) = (folder + "/tmp", folder + "/out")
        for path in [temporary, outputs] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let pages = folder + "/pages.pdf"
        try await TestDocuments.repeated(try Self.make("features"), times: 4, at: pages)
        func entries(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

        let killed = try await BackgroundProcess("/usr/bin/env", ["TMPDIR=" + temporary, Paths.filterocr, "ocr", "--no-feed",
                                                            "--format", "pdf", "-o", outputs + "/book.pdf", pages])
        // The run's private folder and its output's replacement are both made before the first page.
        let started = await BackgroundProcess.wait(timeout: 60) {
            entries(temporary).contains { $0.hasPrefix("filterocr-pdf-") } && entries(outputs).contains { $0.hasSuffix(".tmp") }
        }
        #expect(started, "the run made its files: \(entries(temporary)) \(entries(outputs))")
        kill(killed.processIdentifier, SIGKILL)
        #expect(await killed.waitForExit(timeout: 30))
        #expect(!entries(temporary).isEmpty && !entries(outputs).isEmpty, "the killed run left its files")

        let next = try await Command.filterocr(["ocr", "--no-feed", "--format", "pdf", "-o", outputs + "/book.pdf", "--pages", "1", pages],
                                         environment: ["TMPDIR": temporary])
        #expect(next.status == 0, "\(next.standardError)")
        #expect(entries(temporary) == [], "\(entries(temporary))")
        #expect(entries(outputs) == ["book.pdf"], "\(entries(outputs))")
    }
}
