import Foundation
import TestSupport
import Testing

/// OCRmyPDF's and Tesseract's words where they mean the same: `-l`, the format from `-o`'s
/// extension, `--sidecar` and `--optimize`.
@Suite("OCRmyPDF's options")
struct OCRmyPDFWordsTests {
    static let receipt = Paths.images + "/receipt.png"
    static let eurotext = Paths.corpus + "/eurotext.tif"

    static func json(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func text(_ pdf: String) async throws -> String {
        try await Command.run("/usr/bin/pdftotext", [pdf, "-"]).standardOutput
    }

    @Test("ocr's and batch's --help say -l, the format from -o's extension, --sidecar, --optimize and that the PDF is not PDF/A",
          arguments: ["ocr", "batch"])
    func help(command: String) async throws {
        let help = try await Command.filterocr([command, "--help"])
        #expect(help.status == 0)
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in ["-l, --lang, --language <lang>", "--sidecar <file>", "--optimize <level>",
                         "Without --format, the file's extension names the format: .txt, .tsv, .hocr, .xml or .alto (ALTO), .pdf or .jsonl",
                         "a form feed between pages", "not PDF/A"] {
            #expect(text.contains(expected), "\(expected)")
        }
    }

    @Test("-l and --language are --lang: the same language read, the same text, the same refusal")
    func languageShortOption() async throws {
        let long = try await Command.filterocr(["ocr", Self.eurotext, "--lang", "eng+deu", "--json", "--no-feed", "--no-truth"])
        #expect(long.status == 0, "\(long.standardError)")
        let expected = try #require(try Self.json(long.standardOutput).first)
        for option in ["-l", "--language"] {
            let short = try await Command.filterocr(["ocr", Self.eurotext, option, "eng+deu", "--json", "--no-feed", "--no-truth"])
            #expect(short.status == 0, "\(short.standardError)")
            let line = try #require(try Self.json(short.standardOutput).first)
            #expect(line["text"] as? String == expected["text"] as? String)
            #expect((line["settings"] as? [String: Any])?["lang"] as? String == "eng+deu")
        }
        let refusedLong = try await Command.filterocr(["ocr", Self.receipt, "--lang", "klingon", "--no-feed"])
        let refusedShort = try await Command.filterocr(["ocr", Self.receipt, "-l", "klingon", "--no-feed"])
        #expect(refusedShort.status == 2 && refusedShort.standardError == refusedLong.standardError)
    }

    @Test("-o's extension names the format when --format does not: the same output as --format gives",
          arguments: [("txt", "txt"), ("tsv", "tsv"), ("hocr", "hocr"), ("xml", "alto"), ("alto", "alto"), ("jsonl", "jsonl")])
    func formatFromExtension(fileExtension: String, format: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let output = folder + "/out." + fileExtension.uppercased()
        let byExtension = try await Command.filterocr(["ocr", Self.receipt, "-o", output, "--no-feed"])
        #expect(byExtension.status == 0 && byExtension.standardOutput.isEmpty, "\(byExtension.standardError)")
        let byFormat = try await Command.filterocr(["ocr", Self.receipt, "--format", format, "--no-feed"])
        let written = try String(contentsOfFile: output, encoding: .utf8)
        if format == "jsonl" {
            let ours = try #require(try Self.json(written).first)
            let theirs = try #require(try Self.json(byFormat.standardOutput).first)
            #expect(ours["text"] as? String == theirs["text"] as? String && ours["image"] as? String == Self.receipt)
        } else {
            #expect(written == byFormat.standardOutput)
        }
    }

    @Test("-o out.pdf writes a searchable PDF, as --format pdf does; -o with --format keeps --format's")
    func pdfFromExtension() async throws {
        let folder = try Paths.temporaryDirectory()
        let run = try await Command.filterocr(["ocr", Self.receipt, "-o", folder + "/out.pdf", "--no-feed"])
        #expect(run.status == 0, "\(run.standardError)")
        let given = try await Command.filterocr(["ocr", Self.receipt, "--format", "pdf", "-o", folder + "/given.pdf", "--no-feed"])
        #expect(given.status == 0)
        let texts = [try await Self.text(folder + "/out.pdf"), try await Self.text(folder + "/given.pdf")]
        #expect(texts[0] == texts[1] && texts[0].contains("GREENLEAF"))
        // --format says what goes into a file named otherwise.
        let hocr = try await Command.filterocr(["ocr", Self.receipt, "--format", "hocr", "-o", folder + "/page.html", "--no-feed"])
        #expect(hocr.status == 0)
        let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8)
        #expect(page.contains("class='ocr_page'"))
    }

    @Test("An extension that names no format is refused in one line, before any page is read, and writes nothing")
    func unknownExtension() async throws {
        let folder = try Paths.temporaryDirectory()
        for name in ["out.dat", "out", "out.json"] {
            let run = try await Command.filterocr(["ocr", Self.receipt, "-o", folder + "/" + name, "--no-feed"])
            #expect(run.status == 2)
            #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
            #expect(run.standardError.contains("the extension names no format")
                    && run.standardError.contains(".pdf") && run.standardError.contains(".jsonl"))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left.isEmpty, "\(left)")
    }

    @Test("--sidecar writes each page's text, a form feed between pages, as the JSON lines read them")
    func sidecarPages() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/three.pdf"
        try await TestDocuments.pdf(of: [Self.receipt, Paths.corpus + "/phototest.tif", Paths.images + "/form.png"], at: pdf)
        let run = try await Command.filterocr(["ocr", pdf, "-o", folder + "/out.pdf", "--sidecar", folder + "/out.txt", "--no-feed"])
        #expect(run.status == 0, "\(run.standardError)")
        let sidecar = try String(contentsOfFile: folder + "/out.txt", encoding: .utf8)
        let pages = sidecar.split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
        let lines = try await Self.json(Command.filterocr(["ocr", pdf, "--json", "--no-feed"]).standardOutput)
        #expect(pages == lines.map { ($0["text"] as? String ?? "?").replacingOccurrences(of: "\u{0C}", with: "") })
        #expect(pages.count == 3 && pages[1].contains("quick brown dog"))
    }

    @Test("Pages a searchable PDF keeps unread are in the sidecar as OCRmyPDF marks them")
    func sidecarSkippedPages() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/three.pdf"
        try await TestDocuments.pdf(of: [Self.receipt, Paths.corpus + "/phototest.tif", Paths.images + "/form.png"], at: pdf)
        let run = try await Command.filterocr(["ocr", pdf, "--pages", "2", "-o", folder + "/out.pdf", "--sidecar", folder + "/side.txt",
                                         "--no-feed"])
        #expect(run.status == 0, "\(run.standardError)")
        let pages = try String(contentsOfFile: folder + "/side.txt", encoding: .utf8).components(separatedBy: "\u{0C}")
        #expect(pages.count == 3)
        #expect(pages.first == "[OCR skipped on page 1]" && pages.last == "[OCR skipped on page 3]")
        #expect(pages[1].contains("quick brown dog"))

        // A born-digital page is left as it is, and marked; the scanned pages are read.
        let mixed = folder + "/mixed.pdf"
        try await TestDocuments.tool("/usr/bin/python3", [Paths.packageRoot + "/scripts/document_features.py", "make", folder, "mixed"])
        let kept = try await Command.filterocr(["ocr", mixed, "-o", folder + "/mixed-out.pdf", "--sidecar", folder + "/mixed.txt", "--no-feed"])
        #expect(kept.status == 0, "\(kept.standardError)")
        let mixedPages = try String(contentsOfFile: folder + "/mixed.txt", encoding: .utf8).components(separatedBy: "\u{0C}")
        #expect(mixedPages.count == 3 && mixedPages[1] == "[OCR skipped on page 2]")
        #expect(!mixedPages[0].isEmpty && !mixedPages[0].hasPrefix("[OCR skipped"))

        // Only that page selected: no page is read, and every page is marked; under a name that
        // results show escaped (a tab), too.
        let escaped = folder + "/mixed\tcopy.pdf"
        try FileManager.default.copyItem(atPath: mixed, toPath: escaped)
        let none = try await Command.filterocr(["ocr", escaped, "--pages", "2", "-o", folder + "/none-out.pdf",
                                          "--sidecar", folder + "/none.txt", "--no-feed"])
        #expect(none.status == 0, "\(none.standardError)")
        #expect(try String(contentsOfFile: folder + "/none.txt", encoding: .utf8)
                == (1...3).map { "[OCR skipped on page \($0)]" }.joined(separator: "\u{0C}"))
    }

    @Test("A PDF on standard output whose reader goes ends with 141 and no error, and leaves no sidecar")
    func sidecarWithReaderGone() async throws {
        let folder = try Paths.temporaryDirectory()
        let sidecar = folder + "/side.txt"
        let script = "\"$0\" ocr --no-feed --format pdf --sidecar \"$1\" \"$2\" | head -c 10 >/dev/null; "
            + "echo \"status ${PIPESTATUS[0]}\" >&2"
        let result = try await Command.run("/bin/bash", ["-c", script, Paths.filterocr, sidecar, Self.receipt])
        #expect(result.standardError.contains("status 141"), "\(result.standardError)")
        #expect(!result.standardError.contains("error"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: sidecar))
    }

    @Test("--sidecar is refused when it is an input, -o's file or standard output; a failed run leaves none")
    func sidecarRefusals() async throws {
        let folder = try Paths.temporaryDirectory()
        let copy = folder + "/receipt.png"
        try FileManager.default.copyItem(atPath: Self.receipt, toPath: copy)
        let asInput = try await Command.filterocr(["ocr", copy, "--sidecar", copy, "--no-feed"])
        #expect(asInput.status == 2 && asInput.standardError.contains("is also an input"))
        let asOutput = try await Command.filterocr(["ocr", copy, "-o", folder + "/a.pdf", "--sidecar", folder + "/a.pdf", "--no-feed"])
        #expect(asOutput.status == 2 && asOutput.standardError.contains("is also -o's file"))
        let dash = try await Command.filterocr(["ocr", copy, "-o", folder + "/a.pdf", "--sidecar", "-", "--no-feed"])
        #expect(dash.status == 2 && dash.standardError.contains("--sidecar takes a file"))
        let broken = folder + "/broken.png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
        let failed = try await Command.filterocr(["ocr", broken, "-o", folder + "/b.pdf", "--sidecar", folder + "/b.txt", "--no-feed"])
        #expect(failed.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/b.txt") && !FileManager.default.fileExists(atPath: folder + "/b.pdf"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["broken.png", "receipt.png"])
    }

    /// Each page of `pdf` rendered at 60 dpi, as PPM bytes.
    static func renderings(_ pdf: String) async throws -> [Data] {
        let folder = try Paths.temporaryDirectory()
        let run = try await Command.run("/usr/bin/pdftoppm", ["-r", "60", pdf, folder + "/page"])
        #expect(run.status == 0, "\(run.standardError)")
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map {
            try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))
        }
    }

    @Test("--optimize 1, the default, makes the PDF smaller and shows the same pages with the same text",
          arguments: ["image", "features"])
    func optimizedIsSmallerAndTheSame(input kind: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let input: String
        if kind == "image" {
            input = Self.receipt
        } else {
            try await TestDocuments.tool("/usr/bin/python3", [Paths.packageRoot + "/scripts/document_features.py", "make", folder, kind])
            input = folder + "/\(kind).pdf"
        }
        let plain = try await Command.filterocr(["ocr", input, "-o", folder + "/plain.pdf", "--optimize", "0", "--no-feed"])
        let optimized = try await Command.filterocr(["ocr", input, "-o", folder + "/optimized.pdf", "--no-feed"])
        #expect(plain.status == 0 && optimized.status == 0, "\(plain.standardError)\(optimized.standardError)")
        let sizes = try [folder + "/plain.pdf", folder + "/optimized.pdf"].map {
            try #require(try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int)
        }
        #expect(sizes[1] < sizes[0], "optimised \(sizes[1]) bytes against \(sizes[0])")
        let texts = [try await Self.text(folder + "/optimized.pdf"), try await Self.text(folder + "/plain.pdf")]
        #expect(texts[0] == texts[1])
        let renderings = try await Self.renderings(folder + "/optimized.pdf")
        let plainRenderings = try await Self.renderings(folder + "/plain.pdf")
        #expect(!renderings.isEmpty && renderings == plainRenderings, "every pixel shown the same")
        func images(_ pdf: String) async throws -> String {
            try await Command.run("/usr/bin/pdfimages", ["-list", pdf]).standardOutput
                .split(separator: "\n").map { $0.split(separator: " ").prefix(8).joined(separator: " ") }.joined(separator: "\n")
        }
        let listed = try await images(folder + "/optimized.pdf")
        let plainListed = try await images(folder + "/plain.pdf")
        #expect(listed == plainListed, "the same images, sizes and colours")
        let check = try await Command.run("/usr/bin/qpdf", ["--check", folder + "/optimized.pdf"])
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test("--optimize takes 0 or 1: OCRmyPDF's lossy levels and other words are refused in one line, as is a text format's")
    func optimizeRefusals() async throws {
        for level in ["2", "3", "fast"] {
            let run = try await Command.filterocr(["ocr", Self.receipt, "-o", "/nonexistent/x.pdf", "--optimize", level, "--no-feed"])
            #expect(run.status == 2 && run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
            #expect(run.standardError.contains("--optimize"))
        }
        let text = try await Command.filterocr(["ocr", Self.receipt, "--format", "hocr", "--optimize", "1", "--no-feed"])
        #expect(text.status == 2 && text.standardError.contains("--optimize is for --format pdf"))
    }
}
